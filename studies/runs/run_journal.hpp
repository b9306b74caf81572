#pragma once
// The run journal: each finished run's row, appended to a file in the output
// folder as soon as the run finishes, so a study that is killed keeps its
// finished runs and `--resume` continues it, skipping them (issue 14). Rows
// are keyed by (problem, parameters, scheme, steps) and stored bit-exactly
// (studies/runs/run_row_text.hpp): a resumed study's results equal an
// uninterrupted one's, except the wall_seconds a run took, which stays the
// time measured when it ran.
//
// The first line records the configuration the study was run with; resuming
// with another one is refused (its rows would answer other questions).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// Whether a run that ended with `s` is recorded for --resume: it ran to an
// answer as a program (ok, or a numerical verdict such as diverged). A fault
// of the scheme's, a problem fault or a run not started is not: a resumed
// study or audit tries it again and names its fault again.
inline bool journaled(RunStatus s) {
  return !is_fault(s) && s != RunStatus::problem_fault && s != RunStatus::not_run;
}

class RunJournal {
 public:
  // Opens `file`. resume = false: a new journal (an existing one is
  // replaced). resume = true: the rows of an existing journal are loaded (a
  // line torn by a kill is dropped); throws std::invalid_argument when its
  // configuration differs from `config` or the file is not a journal. A
  // missing journal under resume starts a new one.
  RunJournal(std::filesystem::path file, std::string config, bool resume);
  ~RunJournal();
  RunJournal(const RunJournal&) = delete;
  RunJournal& operator=(const RunJournal&) = delete;

  std::optional<RunRow> find(const std::string& problem, const std::string& parameters, const std::string& scheme,
                             std::int64_t steps) const;
  // Appends the row (one write(2) of one line; thread-safe).
  void record(const RunRow& row);
  // The same with bytes the row alone does not hold (a run's samples, in the
  // run codec: studies/runs/run_codec.hpp), written hex-encoded on a line of
  // their own ("\P<tab>hex", a start no row line has) in the same write(2).
  void record(const RunRow& row, const std::string& payload);
  // The row and its payload, when both were recorded (a row whose payload
  // line was torn by a kill is not found here).
  std::optional<std::pair<RunRow, std::string>> find_with_payload(const std::string& problem,
                                                                  const std::string& parameters,
                                                                  const std::string& scheme, std::int64_t steps) const;
  std::size_t loaded() const { return loaded_; }  // rows found when resuming
  const std::filesystem::path& file() const { return file_; }
  // Deletes the journal (its rows are in the published results).
  void remove();

 private:
  using Key = std::tuple<std::string, std::string, std::string, std::int64_t>;
  std::filesystem::path file_;
  int fd_ = -1;
  std::map<Key, RunRow> rows_;
  std::map<Key, std::string> payloads_;
  std::size_t loaded_ = 0;
  std::size_t recorded_ = 0;
  long long kill_after_ = -1;  // test-only hook, see run_journal.cpp
  mutable std::mutex mutex_;
};

// The hook of a study runner: the journal's row for this run when there is
// one, else run() recorded in the journal. journal may be null (no journal).
// A row found serves only when it was measured over the phases `phases`
// spends on it (measured_as, studies/engine/grid_phases.hpp).
RunRow journaled(RunJournal* journal, const std::string& problem, const std::string& parameters,
                 const std::string& scheme, std::int64_t steps, const std::function<RunRow()>& run,
                 const GridPhases& phases = GridPhases::none());

}  // namespace sweepcheck
