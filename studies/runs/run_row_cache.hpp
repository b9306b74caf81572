#pragma once
// A cache of finished run rows across reports (issue 26): a warm
// `sweepcheck report` takes the rows of the studies' runs (the ladders and
// their refined rungs) from here instead of running them again, so its time
// does not grow with the number of runs. One file per configuration in the
// reference cache folder (README, "Caches"):
//
//   rows-<fnv1a64 of the key>.v2.tsv  (v2: the rows carry field evaluations;
//                                       a v1 file is never read)
//   line 1: "sweepcheck run-row cache v2\t<key, escaped>"
//   one line per row (studies/runs/run_row_text.hpp: bit-exact)
//   last line: "# check: rows=<M> fnv1a64=<hash of the row lines as stored>"
//
// The key holds every parameter that changes a row besides the row's own
// (problem, parameters, scheme label, steps): the study, the points per step
// and integrate options, the reference's content hash, and the identity of
// the program (the FNV-1a of its executable), so a rebuilt program never
// takes rows its predecessor computed. A file whose header, count or checksum
// does not match is reported on stderr, moved to <file>.corrupt-<UTC time>
// and the cache starts empty. Written atomically (a rename) by save().
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

class RunRowCache {
 public:
  // Loads the file for `key` in `folder` if there is a valid one.
  RunRowCache(std::filesystem::path folder, std::string key);

  std::optional<RunRow> find(const std::string& problem, const std::string& parameters, const std::string& scheme,
                             std::int64_t steps) const;
  void add(const RunRow& row);  // in memory until save(); thread-safe
  // Publishes the rows (loaded and added) when any was added.
  void save();

  std::size_t loaded() const { return loaded_; }
  const std::filesystem::path& file() const { return file_; }

 private:
  using Key = std::tuple<std::string, std::string, std::string, std::int64_t>;
  std::filesystem::path file_;
  std::string key_;
  std::map<Key, RunRow> rows_;
  std::size_t loaded_ = 0;
  bool added_ = false;
  mutable std::mutex mutex_;
};

// The text of a cache file for `key` holding `rows` (for tests), and its check.
std::string serialize_row_cache(const std::string& key, const std::map<std::tuple<std::string, std::string, std::string, std::int64_t>, RunRow>& rows);

// FNV-1a 64 of this program's executable (/proc/self/exe), computed once;
// "unknown" is never returned: without it the caller must not cache.
std::optional<std::uint64_t> program_identity();

}  // namespace sweepcheck
