#include "properties/seed001_properties.hpp"

#include "properties/property_expectations.hpp"

namespace sweepcheck {
namespace {

TEST(Seed001Properties, Proposition36HoldsForFeasibleDiskPackings) {
  const auto o = check_seed001_prop_3_6(test_config());
  expect_holds(o);
  // The observed constant is the largest d / |q − q~|²; it cannot exceed M/(2α).
  EXPECT_LE(o.observed_constant, o.theoretical_constant * (1 + 1e-12));
  EXPECT_GT(o.observed_constant, 0.0);
}

TEST(Seed001Properties, Proposition36FailsWhenTheLinearisationPointLeavesU) {
  expect_fails(check_seed001_prop_3_6_outside_u(test_config()));
}

TEST(Seed001Properties, Theorem49HoldsWithTheLocallyMeasuredGamma) { expect_holds(check_seed001_theorem_4_9(test_config())); }

TEST(Seed001Properties, Theorem49FailsWithoutTheQualificationCondition) {
  expect_fails(check_seed001_theorem_4_9_unqualified(test_config()));
}

}  // namespace
}  // namespace sweepcheck
