// HalfSpace's constructors in the user's words (solvers/sets/half_space.hpp)
// against the stored convention S = { x : <a, x> >= b }, a pointing into the set.
#include <gtest/gtest.h>

#include <cmath>

#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {
namespace {

Vec<double> hv(double a, double b) { return (Vec<double>(2) << a, b).finished(); }

TEST(HalfSpaceInTheUsersWords, BelowALevelKeepsThePointsUnderItAndStoresTheInwardNormal) {
  const HalfSpace<double> h = HalfSpace<double>::below(0, 1.5).in(2);
  EXPECT_EQ(h.a, hv(-1, 0));  // the convention the issue had to work out by hand: a = (-1, 0), b = -1.5
  EXPECT_EQ(h.b, -1.5);
  EXPECT_EQ(h.distance(0, hv(1.4, 7)), 0);
  EXPECT_DOUBLE_EQ(h.distance(0, hv(2.0, -3)), 0.5);
  Vec<double> x = hv(2.0, 1.0);
  EXPECT_TRUE(h.project(0, x));
  EXPECT_EQ(x, hv(1.5, 1.0));
}

TEST(HalfSpaceInTheUsersWords, AboveALevelKeepsThePointsOverIt) {
  const HalfSpace<double> h = HalfSpace<double>::above(1, -0.25).in(2);
  EXPECT_EQ(h.distance(0, hv(5, 0)), 0);
  EXPECT_DOUBLE_EQ(h.distance(0, hv(5, -1)), 0.75);
}

TEST(HalfSpaceInTheUsersWords, ThroughAPointWithAnOutwardNormalKeepsTheSideItPointsAwayFrom) {
  // The plane x + y = 2 through (1, 1), normal (1, 1) pointing out: the set is x + y <= 2.
  const auto h = HalfSpace<double>::through(hv(1, 1), hv(1, 1));
  EXPECT_EQ(h.distance(0, hv(0, 0)), 0);
  EXPECT_NEAR(h.distance(0, hv(2, 2)), std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(h.value(0, hv(1, 1)), 0, 1e-15);
  EXPECT_THROW(HalfSpace<double>::through(hv(1, 1), Vec<double>::Ones(3)), std::invalid_argument);
}

TEST(HalfSpaceInTheUsersWords, ACallableLevelMovesTheWallWithTime) {
  // x_0 <= 1.5 + 0.3 sin t, the wall, written as the user says it.
  const auto level = [](double t) { return 1.5 + 0.3 * std::sin(t); };
  const HalfSpace<double> h = HalfSpace<double>::below(0, level).in(2);
  for (const double t : {0.0, 0.7, 2.0, 4.5}) {
    EXPECT_NEAR(h.distance(t, hv(level(t) - 0.1, 3)), 0, 1e-15) << t;
    EXPECT_NEAR(h.distance(t, hv(level(t) + 0.2, 3)), 0.2, 1e-14) << t;
  }
  EXPECT_THROW(HalfSpace<double>::below(0, level).moving_with(Translation<double>::drift(hv(1, 0))),
               std::invalid_argument);
}

TEST(HalfSpaceInTheUsersWords, AShiftFromACallableTranslatesTheSet) {
  // x_1 >= 0 shifted by s(t) = (0, t^2): x_1 >= t^2; its rate by a central difference.
  const auto m = Translation<double>::following([](double t) { return hv(0, t * t); });
  const auto h = HalfSpace<double>::above(1, 0.0).in(2).moving_with(m);
  EXPECT_NEAR(h.distance(2.0, hv(0, 3.0)), 1.0, 1e-14);
  EXPECT_NEAR(m.rate(2.0, 2)[1], 4.0, 1e-6);
  EXPECT_TRUE(std::isnan(m.max_speed()));  // unknown for a user's path
  EXPECT_THROW(Translation<double>::following([](double) { return Vec<double>::Zero(3).eval(); }).shift(0, 2),
               std::invalid_argument);
}

TEST(HalfSpaceInTheUsersWords, AConstraintSetGivesTheBoundItsDimension) {
  ConstraintSet<double> s(3);
  s.add(HalfSpace<double>::below(2, 1.0));
  EXPECT_DOUBLE_EQ(s.max_violation(0, (Vec<double>(3) << 0, 0, 3).finished()), 2.0);
  EXPECT_THROW(HalfSpace<double>::below(3, 1.0).in(3), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
