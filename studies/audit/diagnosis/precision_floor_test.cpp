// The round-off floors (precision_floor.hpp) against known answers: levels
// made by rounding to float and to double, and negative controls.
#include "studies/audit/diagnosis/precision_floor.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace sweepcheck {
namespace {

// The distance to the unit circle, scaled by r, of points on it rounded to
// float (or to double from long double): the violation a float state leaves
// after each projection, the largest over `count` points.
template <class Round>
double largest_rounding_off_circle(double r, int count, Round round) {
  double worst = 0;
  for (int k = 0; k < count; ++k) {
    const long double a = 0.1L + 6.0L * k / count;
    const long double x = r * std::cos(a), y = r * std::sin(a);
    const long double xr = round(x), yr = round(y);
    worst = std::max(worst, double(std::abs(std::sqrt(xr * xr + yr * yr) - r)));
  }
  return worst;
}

TEST(PrecisionFloor, AStateRoundedToFloatIsSinglePrecisionRoundOffWithAFactorBelowOneHalf) {
  for (double r : {0.3, 1.0, 2.4, 70.0}) {
    const double level = largest_rounding_off_circle(r, 1000, [](long double v) { return (long double)(float)v; });
    const auto p = classify_floor(level, r);
    EXPECT_EQ(p.kind, FloorKind::single_roundoff) << "r = " << r << ", level " << level;
    EXPECT_LE(p.factor, 0.5 + 1e-12);     // u ‖x‖ = ε_f ‖x‖ / 2 at most
    EXPECT_GE(p.factor, 1 / kFloorBelow);  // and not far below it over 1000 points
  }
}

TEST(PrecisionFloor, AStateRoundedToDoubleIsDoubleRoundOffNotSingle) {
  const double level = largest_rounding_off_circle(2.4, 1000, [](long double v) { return (long double)(double)v; });
  if (level == 0) GTEST_SKIP() << "long double is double here: no rounding to measure";
  const auto p = classify_floor(level, 2.4);
  EXPECT_EQ(p.kind, FloorKind::double_roundoff) << level;
}

TEST(PrecisionFloor, TheMeasuredFloatStateViolationsOfIssue47AreSingleRoundOff) {
  // examples/wrong_float_state.cpp on the translating ball (‖x‖ about 2.4,
  // violation 1.17e-7) and the sliding case d = 5 (2.9e-8, ‖x‖ about 1).
  EXPECT_EQ(classify_floor(1.17e-7, 2.4).kind, FloorKind::single_roundoff);
  EXPECT_NEAR(classify_floor(1.17e-7, 2.4).factor, 0.41, 0.01);
  EXPECT_EQ(classify_floor(2.9e-8, 1).kind, FloorKind::single_roundoff);
}

TEST(PrecisionFloor, ARealSlackIsAboveBothFloorsAndATinyOneIsBetweenThem) {
  EXPECT_EQ(classify_floor(1e-3, 1).kind, FloorKind::above);   // a slack of 1e-3
  EXPECT_EQ(classify_floor(1e-3, 10).kind, FloorKind::above);
  EXPECT_EQ(classify_floor(2e-5, 1).kind, FloorKind::above);   // 168 ε_f: far above a float step's few roundings
  EXPECT_EQ(classify_floor(1e-11, 1).kind, FloorKind::between);  // a tolerance of 1e-11: neither precision
  EXPECT_EQ(classify_floor(1e-15, 1).kind, FloorKind::double_roundoff);
  EXPECT_EQ(classify_floor(0, 1).kind, FloorKind::double_roundoff);
  EXPECT_EQ(classify_floor(std::nan(""), 1).kind, FloorKind::above);
}

TEST(PrecisionFloor, TheBandsEdgesAreTheDerivedFactors) {
  const double s = 3;
  EXPECT_EQ(classify_floor(kFloorAbove * kEpsSingle * s * 0.99, s).kind, FloorKind::single_roundoff);
  EXPECT_EQ(classify_floor(kFloorAbove * kEpsSingle * s * 1.01, s).kind, FloorKind::above);
  EXPECT_EQ(classify_floor(kEpsSingle * s / kFloorBelow * 1.01, s).kind, FloorKind::single_roundoff);
  EXPECT_EQ(classify_floor(kEpsSingle * s / kFloorBelow * 0.99, s).kind, FloorKind::between);
}

TEST(PrecisionFloor, AnAccumulatedLevelIsReadAgainstStepsRoundingsAndAmbiguousWhereTheBandsMeet) {
  // 1e-4 after 1e4 roundings of a unit state: 0.084 ε_f ‖x‖ n, single.
  const auto p = classify_floor(1e-4, 1, 10000);
  EXPECT_EQ(p.kind, FloorKind::single_roundoff);
  EXPECT_NEAR(p.factor, 1e-4 / (kEpsSingle * 1e4), 1e-12);
  // The same level settled (steps 1) is a slack, far above one rounding.
  EXPECT_EQ(classify_floor(1e-4, 1, 1).kind, FloorKind::above);
  // 2^21 roundings: 8 ε_d n = 3.7e-9 reaches ε_f / 64 = 1.9e-9: cannot tell.
  EXPECT_EQ(classify_floor(3e-9, 1, std::int64_t(1) << 21).kind, FloorKind::ambiguous);
  EXPECT_EQ(classify_floor(3e-9, 1, 1000).kind, FloorKind::single_roundoff);
}

}  // namespace
}  // namespace sweepcheck
