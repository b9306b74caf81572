#include "studies/reference_cache.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "solvers/atomic_file.hpp"

#ifndef SWEEPCHECK_DEFAULT_CACHE
#define SWEEPCHECK_DEFAULT_CACHE ".cache/references"
#endif

namespace sweepcheck {

namespace {
constexpr const char* kMagic = "# sweepcheck reference v1";
}

std::filesystem::path reference_cache_folder() {
  if (const char* env = std::getenv("SWEEPCHECK_CACHE"); env != nullptr && *env != '\0') return env;
  return SWEEPCHECK_DEFAULT_CACHE;
}

std::uint64_t fnv1a64(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::filesystem::path reference_cache_file(const std::string& key) {
  return reference_cache_folder() / fmt::format("ref-{:016x}.csv", fnv1a64(key));
}

std::optional<SampledReference<double>> load_reference(const std::string& key) {
  std::ifstream in(reference_cache_file(key));
  if (!in) return std::nullopt;
  std::string line;
  if (!std::getline(in, line) || line != kMagic) return std::nullopt;
  if (!std::getline(in, line) || line != "# key: " + key) return std::nullopt;
  SampledReference<double> ref;
  std::size_t width = 0;
  while (std::getline(in, line)) {
    std::vector<double> v;
    std::stringstream s(line);
    std::string cell;
    while (std::getline(s, cell, ',')) {
      try {
        std::size_t used = 0;
        v.push_back(std::stod(cell, &used));
        if (used != cell.size()) return std::nullopt;
      } catch (const std::exception&) {
        return std::nullopt;
      }
    }
    if (v.size() < 2 || (width != 0 && v.size() != width)) return std::nullopt;
    width = v.size();
    ref.times.push_back(v[0]);
    ref.states.push_back(Eigen::Map<const Vec<double>>(v.data() + 1, static_cast<Eigen::Index>(v.size() - 1)));
  }
  try {
    ref.validate();
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return ref;
}

void store_reference(const std::string& key, const SampledReference<double>& ref) {
  ref.validate();
  std::string out = std::string(kMagic) + "\n# key: " + key + "\n";
  for (std::size_t i = 0; i < ref.times.size(); ++i) {
    out += fmt::format("{:.17g}", ref.times[i]);
    for (Eigen::Index k = 0; k < ref.states[i].size(); ++k) out += fmt::format(",{:.17g}", ref.states[i][k]);
    out += "\n";
  }
  write_file_atomically(reference_cache_file(key), out);
}

CachedReference cached_reference(const std::string& key, const std::function<SampledReference<double>()>& compute) {
  CachedReference r;
  r.file = reference_cache_file(key);
  if (auto loaded = load_reference(key)) {
    r.reference = std::move(*loaded);
    r.from_cache = true;
    return r;
  }
  r.reference = compute();
  store_reference(key, r.reference);
  return r;
}

}  // namespace sweepcheck
