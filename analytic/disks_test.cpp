// The disks problem (seed 000, Section 4.3): the seeded initial
// configuration, and the cell-list set against the plain all-pairs
// ConstraintSet it replaces.
#include <gtest/gtest.h>

#include "analytic/disks.hpp"
#include "solvers/moreau_euler.hpp"
#include "solvers/reference_projector.hpp"

namespace sweepcheck {
namespace {

// All pairs i < j in lexicographic order: the O(N²) definition of S.
ConstraintSet<double> all_pairs(int N, double R) {
  ConstraintSet<double> s(2 * N);
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) s.add(PairNonOverlap<double>(i, j, 2, 2 * R));
  return s;
}

double min_pair_distance(const Vec<double>& x) {
  double m = INFINITY;
  const auto N = x.size() / 2;
  for (Eigen::Index i = 0; i < N; ++i)
    for (Eigen::Index j = i + 1; j < N; ++j) m = std::min(m, (x.segment<2>(2 * i) - x.segment<2>(2 * j)).norm());
  return m;
}

TEST(Disks, InitialConfigurationIsSeededAndKeepsTheGap) {
  DisksOptions o;  // paper: N = 40, R = 0.1
  const Vec<double> a = disks_initial_configuration(o), b = disks_initial_configuration(o);
  EXPECT_EQ(a, b);
  EXPECT_GE(min_pair_distance(a), 2 * o.R * (1 + o.gap));
  o.seed = 2;
  EXPECT_NE(disks_initial_configuration(o), a);
  // Inside the square of side L = sqrt(N π R² / packing).
  const double L = std::sqrt(40 * M_PI * 0.01 / 0.3);
  EXPECT_LE(a.lpNorm<Eigen::Infinity>(), L / 2);
}

TEST(Disks, BadOptionsNameTheField) {
  auto message = [](DisksOptions o) {
    try {
      o.validate();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message({.N = 1}).find("N"), std::string::npos);
  EXPECT_NE(message({.R = -1}).find("R"), std::string::npos);
  EXPECT_NE(message({.gamma = std::nan("")}).find("gamma"), std::string::npos);
  EXPECT_NE(message({.packing = 0.9}).find("packing"), std::string::npos);
}

TEST(Disks, FIsTheLinearAttraction) {
  const Disks<double> p;
  const Vec<double> x = p.x0();
  EXPECT_EQ(p.f(0, x), Vec<double>(-1.0 * x));
  EXPECT_EQ(p.constraints().max_violation(0.0, x), 0.0);
}

// A compressed configuration (centres scaled by 0.55) overlaps in many pairs.
Vec<double> compressed() { return Vec<double>(0.55 * disks_initial_configuration(DisksOptions{})); }

TEST(DisksSet, ASweepEqualsTheAllPairsSweepInLexicographicOrder) {
  const DisksSet<double> set(40, 0.1);
  const auto ref = all_pairs(40, 0.1);
  Vec<double> x = compressed(), y = x;
  ASSERT_GT(ref.max_violation(0.0, x), 0.01);
  for (int k = 0; k < 5; ++k) {
    Work w1, w2;
    set.sweep(0.0, x, w1);
    ref.sweep(0.0, y, w2);
    // Same projections in the same order, same floating-point operations.
    EXPECT_EQ(x, y) << "sweep " << k;
    EXPECT_EQ(w1.projections, w2.projections);
    EXPECT_LT(w1.constraint_evaluations, w2.constraint_evaluations);  // 780 pairs vs the candidates
  }
  EXPECT_DOUBLE_EQ(set.max_violation(0.0, x), ref.max_violation(0.0, x));
}

TEST(DisksSet, LocalConstraintsAreExactlyThePairsWithinReach) {
  const DisksSet<double> set(40, 0.1);
  const Vec<double> x = compressed();
  const auto local = set.local_constraints(0.0, x, 0.05);
  int expected = 0;
  for (int i = 0; i < 40; ++i)
    for (int j = i + 1; j < 40; ++j) expected += (x.segment<2>(2 * i) - x.segment<2>(2 * j)).norm() - 0.2 <= 0.05;
  EXPECT_EQ(local.size(), expected);
  for (int k = 0; k < local.size(); ++k) EXPECT_LE(value(local[k], 0.0, x), 0.05);
}

TEST(DisksSet, ReferenceProjectionMatchesTheAllPairsProjectionAndIsCertified) {
  const int N = 12;
  DisksOptions o;
  o.N = N;
  const DisksSet<double> set(N, 0.1);
  const auto ref = all_pairs(N, 0.1);
  const Vec<double> q = 0.6 * disks_initial_configuration(o);
  ASSERT_GT(ref.max_violation(0.0, q), 0.0);
  Vec<double> y = q;
  Work w;
  ASSERT_EQ(ReferenceProjector<double>{}(set, 0.0, y, w), StepStatus::ok);
  const auto full = project_onto(ref, 0.0, q);
  ASSERT_TRUE(full.converged);
  EXPECT_LT((y - full.point).norm(), 1e-12);
  EXPECT_LE(ref.max_violation(0.0, y), 1e-12);
}

}  // namespace
}  // namespace sweepcheck
