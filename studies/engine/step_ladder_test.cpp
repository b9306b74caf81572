#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "sweepcheck/studies/engine/grid_phases.hpp"
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

// sup_t of |I_h v − v| for v(t) = |t − τ| on [0, T] on a grid: the
// piecewise-linear interpolant is exact but on the step holding the kink,
// where the error is 2 s φ(1 − φ), s that step's size and φ the kink's
// phase within it. Computed from the grid's own times (PhasedGrid).
double kink_interpolation_error(std::int64_t n, double span, double tau, double phase) {
  const sweepcheck::PhasedGrid<double> g{0.0, span, n, phase};
  for (std::int64_t k = 0; k < g.steps(); ++k) {
    const double a = g.time(k), b = g.time(k + 1);
    if (tau >= a && tau < b) {
      const double s = b - a, phi = (tau - a) / s;
      return 2 * s * phi * (1 - phi);
    }
  }
  return 0;
}

}  // namespace

TEST(PhasedGrid, AGridOfPhasePhiStartsWithAStepOfPhiHAndEndsExactlyAtTheSpan) {
  const sweepcheck::PhasedGrid<double> g{1.0, 2.5, 6, 0.25};
  EXPECT_EQ(g.steps(), 7);
  EXPECT_DOUBLE_EQ(g.time(1) - g.time(0), 0.25 * 0.25);
  for (std::int64_t k = 1; k + 1 < g.steps(); ++k) EXPECT_NEAR(g.time(k + 1) - g.time(k), 0.25, 1e-15);
  EXPECT_DOUBLE_EQ(g.time(g.steps()) - g.time(g.steps() - 1), 0.75 * 0.25);
  EXPECT_EQ(g.time(g.steps()), 2.5);
  const sweepcheck::PhasedGrid<double> plain{1.0, 2.5, 6, 0.0};
  EXPECT_EQ(plain.steps(), 6);
  for (std::int64_t k = 0; k <= 6; ++k) EXPECT_EQ(plain.time(k), k == 6 ? 2.5 : 1.0 + double(k) * 0.25);
}

// The known answer behind grid phases (issue 55): a kink's interpolation
// error is c(φ) h, with c wandering over [0, 1/2] along a plain ladder
// (local orders from that alone scatter far from 1), and the worst over K = 4
// phases holds c within 1/(4K^2) of its supremum 1/2 (local orders within
// 0.07 of 1; K = 8: within 0.02). The kink of lcs-closed-form, t* = log(3/2).
TEST(PhasedGrid, TheWorstOverFourPhasesReadsAKinksInterpolationErrorAsOneCleanOrderAndOnePhaseDoesNot) {
  const double span = 1.5, tau = std::log(1.5);
  const sweepcheck::StepLadder ladder{.h_max = 1e-2, .h_min = 1e-6, .points = 14};
  auto spread = [&](int K) {
    double out = 0, prev_h = 0, prev_e = 0;
    for (auto n : ladder.step_counts(span)) {
      double e = 0;
      for (int i = 0; i < K; ++i) e = std::max(e, kink_interpolation_error(n, span, tau, double(i) / K));
      const double h = span / double(n);
      if (K > 1) {
        // Some phase puts the kink within 1/(2K) of mid-step: 2 φ(1 − φ) >= 1/2 − 1/(2K²).
        EXPECT_GE(e / h, 0.5 - 0.5 / (double(K) * K) - 1e-9) << "n = " << n << ", K = " << K;
      }
      if (prev_h > 0) out = std::max(out, std::abs(std::log(prev_e / e) / std::log(prev_h / h) - 1));
      prev_h = h;
      prev_e = e;
    }
    return out;
  };
  EXPECT_GT(spread(1), 0.5);  // one phase: the plain ladder's c(φ) wanders
  EXPECT_LT(spread(4), 0.07);
  EXPECT_LT(spread(8), 0.02);
}
