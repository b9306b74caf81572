// The crowd seen through the plugin interface (analytic/crowd_view.hpp): every
// pair and every (disk, wall) constraint, agreeing with CrowdSet's own code
// paths (Verlet-list linearisation, cell-list violation, sweep) on random
// configurations, and each projection exact (checked from its definition).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "sweepcheck/analytic/crowd_view.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"

namespace sweepcheck {
namespace {


// A small room, so that many disks are near each other and near the walls.
CrowdOptions small_room() { return {.people = 12, .radius = 0.2, .room = 3, .door_width = 0.8}; }

// Random feasible configuration (rejection sampling, checked by brute force
// over the room's sides and all pairs, not through CrowdSet): centres uniform
// in [r, L − r]² or, for about a tenth of the disks, beyond the door plane
// (x in (L, L + 1)) within the door's height, so every wall segment's ends
// and the open side are exercised.
Vec<double> random_feasible(const CrowdOptions& o, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  const double r = o.radius, L = o.room;
  Vec<double> x(2 * o.people);
  for (int i = 0; i < o.people; ++i) {
    for (int attempt = 0;; ++attempt) {
      if (attempt > 100000) throw std::runtime_error("random_feasible: room too full");
      double px, py;
      if (u(rng) < 0.1) {
        px = L + u(rng);
        py = L / 2 - o.door_width / 2 + r + (o.door_width - 2 * r) * u(rng);
      } else {
        px = r + (L - 2 * r) * u(rng);
        py = r + (L - 2 * r) * u(rng);
      }
      bool ok = true;
      for (int k = 0; k < i && ok; ++k) ok = std::hypot(px - x[2 * k], py - x[2 * k + 1]) > 2 * r + 1e-9;
      if (!ok) continue;
      x[2 * i] = px;
      x[2 * i + 1] = py;
      break;
    }
  }
  return x;
}

TEST(CrowdAllConstraintsView, NumbersEveryPairThenEveryDiskAgainstEveryWall) {
  const CrowdOptions o = small_room();
  const CrowdAllConstraintsView view{CrowdEvacuation<double>(o)};
  const int N = o.people, P = N * (N - 1) / 2;
  ASSERT_EQ(view.pair_count(), P);
  ASSERT_EQ(view.wall_count(), 5);
  ASSERT_EQ(view.constraints().size(), P + 5 * N);
  int j = 0;
  for (int i = 0; i < N; ++i)
    for (int k = i + 1; k < N; ++k, ++j) EXPECT_EQ(view.pair(j), std::make_pair(i, k));
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < 5; ++k, ++j) EXPECT_EQ(view.wall(j), std::make_pair(i, k));
  EXPECT_THROW((void)view.wall(j), std::out_of_range);
}

// CrowdSet::linearise with a margin covering the room emits one row per
// constraint in the view's order: row coefficients are the gradients and the
// right-hand side is ∇g·q − g, so values and gradients are compared with
// CrowdSet's own (Verlet-list, clear-of-walls) code path. The violation is
// compared with CrowdSet::max_violation (cell list).
TEST(CrowdAllConstraintsView, ValuesGradientsAndViolationAgreeWithCrowdSetOnRandomFeasibleConfigurations) {
  const CrowdOptions o = small_room();
  const CrowdEvacuation<double> p(o);
  const CrowdAllConstraintsView view{p};
  const auto& c = view.constraints();
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const Vec<double> q = random_feasible(o, rng);
    SparseRows<double> rows;
    Work w;
    p.constraints().linearise(0.0, q, 100.0, rows, w);
    ASSERT_EQ(rows.rows(), c.size());
    Vec<double> g(q.size());
    for (int j = 0; j < c.size(); ++j) {
      c.gradient(j, 0.0, as_span(q), as_span(g));
      Vec<double> e = Vec<double>::Zero(q.size());
      rows.axpy(j, 1.0, e);
      EXPECT_NEAR((g - e).norm(), 0.0, 1e-15) << "constraint " << j;
      const double value = c.value(j, 0.0, as_span(q));
      EXPECT_GE(value, 0.0) << "feasible";
      EXPECT_NEAR(value, g.dot(q) - rows.rhs(j), 1e-12) << "constraint " << j;
      // Walls: unit gradient; pairs: |∇D| = √2 (the stacked norm of ±e on two disks).
      EXPECT_NEAR(g.norm(), j < view.pair_count() ? std::sqrt(2.0) : 1.0, 1e-14);
      EXPECT_EQ(c.distance(j, 0.0, as_span(q)), 0.0);
    }
    EXPECT_EQ(p.constraints().max_violation(0.0, q), 0.0);
    Vec<double> f(q.size());
    view.f(0.0, as_span(q), as_span(f));
    EXPECT_EQ(f, p.f(0.0, q));
  }
}

// Infeasible points (a feasible configuration pushed by a random velocity):
// each constraint's projection is exact by its definition — the projected
// point satisfies the constraint with equality, moved by exactly the stacked
// distance `distance` reports, along the normal −∇g at the projected point
// (the optimality condition of the projection onto {g >= 0}); a satisfied
// constraint leaves x alone. The largest distance matches CrowdSet's.
TEST(CrowdAllConstraintsView, EachProjectionIsExactAndTheViolationIsCrowdSets) {
  const CrowdOptions o = small_room();
  const CrowdEvacuation<double> p(o);
  const CrowdAllConstraintsView view{p};
  const auto& c = view.constraints();
  std::mt19937_64 rng(11);
  std::normal_distribution<double> n(0, 1);
  int projected = 0, walls_projected = 0;
  for (int trial = 0; trial < 20; ++trial) {
    Vec<double> x = random_feasible(o, rng);
    for (Eigen::Index i = 0; i < x.size(); ++i) x[i] += 0.25 * n(rng);
    double worst = 0;
    for (int j = 0; j < c.size(); ++j) {
      const double d = c.distance(j, 0.0, as_span(x));
      worst = std::max(worst, d);
      Vec<double> y = x;
      const bool moved = c.project(j, 0.0, as_span(y));
      EXPECT_EQ(moved, d > 0) << "constraint " << j;
      if (!moved) {
        EXPECT_EQ(y, x);
        continue;
      }
      ++projected;
      walls_projected += j >= view.pair_count();
      EXPECT_NEAR(c.value(j, 0.0, as_span(y)), 0.0, 1e-13) << "on the boundary";
      EXPECT_NEAR((y - x).norm(), d, 1e-13) << "moved by the distance";
      Vec<double> g(y.size());
      c.gradient(j, 0.0, as_span(y), as_span(g));
      EXPECT_NEAR((y - x - d * g / g.norm()).norm(), 0.0, 1e-12) << "along the normal at P(x)";
    }
    EXPECT_NEAR(worst, p.constraints().max_violation(0.0, x), 1e-15);
  }
  EXPECT_GT(projected, 50);        // the test saw many violated constraints
  EXPECT_GT(walls_projected, 10);  // walls among them
}

// A sweep through the view (ViewConstraintSet, what PBD does through a
// plugin view) visits the constraints in CrowdSet::sweep's order; on a
// configuration where no pair beyond CrowdSet's skin comes into contact
// within a sweep the two sweeps agree bit for bit.
TEST(CrowdAllConstraintsView, ASweepThroughTheViewEqualsCrowdSetsSweep) {
  const CrowdOptions o = small_room();
  const CrowdEvacuation<double> p(o);
  const CrowdAllConstraintsView view{p};
  const ViewConstraintSet through_view(view);
  std::mt19937_64 rng(3);
  std::normal_distribution<double> n(0, 1);
  int violated = 0;
  for (int trial = 0; trial < 10; ++trial) {
    Vec<double> x = random_feasible(o, rng);
    for (Eigen::Index i = 0; i < x.size(); ++i) x[i] += 0.05 * n(rng);
    Vec<double> y = x;
    violated += p.constraints().max_violation(0.0, x) > 0;
    for (int s = 0; s < 3; ++s) {
      Work w1, w2;
      through_view.sweep(0.0, x, w1);
      p.constraints().sweep(0.0, y, w2);
      EXPECT_EQ(x, y) << "trial " << trial << " sweep " << s;
      EXPECT_EQ(w1.projections, w2.projections);
    }
  }
  EXPECT_GE(violated, 5);  // the sweeps had work to do
}

}  // namespace
}  // namespace sweepcheck
