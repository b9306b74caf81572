// The tie rule of two errors (studies/engine/error_tie.hpp) on known answers.
#include "sweepcheck/studies/engine/error_tie.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace sweepcheck {
namespace {

// The sliding case of seed 000's Fig. 8: D = 2 max|x| = 2.83.
constexpr double kSlidingScale = 2.83;

TEST(ErrorTie, TwoSaturatedErrorsAreTiedEvenWhenTheyDifferByMoreThanTheRatio) {
  // Both between D / 2 and D: as large as the solution itself.
  EXPECT_EQ(compare_errors({1.5}, {2.5}, kSlidingScale), ErrorOrder::tied);
  // The same numbers on a problem ten times larger are not saturated: 1.5 is below 2.5.
  EXPECT_EQ(compare_errors({1.5}, {2.5}, 28.3), ErrorOrder::below);
  EXPECT_EQ(compare_errors({2.5}, {1.5}, 28.3), ErrorOrder::above);
}

TEST(ErrorTie, AnErrorAboveTheScaleIsAnInstabilityNotATieWithASaturatedOne) {
  // PBD's saturated 1.56 against a blown-up penalty run's 1038 (issue 34's table).
  EXPECT_EQ(compare_errors({1.56}, {1038}, kSlidingScale), ErrorOrder::below);
  EXPECT_EQ(compare_errors({1.56}, {std::numeric_limits<double>::infinity()}, kSlidingScale), ErrorOrder::below);
  // One saturated, one small: not tied either.
  EXPECT_EQ(compare_errors({0.05}, {1.5}, kSlidingScale), ErrorOrder::below);
}

TEST(ErrorTie, ASixTenthsOfAPercentDifferenceIsTiedBelowTheTolerance) {
  // Away from saturation (D = 100), 1.006 / 1.0 is below 2^0.05 = 1.035.
  EXPECT_EQ(compare_errors({1.0}, {1.006}, 100), ErrorOrder::tied);
  EXPECT_EQ(compare_errors({1.006}, {1.0}, 100), ErrorOrder::tied);
  // Issue 34's saturated pair: PBD 1.5607 against the penalty γ = 10's 1.5494.
  EXPECT_EQ(compare_errors({1.5607}, {1.5494}, kSlidingScale), ErrorOrder::tied);
}

TEST(ErrorTie, AClearDifferenceIsNotATie) {
  EXPECT_EQ(compare_errors({0.05}, {0.1}, 100), ErrorOrder::below);  // 2x
  EXPECT_EQ(compare_errors({0.1}, {0.05}, 100), ErrorOrder::above);
  EXPECT_EQ(compare_errors({1.0}, {1.04}, 100), ErrorOrder::below);  // 4% > 3.5%
  // The ratio is 2^0.05: just inside and just outside.
  EXPECT_EQ(compare_errors({1.0}, {std::exp2(0.05) * (1 - 1e-9)}, 100), ErrorOrder::tied);
  EXPECT_EQ(compare_errors({1.0}, {std::exp2(0.05) * (1 + 1e-9)}, 100), ErrorOrder::below);
}

TEST(ErrorTie, ADifferenceWithinTheNoiseFloorsIsTied) {
  // 1e-3 against 1.1e-3 (10%): tied when the floors sum to more than 1e-4, not when they sum to less.
  EXPECT_EQ(compare_errors({1e-3, 6e-5}, {1.1e-3, 6e-5}, 100), ErrorOrder::tied);
  EXPECT_EQ(compare_errors({1e-3, 1e-5}, {1.1e-3, 1e-5}, 100), ErrorOrder::below);
}

TEST(ErrorTie, ANanErrorIsNeitherTiedNorBelow) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(compare_errors({nan}, {1.0}, 100), ErrorOrder::incomparable);
  EXPECT_EQ(compare_errors({1.0}, {nan}, 100), ErrorOrder::incomparable);
}

TEST(ErrorTie, CountsListBelowTiedAndAboveSeparately) {
  TieCount c;
  for (int i = 0; i < 40; ++i) c.add(ErrorOrder::below);
  for (int i = 0; i < 6; ++i) c.add(ErrorOrder::tied);
  for (int i = 0; i < 2; ++i) c.add(ErrorOrder::above);
  c.add(ErrorOrder::incomparable);  // not counted
  EXPECT_EQ(c.compared(), 48);
  EXPECT_EQ(c.describe("PBD below"), "PBD below at 40 of 48, tied at 6, above at 2");
}

TEST(ErrorTie, ABadRuleIsRefusedNamingTheField) {
  TieRule r;
  r.ratio = 0.9;
  EXPECT_THROW(r.validate(), std::invalid_argument);
  r = {};
  r.saturation = 0;
  EXPECT_THROW(r.validate(), std::invalid_argument);
  EXPECT_NO_THROW(TieRule{}.validate());
}

}  // namespace
}  // namespace sweepcheck
