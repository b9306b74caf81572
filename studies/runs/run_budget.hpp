#pragma once
// The time an audit gives an untrusted scheme (issue 26): how long one
// isolated run may take, and when the audit stops starting runs of a plugin
// that hangs or crashes on every run. Rules and reasons: studies/audit/audit.md,
// "Time limits and the hang budget".
//
// Thread-safe: the audit's threads start and finish runs concurrently. Each
// process keeps its own budget (under mpirun, each rank its own).
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "sweepcheck/studies/engine/run_status.hpp"

namespace sweepcheck {

struct RunBudgetOptions {
  // A fixed limit in seconds for every run (--run-timeout); 0: the rules below.
  double fixed_limit = 0;
  // Size rule, for a run with nothing measured to go by:
  // size_base + size_per_evaluation · steps · (constraints + 1).
  double size_base = 30;
  double size_per_evaluation = 2e-5;
  // Measured rule: measured_factor × the time per step of the plugin's
  // largest finished run on the same problem × steps, at least measured_floor.
  double measured_factor = 20;
  double measured_floor = 10;
  // Runs that timed out after which no further run of the plugin is started.
  int max_timeouts = 2;
  // Runs that crashed or threw, with none of the plugin's runs finished, after
  // which no further run of the plugin is started ("crashes on every run").
  int max_crashes = 3;

  void validate() const;
};

class RunBudget {
 public:
  explicit RunBudget(RunBudgetOptions o);

  // The limit of a run of `steps` steps on problem `problem` (an index) with
  // `constraints` constraints; at most kMaxRunTimeoutSeconds.
  double time_limit(std::size_t problem, std::int64_t steps, int constraints) const;

  // Record how a started run ended; `seconds`: its host-side wall time.
  void record(std::size_t problem, std::int64_t steps, int constraints, RunStatus status, double seconds);

  // Why no further run may start ("the plugin hangs: ..."), or nothing.
  std::optional<std::string> refusal() const;

 private:
  struct Measured {
    std::int64_t steps = 0;
    double seconds = 0;
  };
  double unclamped_limit(std::size_t problem, std::int64_t steps, int constraints) const;
  RunBudgetOptions o_;
  mutable std::mutex mutex_;
  std::map<std::size_t, Measured> largest_;  // per problem: the finished run with the most steps
  double per_unit_ = 0;  // the largest seconds / (steps · (constraints + 1)) of any finished run
  int timeouts_ = 0, crashes_ = 0, finished_ = 0, measured_ = 0;
};

}  // namespace sweepcheck
