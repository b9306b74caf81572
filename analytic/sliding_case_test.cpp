#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>
#include <tuple>

#include "sweepcheck/analytic/inclusion_residual.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"

namespace sweepcheck {
namespace {

constexpr double kPi = boost::math::constants::pi<double>();
// Active-set detection and residual bound: the formulas are evaluated in
// double, so g_j on the sliding circle is zero up to a few ulps of R.
constexpr double kActiveTol = 1e-12;
constexpr double kResidualTol = 1e-10;

double max_residual_over_time(const SlidingCase<double>& p, int samples, int* sliding_samples = nullptr) {
  double worst = 0;
  int sliding = 0;
  for (int i = 0; i <= samples; ++i) {
    const double t = p.t_end() * i / samples;
    const Vec<double> x = p.exact(t);
    const auto r = inclusion_residual(p.constraints(), t, x, p.f(t, x), p.exact_velocity(t), kActiveTol);
    worst = std::max({worst, r.infeasibility, r.cone_residual});
    if (r.active > 0) ++sliding;
  }
  if (sliding_samples) *sliding_samples = sliding;
  return worst;
}

class SlidingCaseFamily : public ::testing::TestWithParam<std::tuple<int, double, double>> {};

TEST_P(SlidingCaseFamily, ExactSolutionSatisfiesTheInclusionThroughBothPhases) {
  const auto [d, C, alpha] = GetParam();
  SlidingCase<double> p({.d = d, .C = C, .alpha = alpha, .t_end = 0});
  int sliding = 0;
  EXPECT_LT(max_residual_over_time(p, 2000, &sliding), kResidualTol);
  // The sample really covers both phases (except α = π/2, which starts at the exit).
  if (alpha < kPi / 2) {
    EXPECT_GT(sliding, 100);
  }
  EXPECT_LT(sliding, 2001);
}

TEST_P(SlidingCaseFamily, StartsAtTheStatedPointAndIsContinuouslyDifferentiableAtTheExit) {
  const auto [d, C, alpha] = GetParam();
  SlidingCase<double> p({.d = d, .C = C, .alpha = alpha, .t_end = 0});
  const Vec<double> x0 = p.x0();
  EXPECT_NEAR(x0[0], std::sin(alpha), 1e-15);
  EXPECT_NEAR(x0[1], std::cos(alpha), 1e-15);
  EXPECT_NEAR(p.exit_time(), 0.5 * std::log((1 + std::cos(alpha)) / (1 - std::cos(alpha))), 1e-12);
  const double ts = p.exit_time(), e = 1e-7;
  EXPECT_LT((p.exact(ts + e) - p.exact(ts - e)).norm(), 3 * e);
  EXPECT_LT((p.exact_velocity(ts + e) - p.exact_velocity(ts - e)).norm(), 1e-6);
  // The velocity formula is the derivative of the position formula.
  for (double t : {0.3 * ts, 0.9 * ts, ts + 0.5}) {
    const Vec<double> fd = (p.exact(t + e) - p.exact(t - e)) / (2 * e);
    EXPECT_LT((fd - p.exact_velocity(t)).norm(), 1e-7) << "t = " << t;
  }
}

INSTANTIATE_TEST_SUITE_P(DimensionsDepthsAngles, SlidingCaseFamily,
                         ::testing::Combine(::testing::Values(3, 4, 5, 7), ::testing::Values(0.5, 1.0, 10.0),
                                            ::testing::Values(kPi / 16, kPi / 4, kPi / 2)));

// Negative controls: the constructions printed in the extracted text fail the
// same check, so the check is not vacuous.
TEST(SlidingCaseNegativeControl, BallsInsteadOfComplementsViolateTheInclusion) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPi / 16, .t_end = 0});
  ConstraintSet<double> balls(3);
  for (int j = 0; j < p.constraints().size(); ++j) {
    const auto& bc = std::get<BallComplement<double>>(p.constraints()[j]);
    balls.add(Ball<double>(bc.c, bc.R));
  }
  const double t = 0.5 * p.exit_time();
  const Vec<double> x = p.exact(t);
  const auto r = inclusion_residual(balls, t, x, p.f(t, x), p.exact_velocity(t), kActiveTol);
  EXPECT_EQ(r.active, 2);
  EXPECT_GT(r.cone_residual, 0.1);
}

TEST(SlidingCaseNegativeControl, ThePrintedLastCentreBreaksTheSlidingPhaseInThreeDimensions) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPi / 16, .t_end = 0});
  ConstraintSet<double> printed(3);
  Vec<double> c = Vec<double>::Zero(3);
  c[2] = 1.0;  // C e_3, and the printed S_{d-1} centre +C (d-2)^{-1/2} e_3 is the same point
  printed.add(BallComplement<double>(c, p.radius()));
  printed.add(BallComplement<double>(c, p.radius()));
  const double t = 0.5 * p.exit_time();
  const Vec<double> x = p.exact(t);
  const auto r = inclusion_residual(printed, t, x, p.f(t, x), p.exact_velocity(t), kActiveTol);
  EXPECT_GT(r.cone_residual, 0.01);
}

TEST(SlidingCaseNegativeControl, ThePrintedSecondPhaseIsDiscontinuousAtTheExit) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPi / 16, .t_end = 0});
  const double c1 = -p.exit_time();  // the paper's C_1
  // Printed: x_2 = C_1 − t after the exit; at t* = −C_1 that is 2 C_1, not 0.
  EXPECT_GT(std::abs((c1 - p.exit_time()) - p.exact(p.exit_time())[1]), 1.0);
}

TEST(SlidingCase, MultiprecisionAgreesWithDoubleToDoublePrecision) {
  SlidingCase<double> pd({.d = 4, .C = 10, .alpha = kPi / 16, .t_end = 0});
  SlidingCase<Float50> pm({.d = 4, .C = 10, .alpha = kPi / 16, .t_end = 0});
  for (double t : {0.0, 0.7, 2.0, 3.0}) {
    const Vec<Float50> xm = pm.exact(Float50(t));
    const Vec<double> xd = pd.exact(t);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(static_cast<double>(xm[i]), xd[i], 4e-16) << "t=" << t;
  }
}

TEST(SlidingCase, InvalidParametersAreRejectedWithTheirName) {
  EXPECT_THROW(SlidingCase<double>({.d = 2}), std::invalid_argument);
  EXPECT_THROW(SlidingCase<double>({.d = 3, .C = 0}), std::invalid_argument);
  EXPECT_THROW(SlidingCase<double>({.d = 3, .C = 1, .alpha = 2.0}), std::invalid_argument);
  EXPECT_THROW(SlidingCase<double>({.d = 3, .C = 1, .alpha = std::nan("")}), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
