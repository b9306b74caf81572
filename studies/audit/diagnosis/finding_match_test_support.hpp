#pragma once
// For the diagnosis's tests: whether a finding of the given kind (a defect
// or a note) contains `text`. One definition for every test of the unity
// batch (diagnosis, component evidence, laws, contact frame).
#include <string>
#include <vector>

#include "studies/audit/diagnosis/diagnosis.hpp"

namespace sweepcheck::test_support {

inline bool any_contains(const std::vector<Finding>& fs, const std::string& text, bool defect) {
  for (const auto& f : fs)
    if (f.defect == defect && f.text.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace sweepcheck::test_support
