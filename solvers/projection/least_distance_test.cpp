#include <gtest/gtest.h>

#include <random>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"

namespace sweepcheck {
namespace {

TEST(LeastDistance, ProjectsOntoTheCornerOfTheQuarterPlane) {
  Mat<double> G(2, 2);
  G << 1, 0, 0, 1;
  Vec<double> b = Vec<double>::Zero(2), q(2);
  q << -1, -2;
  const auto p = project_onto_polyhedron(G, b, q);
  ASSERT_TRUE(p.feasible);
  // LDP recovers x by dividing the NNLS residual by its last entry, which
  // costs a few ulps of |q|.
  const double tol = 32 * std::numeric_limits<double>::epsilon() * q.norm();
  EXPECT_NEAR(p.point[0], 0, tol);
  EXPECT_NEAR(p.point[1], 0, tol);
  EXPECT_NEAR(p.multipliers[0], 1, tol);
  EXPECT_NEAR(p.multipliers[1], 2, tol);
  EXPECT_NEAR(p.distance, std::sqrt(5.0), tol);
}

TEST(LeastDistance, APointInsideIsItsOwnProjection) {
  Mat<double> G(1, 2);
  G << 1, 1;
  Vec<double> b(1), q(2);
  b << 0;
  q << 3, 1;
  const auto p = project_onto_polyhedron(G, b, q);
  ASSERT_TRUE(p.feasible);
  EXPECT_LT((p.point - q).norm(), 1e-15);
}

TEST(LeastDistance, DetectsAnEmptyPolyhedron) {
  Mat<double> G(2, 1);
  G << 1, -1;  // y >= 1 and -y >= 0
  Vec<double> b(2), q(1);
  b << 1, 0;
  q << 0.3;
  EXPECT_FALSE(project_onto_polyhedron(G, b, q).feasible);
}

TEST(LeastDistance, RandomPolyhedraSatisfyKktAndBeatEveryFeasibleSample) {
  std::mt19937 rng(5);
  std::normal_distribution<double> g(0, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + trial % 4, m = 1 + trial % 7;
    Mat<double> G(m, n);
    Vec<double> b(m), q(n);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) G(i, j) = g(rng);
      b[i] = std::min(g(rng) - 2, -0.1);  // b < 0: the origin is feasible
    }
    for (int j = 0; j < n; ++j) q[j] = 3 * g(rng);
    const auto p = project_onto_polyhedron(G, b, q);
    ASSERT_TRUE(p.feasible);
    const double scale = 1 + q.norm() + G.norm() + b.norm();
    EXPECT_LT(p.stationarity, 1e-12 * scale);
    EXPECT_LT(p.primal, 1e-12 * scale);
    EXPECT_LT(p.complementarity, 1e-12 * scale * scale);
    EXPECT_GE(p.multipliers.minCoeff(), 0.0);
    // The origin is feasible, so it is no closer than the projection.
    EXPECT_LE(p.distance, q.norm() + 1e-12 * scale);
  }
}

TEST(LeastDistance, WorksInMultiprecisionWithATighterCertificate) {
  Mat<Float50> G(3, 2);
  G << 1, 0, 0, 1, 1, 1;
  Vec<Float50> b(3), q(2);
  b << 0, 0, Float50(1);
  q << Float50(-1), Float50("0.2");
  const auto p = project_onto_polyhedron(G, b, q);
  ASSERT_TRUE(p.feasible);
  EXPECT_LT(p.stationarity, Float50(1e-45));
  EXPECT_LT(p.primal, Float50(1e-45));
  // Nearest point of {x >= 0, y >= 0, x + y >= 1} to (-1, 0.2) is (0, 1).
  EXPECT_LT(abs(p.point[0]), Float50(1e-45));
  EXPECT_LT(abs(p.point[1] - Float50(1)), Float50(1e-45));
}

// least_distance with nnls's updating factorisation and the LDLᵀ polish (the
// reference projector's path) gives the same projection as the refactoring
// path with the LU polish, including with duplicated rows (a dependent active
// set, which the polish must detect). Both are certified to ~1e-12 · scale
// (the test above), so they agree to twice that.
TEST(LeastDistance, TheUpdatingPathGivesTheSameProjection) {
  std::mt19937 rng(8);
  std::normal_distribution<double> g(0, 1);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + trial % 6, m = 1 + trial % 11;
    Mat<double> G(m, n);
    Vec<double> b(m), q(n);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) G(i, j) = g(rng);
      b[i] = std::min(g(rng) - 2, -0.1);
    }
    if (m >= 3 && trial % 4 == 0) {  // a duplicated row
      G.row(m - 1) = G.row(0);
      b[m - 1] = b[0];
    }
    for (int j = 0; j < n; ++j) q[j] = 3 * g(rng);
    const Vec<double> h = b - G * q;
    const auto old = least_distance<double>(G, h);
    const auto upd = least_distance<double>(G, h, nullptr, NnlsFactorisation::update);
    ASSERT_TRUE(old.feasible);
    ASSERT_TRUE(upd.feasible) << "trial " << trial;
    const double scale = 1 + q.norm() + G.norm() + b.norm();
    EXPECT_LT((upd.w - old.w).norm(), 2e-12 * scale) << "trial " << trial;
    EXPECT_GE(upd.multipliers.minCoeff(), 0.0);
    EXPECT_LT(((G * upd.w - h).array().min(0.0)).abs().maxCoeff(), 1e-12 * scale);
  }
}

}  // namespace
}  // namespace sweepcheck
