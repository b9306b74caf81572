#include "properties/seed000_properties.hpp"

#include "properties/property_expectations.hpp"

namespace sweepcheck {
namespace {

TEST(Seed000Properties, Lemma32BoundsHoldNearS) { expect_holds(check_seed000_lemma_3_2(test_config())); }
TEST(Seed000Properties, Lemma32UniquenessConditionFailsFarFromS) { expect_fails(check_seed000_lemma_3_2_far(test_config())); }

TEST(Seed000Properties, Lemma33SingleProjectionErrorBoundHolds) { expect_holds(check_seed000_lemma_3_3(test_config())); }
TEST(Seed000Properties, Lemma33FailsWithAnOverclaimedProxRegularityConstant) {
  expect_fails(check_seed000_lemma_3_3_overclaimed_eta(test_config()));
}

TEST(Seed000Properties, Theorem35OneSweepContractsTheProjectionError) {
  const auto o = check_seed000_theorem_3_5(test_config());
  expect_holds(o);
  EXPECT_LT(o.observed_constant, 0.99);  // the observed L_P
}
TEST(Seed000Properties, Theorem35FailsForTangentBalls) { expect_fails(check_seed000_theorem_3_5_tangent(test_config())); }

TEST(Seed000Properties, HypomonotonicityOfProximalNormalsHolds) { expect_holds(check_seed000_hypomonotonicity(test_config())); }
TEST(Seed000Properties, HypomonotonicityFailsWithAnOverclaimedConstant) {
  expect_fails(check_seed000_hypomonotonicity_overclaimed_eta(test_config()));
}

TEST(Seed000Properties, LemmaB1CalmnessHoldsForDisksWithSmallOverlaps) {
  const auto o = check_seed000_calmness_lemma_b1(test_config());
  expect_holds(o);
  EXPECT_GE(o.observed_constant, o.theoretical_constant);
}
TEST(Seed000Properties, CalmnessFailsForTangentBalls) { expect_fails(check_seed000_calmness_tangent(test_config())); }

TEST(Seed000Properties, PbdKeepsTheViolationOfOrderHAndTheStepBounded) {
  expect_holds(check_seed000_pbd_stability(test_config()));
}
TEST(Seed000Properties, PbdStabilityFailsForTangentBalls) {
  expect_fails(check_seed000_pbd_stability_tangent(test_config()));
}

}  // namespace
}  // namespace sweepcheck
