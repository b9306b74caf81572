#include <gtest/gtest.h>

#include <random>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/projection/approximate_projection.hpp"
#include "sweepcheck/solvers/projection/polyhedron_projection.hpp"

namespace sweepcheck {
namespace {

Polyhedron<double> quadrant() {
  Polyhedron<double> s;
  s.M = Mat<double>::Identity(2, 2);
  s.b = Vec<double>::Zero(2);
  return s;
}

Vec<double> v2(double a, double b) {
  Vec<double> v(2);
  v << a, b;
  return v;
}

TEST(ExactPolyhedronProjection, ProjectsOntoAFaceAndACornerOfTheQuadrantAsByHand) {
  const auto s = quadrant();
  auto p = project_exact(s, v2(-1, 2));
  EXPECT_LT((p.z - v2(0, 2)).norm(), 1e-15);
  EXPECT_NEAR(p.lambda[0], 1.0, 1e-15);
  EXPECT_EQ(p.lambda[1], 0.0);
  p = project_exact(s, v2(-1, -2));
  EXPECT_LT((p.z - v2(0, 0)).norm(), 1e-15);
  EXPECT_LT((p.lambda - v2(1, 2)).norm(), 1e-15);
  EXPECT_EQ(p.kkt.active, 2);
  p = project_exact(s, v2(3, 4));  // inside: unchanged
  EXPECT_EQ(p.z, v2(3, 4));
  EXPECT_EQ(p.kkt.active, 0);
}

TEST(ExactPolyhedronProjection, ProjectsOntoAnObliqueHalfPlaneAsByHand) {
  // S = { z₁ + z₂ ≥ 1 }: P_S(0) = (1/2, 1/2).
  Polyhedron<double> s;
  s.M = Mat<double>::Ones(1, 2);
  s.b = Vec<double>::Constant(1, -1.0);
  const auto p = project_exact(s, v2(0, 0));
  EXPECT_LT((p.z - v2(0.5, 0.5)).norm(), 1e-15);
  EXPECT_TRUE(p.kkt.found);
  EXPECT_LT(p.kkt.worst(), 1e-15);
}

// Random polyhedra in R³ with 2..4 rows, all containing the origin's
// neighbourhood (b > 0), and random points around them.
struct RandomCase {
  Polyhedron<double> s;
  Vec<double> w;
};
std::vector<RandomCase> random_cases(int count, int rows_max, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<double> n01;
  std::uniform_real_distribution<double> u01(0.05, 1.0);
  std::vector<RandomCase> out;
  for (int k = 0; k < count; ++k) {
    const int m = 1 + k % rows_max;
    RandomCase c;
    c.s.M = Mat<double>(m, 3);
    c.s.b = Vec<double>(m);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < 3; ++j) c.s.M(i, j) = n01(gen);
      c.s.b[i] = u01(gen);
    }
    c.w = Vec<double>(3);
    for (int j = 0; j < 3; ++j) c.w[j] = 3 * n01(gen);
    out.push_back(c);
  }
  return out;
}

TEST(ExactPolyhedronProjection, KktCertificateHoldsAndNoSampledFeasiblePointIsCloser) {
  std::mt19937 gen(7);
  std::normal_distribution<double> n01;
  for (const auto& c : random_cases(300, 3, 11)) {
    const auto p = project_exact(c.s, c.w);
    ASSERT_TRUE(p.kkt.found);
    EXPECT_LT(p.kkt.worst(), 1e-12);
    const double d = (c.w - p.z).norm();
    for (int k = 0; k < 200; ++k) {
      Vec<double> q = p.z;
      for (int j = 0; j < 3; ++j) q[j] += 0.5 * n01(gen);
      if (c.s.value(q).minCoeff() < 0) continue;
      EXPECT_LE(d, (c.w - q).norm() + 1e-12);
    }
  }
}

TEST(DualGradientProjection, CertifiedPointsAreEpsEtaProjectionsWhenCheckedAgainstTheExactOne) {
  int outside = 0, total = 0;
  for (double eps : {1e-2, 1e-5, 1e-9}) {
    for (double eta : {1e-1, 1e-3, 1e-6}) {
      for (const auto& c : random_cases(120, 3, 23)) {
        const auto a = project_dual_gradient(c.s, c.w, eps, eta);
        ASSERT_TRUE(a.certified);
        const auto exact = project_exact(c.s, c.w);
        const double d2 = (c.w - exact.z).squaredNorm();
        // Definition 2.5 of seed 002, checked with the exact projection the rule never saw.
        EXPECT_LT((c.w - a.z).squaredNorm(), d2 + eps);
        const double dist_z = (a.z - project_exact(c.s, a.z).z).norm();
        EXPECT_LE(dist_z, eta * (1 + 1e-12) + 1e-15);
        // The certificate's two numbers are upper bounds of what they bound.
        EXPECT_GE(a.gap + 1e-13, (c.w - a.z).squaredNorm() - d2);
        EXPECT_GE(a.distance_bound + 1e-13, dist_z);
        ++total;
        if (dist_z > 0) ++outside;
      }
    }
  }
  // The inexact projection really does return infeasible points (seed 002, Remark 7.1).
  EXPECT_GT(outside, total / 10);
}

TEST(DualGradientProjection, ReportsTheCapInsteadOfClaimingACertificate) {
  // Ill-conditioned M Mᵀ (rows at a small angle) and a point outside both rows:
  // one iteration of (23) cannot reach a 1e-14 gap.
  Polyhedron<double> s;
  s.M = Mat<double>::Identity(2, 2);
  s.M(0, 1) = 0.9;
  s.b = Vec<double>::Zero(2);
  DualGradientOptions o;
  o.max_iterations = 1;
  const auto a = project_dual_gradient(s, v2(-1, -2), 1e-14, 1e-14, o);
  EXPECT_FALSE(a.certified);
  EXPECT_EQ(a.iterations, 1);
}

TEST(DualGradientProjection, RejectsRankDeficientRowsAndNonPositiveTolerances) {
  Polyhedron<double> s;
  s.M = Mat<double>::Ones(2, 2);  // two equal rows
  s.b = Vec<double>::Zero(2);
  EXPECT_THROW(project_dual_gradient(s, v2(1, 1), 1e-3, 1e-3), std::invalid_argument);
  EXPECT_THROW(project_dual_gradient(quadrant(), v2(1, 1), 0.0, 1e-3), std::invalid_argument);
}

TEST(DualGradientProjection, WorksWithFiftyDigitScalarsToTightTolerances) {
  Polyhedron<Float50> s;
  s.M = Mat<Float50>::Identity(2, 2);
  s.M(0, 1) = Float50(0.5);
  s.b = Vec<Float50>::Zero(2);
  Vec<Float50> w(2);
  w << Float50(-1), Float50(-2);
  const auto a = project_dual_gradient(s, w, Float50(1e-30), Float50(1e-30));
  EXPECT_TRUE(a.certified);
  const auto e = project_exact(s, w);
  EXPECT_LT(static_cast<double>((a.z - e.z).norm()), 1e-14);
  EXPECT_LT(static_cast<double>(e.kkt.worst()), 1e-40);
}

}  // namespace
}  // namespace sweepcheck
