// The disks problem (seed 000, Section 4.3): the seeded initial
// configuration, and the cell-list set against the plain all-pairs
// ConstraintSet it replaces.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include "sweepcheck/analytic/disks.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"
#include "sweepcheck/solvers/projection/view_projector.hpp"
#include "sweepcheck/solvers/schemes/moreau_euler.hpp"

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

// Small steps reuse the neighbour list across many sweeps: the trajectory
// must still be the all-pairs one, bit for bit, with the same work counted
// as a fresh cell list at every sweep would count.
TEST(DisksSet, APbdTrajectoryWithAReusedNeighbourListEqualsTheAllPairsTrajectory) {
  const DisksSet<double> set(40, 0.1);
  const auto ref = all_pairs(40, 0.1);
  Vec<double> x = disks_initial_configuration(DisksOptions{}), y = x;
  const double h = 2e-2;  // 200 steps to T = 4: the cluster forms and the disks touch
  std::int64_t fresh_candidates = 0;
  Work w1, w2;
  for (int k = 0; k < 200; ++k) {
    x -= h * x;
    y -= h * y;
    fresh_candidates += static_cast<std::int64_t>(CellList::pairs_within(x, 2, 0.3).size());
    set.sweep(0.0, x, w1);
    ref.sweep(0.0, y, w2);
    ASSERT_EQ(x, y) << "step " << k;
  }
  EXPECT_GT(w1.projections, 100);  // contacts happened
  EXPECT_EQ(w1.projections, w2.projections);
  EXPECT_EQ(w1.constraint_evaluations, fresh_candidates);  // the candidates within 2R + skin = 0.3
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

// The paper's 40 disks (seed 4) after `steps` Moreau–Euler steps of h = 0.05
// towards the origin, a jammed cluster, and q: the next step's point before
// its projection. Each step's certified projection must succeed (a failure is
// recorded; the caller stops on HasFailure()).
struct JammedPaperDisks {
  static DisksOptions seed_4() {
    DisksOptions o;
    o.seed = 4;
    return o;
  }
  const Disks<double> p{seed_4()};
  const double h = 0.05;
  Vec<double> q;

  explicit JammedPaperDisks(int steps) {
    const ReferenceProjector<double> projector;
    Vec<double> x = p.x0();
    Work w;
    for (int k = 0; k < steps; ++k) {
      x -= h * x;
      EXPECT_EQ(projector(p.constraints(), 0.0, x, w), StepStatus::ok) << "step " << k;
    }
    q = (1 - h) * x;
  }
};

// Once the paper's 40 disks have jammed, ~77 pairs touch in 80 dimensions and
// the Lagrangian's Hessian I − Σ λ_j ∇²g_j is indefinite at P_S(q). SQP still
// converges quadratically there because the QP is convexified on the active
// constraints' normal space (solvers/projection/reference_projector.hpp); with the old
// fallback to H = I it converged linearly (rate ≈ 0.05: 8 iterations).
TEST(DisksSet, AJammedClusterIsProjectedInFewSqpIterationsThoughTheHessianIsIndefinite) {
  const JammedPaperDisks jammed(30);
  ASSERT_FALSE(HasFailure());
  const Vec<double>& q = jammed.q;
  const auto local = jammed.p.constraints().local_constraints(0.0, q, 0.5);
  const auto r = project_onto(local, 0.0, q);
  ASSERT_TRUE(r.converged);
  EXPECT_GE(r.active.size(), 60u);
  Mat<double> H = Mat<double>::Identity(80, 80);
  for (int j : r.active) H -= r.multipliers[j] * constraint_hessian(local[j], 0.0, r.point);
  EXPECT_LT(Eigen::SelfAdjointEigenSolver<Mat<double>>(H).eigenvalues().minCoeff(), 0.0);  // the hard regime
  // Newton's count: a step to ~1e-5, two more to round-off, one to confirm.
  EXPECT_LE(r.iterations, 5);
  EXPECT_LE(all_pairs(40, 0.1).max_violation(0.0, r.point), 1e-13);
}

// The paper's 40 disks jammed (77 pairs in contact in 80 dimensions): the
// projection Moreau–Euler takes there, computed on the pairs near contact
// (DisksSet::local_constraints) with the updating NNLS, is the projection onto
// all 780 pairs, certified by the KKT check on all of them (primal on every
// pair, to the certificate's tolerance 1e3 ε (1 + |q|) ≈ 7e-13), and the
// Lagrangian's Hessian is built blockwise with the same numbers as the dense
// constraint_hessian.
TEST(DisksSet, AJammedProjectionOnTheNearPairsIsTheProjectionOntoAllPairs) {
  const JammedPaperDisks jammed(40);
  ASSERT_FALSE(HasFailure());
  const Vec<double>& q = jammed.q;
  Vec<double> y = q;
  Work w;
  ASSERT_EQ(ReferenceProjector<double>{}(jammed.p.constraints(), 0.0, y, w), StepStatus::ok);
  const auto all = all_pairs(40, 0.1);
  const auto full = project_onto(all, 0.0, q);
  ASSERT_TRUE(full.converged);
  EXPECT_GE(full.active.size(), 70u);
  EXPECT_LT((y - full.point).norm(), 1e-12);
  // The certificate of y on all 780 pairs, with the all-pairs multipliers.
  const auto cert = kkt_certificate(all, 0.0, q, y, full.multipliers);
  EXPECT_LE(cert.primal, cert.tolerance);
  EXPECT_LE(all.max_violation(0.0, y), 1e-13);
  for (int j : full.active) {
    Mat<double> dense = Mat<double>::Identity(80, 80), blocks = dense;
    dense -= full.multipliers[j] * constraint_hessian(all[j], 0.0, full.point);
    subtract_scaled_constraint_hessian(all[j], 0.0, full.point, full.multipliers[j], blocks);
    ASSERT_EQ(dense, blocks) << "pair " << j;  // bit for bit
  }
}

// The projection `audit --scheme moreau-euler` takes on the disks
// (solvers/projection/view_projector.hpp: linearise at z, project q exactly
// onto the linearised set by least distance with the updating NNLS, warm from
// the previous iterate's active pairs) at the jammed cluster, through the
// constraints' values, gradients and single projections only: it is the
// projection onto all 780 pairs. Its iteration stops when a step moves z by at
// most tol = 1e4 ε (1 + |q|) and contracts at a rate ρ ≈ |λ| × curvature
// (≤ 1/2 here), so z is within ρ/(1 − ρ) tol ≤ tol of the fixed point; the
// bound allows 10 tol.
TEST(DisksSet, TheViewProjectorFindsTheAllPairsProjectionOfAJammedCluster) {
  const JammedPaperDisks jammed(40);
  ASSERT_FALSE(HasFailure());
  const Vec<double>& q = jammed.q;
  const auto all = all_pairs(40, 0.1);
  const auto full = project_onto(all, 0.0, q);
  ASSERT_TRUE(full.converged);
  ASSERT_GE(full.active.size(), 70u);
  Vec<double> y = q;
  Work w;
  ASSERT_EQ(ViewProjector{}(all, 0.0, y, w), StepStatus::ok);
  const double tol = 1e4 * epsilon<double>() * (1 + q.norm());
  EXPECT_LT((y - full.point).norm(), 10 * tol);
  EXPECT_LE(all.max_violation(0.0, y), tol);
  EXPECT_GT(w.inner_iterations, 0);
}

}  // namespace
}  // namespace sweepcheck
