#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {
namespace {

TEST(StepLadder, StepCountsAreIncreasingAndEndExactlyAtTheSpan) {
  StepLadder l{0.5, 1e-3, 10};
  const auto n = l.step_counts(3.3);
  ASSERT_GE(n.size(), 9u);
  for (std::size_t i = 1; i < n.size(); ++i) EXPECT_GT(n[i], n[i - 1]);
  EXPECT_EQ(n.front(), 7);  // round(3.3 / 0.5)
  EXPECT_EQ(n.back(), 3300);
}

TEST(StepLadder, RejectsNonPositiveAndNonFiniteSteps) {
  EXPECT_THROW((StepLadder{0.0, 1e-3, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{0.1, -1e-3, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{std::nan(""), 1e-3, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{1e-3, 0.1, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{0.1, 1e-3, 0}.validate()), std::invalid_argument);
}

TEST(StepLadder, AStepLargerThanTheSpanBecomesOneStep) {
  const auto n = StepLadder{10.0, 10.0, 1}.step_counts(1.0);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0], 1);
}

}  // namespace
}  // namespace sweepcheck

namespace {

// sup_t of |I_h v − v| for v(t) = |t − τ| on [0, T] with n steps: the
// piecewise-linear interpolant is exact but on the step holding the kink,
// where the error is 2 h φ(1 − φ), φ the kink's phase.
double kink_interpolation_error(std::int64_t n, double span, double tau) {
  const double h = span / double(n);
  const double x = tau / h;
  const double phi = x - std::floor(x);
  return 2 * h * phi * (1 - phi);
}

}  // namespace

TEST(StepLadder, CentringAVelocityJumpKeepsItMidStepWithinAnEighthMoreSteps) {
  const double span = 1.5, tau = std::log(1.5);  // lcs-closed-form's t*
  for (std::int64_t n = 80; n <= 5'000'000; n = n * 7 / 4) {
    const auto m = sweepcheck::centre_in_step(n, span, tau);
    EXPECT_GE(m, n);
    EXPECT_LE(m, n + n / 8);
    const double x = double(m) * tau / span;
    EXPECT_NEAR(x - std::floor(x), 0.5, 0.1) << "n = " << n << " -> " << m;
  }
  // Nothing to centre: the count is kept.
  EXPECT_EQ(sweepcheck::centre_in_step(1000, span, 0.0), 1000);
  EXPECT_EQ(sweepcheck::centre_in_step(1000, span, span), 1000);
}

// The known answer behind centre_in_step: a kink's interpolation error is
// c(φ) h, with c wandering over [0, 1/2] along a plain ladder (local orders
// from that alone scatter far from 1) and held within 4 % of 1/2 along the
// centred one (local orders within 0.03 of 1).
TEST(StepLadder, ACentredLadderReadsAKinksInterpolationErrorAsOneCleanOrderAndAPlainOneDoesNot) {
  const double span = 1.5, tau = std::log(1.5);
  const sweepcheck::StepLadder ladder{.h_max = 1e-2, .h_min = 1e-6, .points = 14};
  double plain_spread = 0, centred_spread = 0;
  std::int64_t last = 0;
  double prev_h = 0, prev_e = 0;
  for (auto n : ladder.step_counts(span)) {
    const double e_plain = kink_interpolation_error(n, span, tau);
    const auto m = sweepcheck::centre_in_step(n, span, tau);
    ASSERT_GT(m, last);
    last = m;
    const double h = span / double(m), e = kink_interpolation_error(m, span, tau);
    EXPECT_NEAR(e / h, 0.5, 0.02);
    if (prev_h > 0) centred_spread = std::max(centred_spread, std::abs(std::log(prev_e / e) / std::log(prev_h / h) - 1));
    prev_h = h;
    prev_e = e;
    plain_spread = std::max(plain_spread, std::abs(std::log(e_plain / (span / double(n))) - std::log(0.5)));
  }
  EXPECT_LT(centred_spread, 0.03);
  EXPECT_GT(plain_spread, std::log(2.0));  // the plain ladder's c(φ) is below 1/4 somewhere
}
