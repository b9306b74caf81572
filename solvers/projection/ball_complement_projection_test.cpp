// Exact projection onto an intersection of ball complements: hand-computed
// cases, a KKT certificate, and comparison with PNGS limits (Theorem 3.5 of
// seed 000: PNGS ends in S, so it can never be closer to y than P_S(y)).
#include <gtest/gtest.h>

#include <random>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/projection/ball_complement_projection.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {
namespace {

// The set of the sliding case (seed 000, Section 4.2; analytic/sliding_case.md):
// d − 1 complements of balls of radius sqrt(1 + C²) centred at C e_{j+2} and
// at −C (d−2)^{−1/2} Σ_{k≥3} e_k. Built here so solvers/ does not depend on analytic/.
struct SlidingSet {
  ConstraintSet<double> set;
  const ConstraintSet<double>& constraints() const { return set; }
};
SlidingSet sliding(int d, double C) {
  SlidingSet s{ConstraintSet<double>(d)};
  const double R = std::sqrt(1 + C * C);
  for (int j = 2; j < d; ++j) s.set.add(BallComplement<double>(C * Vec<double>::Unit(d, j), R));
  Vec<double> c = Vec<double>::Zero(d);
  for (int k = 2; k < d; ++k) c[k] = -C / std::sqrt(double(d - 2));
  s.set.add(BallComplement<double>(c, R));
  return s;
}

TEST(BallComplementProjection, PointInsideBothBallsProjectsOntoTheCrease) {
  // d = 3, C = 1, R = sqrt(2), centres ±e_3; y = (0.5, 0, 0): the crease is the
  // unit circle of the (x1, x2)-plane, nearest point (1, 0, 0) at distance 0.5.
  // The single-sphere candidate (0.632, 0, -0.265) lies inside the other ball.
  const auto p = sliding(3, 1.0);
  const BallComplementProjector<double> P(p.constraints());
  const auto r = P(Vec<double>{{0.5, 0.0, 0.0}});
  EXPECT_NEAR(r.point[0], 1.0, 1e-14);
  EXPECT_NEAR(r.point[1], 0.0, 1e-14);
  EXPECT_NEAR(r.point[2], 0.0, 1e-14);
  EXPECT_NEAR(r.distance, 0.5, 1e-14);
  EXPECT_EQ(r.active, (std::vector<int>{0, 1}));
}

TEST(BallComplementProjection, PointInsideOneBallProjectsRadiallyOntoItsSphere) {
  // y = (1.2, 0, 0.5): |y − e_3| = 1.3 < sqrt(2), outside the other ball;
  // d_S(y) = sqrt(2) − 1.3.
  const auto p = sliding(3, 1.0);
  const BallComplementProjector<double> P(p.constraints());
  const auto r = P(Vec<double>{{1.2, 0.0, 0.5}});
  EXPECT_NEAR(r.distance, std::sqrt(2.0) - 1.3, 1e-14);
  EXPECT_NEAR(r.point[0], 1.2 * std::sqrt(2.0) / 1.3, 1e-14);
  EXPECT_EQ(r.active, (std::vector<int>{0}));
}

TEST(BallComplementProjection, CreasePointIsExactInFiftyDigits) {
  // The first hand case in Float50: P_S((0.5, 0, 0)) = (1, 0, 0) to ~1e-45.
  ConstraintSet<Float50> set(3);
  const Float50 R = sqrt(Float50(2));
  set.add(BallComplement<Float50>(Vec<Float50>::Unit(3, 2), R));
  set.add(BallComplement<Float50>(-Vec<Float50>::Unit(3, 2), R));
  const BallComplementProjector<Float50> P(set);
  Vec<Float50> y = Vec<Float50>::Zero(3);
  y[0] = Float50(1) / 2;
  const auto r = P(y);
  EXPECT_LT(abs(r.point[0] - Float50(1)), Float50(1e-45));
  EXPECT_LT(abs(r.distance - Float50(1) / 2), Float50(1e-45));
}

TEST(BallComplementProjection, FeasiblePointIsItsOwnProjection) {
  const auto p = sliding(5, 10.0);
  const BallComplementProjector<double> P(p.constraints());
  Vec<double> y = Vec<double>::Zero(5);  // a crease point (sin 0.3, cos 0.3, 0, 0, 0), pushed outwards
  y[0] = std::sin(0.3) + 0.1;
  y[1] = std::cos(0.3);
  const auto r = P(y);
  EXPECT_EQ(r.distance, 0.0);
  EXPECT_EQ(r.point, y);
}

TEST(BallComplementProjection, RandomInfeasiblePointsHaveAKktCertificateAndBeatPngs) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> g(0.0, 1.0);
  for (int d : {3, 5}) {
    for (double C : {1.0, 10.0}) {
      const auto prob = sliding(d, C);
      const auto& set = prob.constraints();
      const BallComplementProjector<double> P(set);
      int infeasible = 0;
      for (int trial = 0; trial < 200; ++trial) {
        Vec<double> y(d);
        for (int i = 0; i < d; ++i) y[i] = g(rng);
        y *= 0.6;
        y[0] += 1.0;  // around the crease point e_1
        const auto r = P(y);
        if (r.distance == 0) continue;
        ++infeasible;
        // Feasible, on the boundary of its active constraints.
        EXPECT_LE(set.max_violation(0.0, r.point), 1e-12);
        ASSERT_FALSE(r.active.empty());
        // KKT: y − p ∈ N(S, p) = cone{−∇g_j(p) : j active}.
        Mat<double> A(d, static_cast<Eigen::Index>(r.active.size()));
        for (std::size_t k = 0; k < r.active.size(); ++k) {
          Vec<double> gr(d);
          gradient(set[r.active[k]], 0.0, r.point, gr);
          A.col(static_cast<Eigen::Index>(k)) = -gr;
        }
        const auto cert = nnls<double>(A, y - r.point);
        EXPECT_LE(cert.residual, 1e-10 * (1 + r.distance)) << "d=" << d << " C=" << C;
        // PNGS (sweeps to convergence) lands in S, hence no closer than P_S(y).
        Vec<double> q = y;
        Work w;
        for (int k = 0; k < 100000; ++k) {
          const Vec<double> prev = q;
          set.sweep(0.0, q, w);
          if ((q - prev).norm() <= 1e-15) break;
        }
        ASSERT_LE(set.max_violation(0.0, q), 1e-12);
        EXPECT_LE(r.distance, (q - y).norm() + 1e-12);
      }
      EXPECT_GT(infeasible, 20) << "the sample must exercise the projection";
    }
  }
}

TEST(BallComplementProjection, NoRandomFeasiblePointNearTheAnswerIsCloser) {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> g(0.0, 1.0);
  const auto prob = sliding(3, 1.0);
  const BallComplementProjector<double> P(prob.constraints());
  const Vec<double> y{{0.7, 0.2, 0.1}};
  const auto r = P(y);
  ASSERT_GT(r.distance, 0.0);
  for (int i = 0; i < 20000; ++i) {
    Vec<double> z(3);
    for (int k = 0; k < 3; ++k) z[k] = g(rng);
    z = r.point + 0.3 * z;
    if (prob.constraints().max_violation(0.0, z) > 0) continue;
    EXPECT_GE((z - y).norm(), r.distance - 1e-13);
  }
}

}  // namespace
}  // namespace sweepcheck
