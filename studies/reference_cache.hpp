#pragma once
// One documented folder for cached reference solutions:
//   $SWEEPCHECK_CACHE if set, else <source tree>/.cache/references.
// An entry is keyed by a string naming every parameter that changes the
// result (problem, reference scheme and its tolerances, step count, sample
// times, format version); the file name is ref-<FNV-1a 64 of the key>.csv and
// the key is stored inside and checked on reading, so a hash collision or a
// stale file is recomputed, never used. Files are written atomically.
//
// Format: line 1 "# sweepcheck reference v1", line 2 "# key: <key>", then one
// line per sample: t, x_1, ..., x_n with 17 significant digits (exact round
// trip for double).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "studies/sampled_reference.hpp"

namespace sweepcheck {

std::filesystem::path reference_cache_folder();
std::uint64_t fnv1a64(const std::string& text);
std::filesystem::path reference_cache_file(const std::string& key);

// The cached reference for `key`, or nothing (missing, unreadable, other key).
std::optional<SampledReference<double>> load_reference(const std::string& key);
void store_reference(const std::string& key, const SampledReference<double>& ref);

struct CachedReference {
  SampledReference<double> reference;
  bool from_cache = false;
  std::filesystem::path file;
};

// Loads, or computes with `compute` and stores.
CachedReference cached_reference(const std::string& key, const std::function<SampledReference<double>()>& compute);

}  // namespace sweepcheck
