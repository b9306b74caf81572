#pragma once
// One documented folder for cached reference solutions (reference_cache_folder):
//   1. $SWEEPCHECK_CACHE if set and not empty;
//   2. a program running from its build tree: <source tree>/.cache/references
//      (what ci/report.sh and the tests have always used);
//   3. an installed program: $XDG_CACHE_HOME/sweepcheck, else
//      $HOME/.cache/sweepcheck (XDG Base Directory spec), so an installed
//      binary never writes into (or depends on) the clone it was built from.
//
// An entry is keyed by a string naming every parameter that changes the
// result (problem, reference scheme and its tolerances, step count, sample
// times, format version); the file name is ref-<FNV-1a 64 of the key>.v2.csv.
// Files are written atomically (solvers/core/atomic_file.hpp), so concurrent
// writers of one entry each publish a whole file and the last one wins.
//
// Format v2 (everything a reader needs to check the file on its own):
//   # sweepcheck reference v2
//   # key: <key>
//   # check: rows=<M> columns=<n+1> t_first=<t_0> t_last=<t_M-1> fnv1a64=<16 hex digits>
//   t, x_1, ..., x_n          (M lines, 17 significant digits: exact for double)
// fnv1a64 is the FNV-1a 64 hash of the data lines exactly as stored (each with
// its '\n'). A file is used only if: the header and key match, every cell is a
// finite number written in full, every row has the stated width, there are
// exactly `rows` rows, times increase strictly from t_first to t_last, the
// hash matches, and the caller's expectation (rows, state dimension, time
// span) holds. Anything else — a dropped row, an `inf`, one changed digit, a
// truncated file, a v1 file — is reported on stderr with its path, renamed to
// <file>.corrupt-<UTC timestamp> and recomputed.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <string>

#include "sweepcheck/studies/engine/fnv1a.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"

namespace sweepcheck {

std::filesystem::path reference_cache_folder();
// The rule above from its inputs (the three variables, and whether the
// running program lies in the build tree), for tests.
std::filesystem::path choose_cache_folder(const char* sweepcheck_cache, bool in_build_tree, const char* xdg_cache_home,
                                          const char* home);
// fnv1a64: studies/engine/fnv1a.hpp
std::filesystem::path reference_cache_file(const std::string& key);
std::filesystem::path reference_cache_file(const std::filesystem::path& folder, const std::string& key);

// What the caller knows the reference must look like (0 / NaN: not checked).
struct ReferenceExpectation {
  std::size_t rows = 0;
  Eigen::Index dimension = 0;  // state size n (row width n + 1)
  double t_first = std::numeric_limits<double>::quiet_NaN();
  double t_last = std::numeric_limits<double>::quiet_NaN();
};

// The file's content as text (format v2 above).
std::string serialize_reference(const std::string& key, const SampledReference<double>& ref);

// Parses and checks `text` for `key`; on failure `reason` says what did not
// check out (never throws on any input: the fuzz target relies on it).
struct ParsedReference {
  std::optional<SampledReference<double>> reference;
  std::string reason;  // empty when reference is set
};
ParsedReference parse_reference(const std::string& text, const std::string& key, const ReferenceExpectation& expect = {});

struct CachedReference {
  SampledReference<double> reference;
  bool from_cache = false;
  std::filesystem::path file;
  // Set when a cache file was found and rejected: why, and where it was moved.
  std::string rejected;
  // Set when the computed reference could not be written to the cache (an
  // unwritable or full folder): why. The reference is used all the same.
  std::string not_saved;
};

// Loads the entry of `key` from `folder` if it checks out; otherwise computes
// it with `compute`, stores it (a failed store is a warning on stderr and
// `not_saved`, never an error), and (when a bad file was found — a FIFO or
// any other non-regular file included, never opened for a blocking read)
// reports it on stderr and moves it aside. compute()'s result is checked against `expect`
// too: a harness bug must not be cached.
CachedReference cached_reference(const std::filesystem::path& folder, const std::string& key,
                                 const ReferenceExpectation& expect,
                                 const std::function<SampledReference<double>()>& compute);
// The same in reference_cache_folder().
CachedReference cached_reference(const std::string& key, const ReferenceExpectation& expect,
                                 const std::function<SampledReference<double>()>& compute);

}  // namespace sweepcheck
