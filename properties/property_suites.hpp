#pragma once
// Every property suite and negative control, in report order.
#include <functional>
#include <string>
#include <vector>

#include "properties/property_outcome.hpp"

namespace sweepcheck {

struct PropertySuite {
  std::string id;
  bool expect_failure;  // a negative control
  std::function<PropertyOutcome(const PropertyConfig&)> run;
};

const std::vector<PropertySuite>& property_suites();

// Whether an outcome is what its suite expects (holds, or fails for a control).
bool as_expected(const PropertySuite& suite, const PropertyOutcome& outcome);

}  // namespace sweepcheck
