// The exact solutions of analytic/moving_sets.hpp checked against the
// inclusion x' ∈ f(t, x) − N(S(t), x) itself, in 50 digits (Float50): at
// sample times, x(t) ∈ S(t) and the right derivative (a forward difference
// with δ = 1e-20) satisfies the inclusion (analytic/inclusion_residual.hpp),
// and x is Lipschitz. A Lipschitz, feasible x with x(0) = x0 satisfying the
// inclusion a.e. is THE solution (uniqueness: Moreau for convex S(t), Edmond &
// Thibault 2005 for prox-regular S(t)), so this tests the formulas
// independently of their derivation (moving_sets.md). Each family also
// checks that contact and free phases both occur (the test is not vacuous)
// and that a wrong solution (time frozen at 0) is rejected (it can fail).
#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>
#include <functional>

#include "sweepcheck/analytic/inclusion_residual.hpp"
#include "sweepcheck/analytic/moving_sets.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"

namespace sweepcheck {
namespace {

using F = Float50;
const F kDelta("1e-20");      // forward-difference step
const F kMovingSetActiveTol("1e-25");  // |g| below this: active (the formulas hold to ~1e-48)
constexpr double kMovingSetResidualTol = 1e-15;

struct Scan {
  double worst_infeasibility = 0, worst_residual = 0, worst_lipschitz = 0;
  int active = 0, free = 0;
};

// Samples on a grid offset from the problems' round event times.
template <class P>
Scan scan(const P& p, const std::function<Vec<F>(const F&)>& x_of, int samples) {
  Scan s;
  Vec<F> prev = x_of(F(0));
  F t_prev(0);
  for (int i = 1; i <= samples; ++i) {
    const F t = p.t_end() * (F(i) - F("0.3183")) / F(samples);
    const Vec<F> x = x_of(t);
    const Vec<F> v = (x_of(t + kDelta) - x) / kDelta;
    const auto r = inclusion_residual(p.constraints(), t, x, p.f(t, x), v, kMovingSetActiveTol);
    s.worst_infeasibility = std::max(s.worst_infeasibility, static_cast<double>(r.infeasibility));
    s.worst_residual = std::max(s.worst_residual, static_cast<double>(r.cone_residual));
    s.worst_lipschitz = std::max(s.worst_lipschitz, static_cast<double>((x - prev).norm() / (t - t_prev)));
    (r.active > 0 ? s.active : s.free)++;
    prev = x;
    t_prev = t;
  }
  return s;
}

template <class P>
void expect_exact(const P& p, double lipschitz_bound) {
  EXPECT_LT(static_cast<double>((p.exact(F(0)) - p.x0()).norm()), 1e-45);  // x(0) = x0 to 50 digits
  const Scan s = scan(p, [&](const F& t) { return p.exact(t); }, 1500);
  EXPECT_LT(s.worst_infeasibility, kMovingSetResidualTol);
  EXPECT_LT(s.worst_residual, kMovingSetResidualTol);
  EXPECT_LT(s.worst_lipschitz, lipschitz_bound);
  EXPECT_GT(s.active, 50) << "no contact phase: the test would be vacuous";
  EXPECT_GT(s.free, 50) << "no free phase";
}

// The same formulas with time frozen at 0 in the set (what a scheme that
// freezes time converges to): must be rejected.
template <class P>
void expect_frozen_rejected(const P& p, const std::function<Vec<F>(const F&)>& frozen) {
  const Scan s = scan(p, frozen, 300);
  EXPECT_GT(std::max(s.worst_infeasibility, s.worst_residual), 1e-2);
}

TEST(MovingHalfPlane, OscillatingWallWithTangentialFieldSatisfiesTheInclusion) {
  MovingHalfPlane<F> p(
      {.A = 0.5, .omega = 2 * boost::math::constants::pi<double>(), .g = 1, .a = 0, .u = 1, .b = 0, .kappa = 1});
  expect_exact(p, 1 + 0.5 * 6.3 + 1);
  // Frozen wall (A = 0 at every t): the point falls through the rising wall.
  MovingHalfPlane<F> frozen({.A = 0, .omega = 2 * boost::math::constants::pi<double>(), .g = 1, .u = 1});
  expect_frozen_rejected(p, [&](const F& t) { return frozen.exact(t); });
}

TEST(MovingHalfPlane, TimeDependentFieldOnAStaticWallSatisfiesTheInclusion) {
  const double w = 2 * boost::math::constants::pi<double>();
  MovingHalfPlane<F> p({.A = 0, .omega = w, .g = 1, .a = 0.5 * w, .u = 0.5, .b = 1});
  expect_exact(p, 1 + 0.5 * w + 1.5);
}

TEST(MovingHalfPlane, WallAndFieldBothMovingSatisfyTheInclusion) {
  MovingHalfPlane<F> p(
      {.A = 0.3, .omega = 5, .g = 0.5, .a = -0.7, .u = 0, .b = 0.4, .x1 = 1, .x2 = 0.2, .t_end = 4, .kappa = 0.7});
  expect_exact(p, 0.5 + 0.7 + 1.5 + 0.4 + 1);
}

TEST(MovingHalfPlane, RunningMaxAgreesWithADenseSearch) {
  // φ's running maximum (the only non-elementary part) against brute force.
  MovingHalfPlane<double> p({.A = 0.4, .omega = 3, .g = 0.6, .a = 0.3});
  const double B = 0.4 + 0.3 / 3;
  double m = 0;
  for (int i = 0; i <= 200000; ++i) {
    const double s = 2.5 * i / 200000.0;
    m = std::max(m, B * std::sin(3 * s) + 0.6 * s);
    if (i % 10000 == 0) {
      EXPECT_NEAR(p.running_max(s), m, 1e-9) << "t = " << s;
    }
  }
}

TEST(DraggedInBall, PointIsDraggedAlongATractrix) {
  DraggedInBall<F> p;  // v = R = 1, y0 = 0.8
  expect_exact(p, 1.0 + 1e-12);
  DraggedInBall<F> q({.v = 2, .R = 0.5, .y0 = -0.2, .t_end = 2});
  expect_exact(q, 2.0 + 1e-12);
  DraggedInBall<F> r({.v = 1, .R = 1, .y0 = 0.8, .t_end = 2.4, .c0 = 0.6});  // the audit's: in contact from t = 0
  EXPECT_LT(static_cast<double>(r.contact_time()), 1e-15);
  const Scan sr = scan(r, [&](const F& t) { return r.exact(t); }, 600);
  EXPECT_LT(std::max(sr.worst_infeasibility, sr.worst_residual), kMovingSetResidualTol);
  EXPECT_EQ(sr.free, 0);
  // Frozen ball: the point never moves; it leaves S(t) once the ball passes.
  expect_frozen_rejected(p, [&](const F&) { return p.x0(); });
}

TEST(PushedByObstacle, PointIsPushedAroundAMovingDiskUntilItSlidesOff) {
  PushedByObstacle<F> p;  // v = R = 1, θ0 = π/6
  expect_exact(p, 1.0 + 1e-12);
  PushedByObstacle<F> q({.v = 0.5, .R = 2, .theta0 = 0.2, .t_end = 14});  // t* = 9.2
  expect_exact(q, 0.5 + 1e-12);
  expect_frozen_rejected(p, [&](const F&) { return p.x0(); });
}

TEST(MovingSets, OptionsNameTheBadField) {
  EXPECT_THROW(MovingHalfPlane<double>({.omega = 0}), std::invalid_argument);
  EXPECT_THROW(MovingHalfPlane<double>({.x2 = -1}), std::invalid_argument);
  EXPECT_THROW(DraggedInBall<double>({.y0 = 1}), std::invalid_argument);
  EXPECT_THROW(PushedByObstacle<double>({.theta0 = 2}), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
