#pragma once
// What every property test asserts about an outcome: the suite ran its cases,
// enough of them inside the assumption region to be meaningful, and no
// violation survived the multiprecision re-check; a negative control must
// produce confirmed violations.
#include <gtest/gtest.h>

#include "properties/property_outcome.hpp"

namespace sweepcheck {

inline PropertyConfig test_config() {
  PropertyConfig c;
  c.cases = 200;
  return c;
}

// At least this share of the cases must fall in the assumption region,
// otherwise a pass would say little.
constexpr double kMinInRegionShare = 0.2;

inline void expect_holds(const PropertyOutcome& o) {
  EXPECT_TRUE(o.passed) << o.id << ":\n" << o.counterexample;
  EXPECT_EQ(o.failures, 0) << o.id;
  EXPECT_GE(o.cases, 200) << o.id;
  EXPECT_GE(o.in_region, kMinInRegionShare * o.cases) << o.id << ": only " << o.in_region << " of " << o.cases
                                                     << " cases in the assumption region";
  EXPECT_LE(o.worst_ratio, 1.0 + 1e-12) << o.id;
}

inline void expect_fails(const PropertyOutcome& o) {
  EXPECT_TRUE(o.negative_control);
  EXPECT_FALSE(o.passed) << o.id << " was expected to fail on inputs outside the theorem's assumptions";
  EXPECT_GT(o.failures, 0) << o.id;
  EXPECT_GT(o.in_region, 0) << o.id << ": a control that never reaches its region proves nothing";
  EXPECT_FALSE(o.counterexample.empty()) << o.id;
}

}  // namespace sweepcheck
