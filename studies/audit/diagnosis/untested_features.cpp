// What a subset of the battery cannot test (untested_features.hpp).
#include "studies/audit/diagnosis/untested_features.hpp"

#include <algorithm>

namespace sweepcheck {

std::vector<std::string> untested_features(const std::map<std::string, std::vector<std::string>>& tags) {
  std::vector<std::string> out;
  for (const auto& f : kTheoryFeatures) {
    bool seen = false;
    for (const auto& [problem, t] : tags) seen = seen || std::find(t.begin(), t.end(), f.tag) != t.end();
    if (!seen) out.push_back(f.tag);
  }
  return out;
}

}  // namespace sweepcheck
