// Properties every exact per-constraint projection P_{S_j} must have, checked
// on random inputs for every constraint kind (seed 000 assumes exact,
// cheap projections P_{S_j}; everything else rests on them):
//   feasible:    g_j(P(x)) >= 0
//   idempotent:  P(P(x)) = P(x)
//   distance:    |x − P(x)| = d_{S_j}(x)
//   nearest:     |x − z| >= |x − P(x)| for every feasible z
// Round-off tolerance: 64 ε times the scale of the data (a handful of
// operations, each exact to ε relative).
// Negative control: an "overshooting" projection (lands feasible but too far)
// passes feasibility and fails the nearest-point property.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <string>

#include "sweepcheck/solvers/sets/constraint.hpp"

namespace sweepcheck {
namespace {

rc::Gen<double> coordinate(double range) {
  return rc::gen::map(rc::gen::inRange(-1000000, 1000001), [range](int k) { return range * k / 1e6; });
}

rc::Gen<Vec<double>> point(int n, double range) {
  return rc::gen::map(rc::gen::container<std::vector<double>>(static_cast<std::size_t>(n), coordinate(range)),
                      [](const std::vector<double>& v) {
                        Vec<double> x(static_cast<Eigen::Index>(v.size()));
                        for (std::size_t i = 0; i < v.size(); ++i) x[static_cast<Eigen::Index>(i)] = v[i];
                        return x;
                      });
}

// Radii in [0.5, 6]: for centres in [-2, 2]^n and points in [-3, 3]^n, n = 4..8,
// that puts a fair share of points on both sides of every sphere.
rc::Gen<double> radius() { return rc::gen::map(rc::gen::inRange(100, 1201), [](int k) { return k / 200.0; }); }

// One constraint of any kind in dimension n (pairs: n/2 disks in the plane).
rc::Gen<Constraint<double>> any_constraint(int n) {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::pair(point(n, 2), coordinate(2)),
                   [](const auto& p) -> Constraint<double> {
                     Vec<double> a = p.first;
                     if (a.norm() < 1e-3) a[0] = 1;
                     return HalfSpace<double>(a, p.second);
                   }),
      rc::gen::map(rc::gen::pair(point(n, 2), radius()),
                   [](const auto& p) -> Constraint<double> { return Ball<double>(p.first, p.second); }),
      rc::gen::map(rc::gen::pair(point(n, 2), radius()),
                   [](const auto& p) -> Constraint<double> { return BallComplement<double>(p.first, p.second); }),
      rc::gen::map(rc::gen::pair(rc::gen::inRange(0, n / 2), radius()), [n](const auto& p) -> Constraint<double> {
        const int i = p.first, j = (p.first + 1) % (n / 2);
        return PairNonOverlap<double>(i, j, 2, 2 * p.second);
      }));
}

double scale(const Vec<double>& x) { return 1 + x.lpNorm<Eigen::Infinity>() + 10; }
double tol(const Vec<double>& x) { return 64 * std::numeric_limits<double>::epsilon() * scale(x); }

template <class Project>
void check_nearest(const Constraint<double>& c, const Vec<double>& x, const std::vector<Vec<double>>& others,
                   Project&& proj) {
  Vec<double> p = x;
  proj(c, p);
  const double d = (x - p).norm();
  RC_ASSERT(value(c, 0.0, p) >= -tol(x));
  for (Vec<double> z : others) {
    project(c, 0.0, z);  // any feasible point
    RC_ASSERT((x - z).norm() >= d - tol(x));
  }
}

TEST(Projection, IsFeasibleIdempotentAndMeasuresTheDistance) {
  std::map<std::string, std::pair<int, int>> cases;  // kind -> (moved, total)
  const bool passed = rc::check("projection is feasible, idempotent and measures the distance", [&] {
    const int n = 2 * *rc::gen::inRange(2, 5);
    const auto c = *any_constraint(n);
    const auto x = *point(n, 3);
    Vec<double> p = x;
    const bool moved = project(c, 0.0, p);
    auto& [moved_count, total_count] = cases[kind_name(c)];
    ++total_count;
    if (moved) ++moved_count;
    RC_TAG(kind_name(c), moved ? "moved" : "already feasible");
    RC_ASSERT(all_finite(p));
    RC_ASSERT(value(c, 0.0, p) >= -tol(x));
    Vec<double> pp = p;
    project(c, 0.0, pp);
    RC_ASSERT((pp - p).norm() <= tol(x));
    RC_ASSERT(std::abs((x - p).norm() - distance(c, 0.0, x)) <= tol(x));
  });
  EXPECT_TRUE(passed);
  // The generators reach both regimes for every kind: points the projection
  // moves and points already in S_j (otherwise a property could hold vacuously).
  ASSERT_EQ(cases.size(), 4u);
  for (const auto& [kind, count] : cases) {
    EXPECT_GE(count.first, count.second / 20) << kind << ": " << count.first << " moved of " << count.second;
    EXPECT_LE(count.first, count.second * 19 / 20) << kind << ": " << count.first << " moved of " << count.second;
  }
}

RC_GTEST_PROP(Projection, IsTheNearestFeasiblePoint, ()) {
  const int n = 2 * *rc::gen::inRange(2, 5);
  const auto c = *any_constraint(n);
  const auto x = *point(n, 3);
  const auto others = *rc::gen::container<std::vector<Vec<double>>>(20, point(n, 3));
  check_nearest(c, x, others, [](const Constraint<double>& k, Vec<double>& y) { project(k, 0.0, y); });
}

TEST(ProjectionNegativeControl, AnOvershootingProjectionFailsTheNearestPointProperty) {
  // Lands in S_j (it goes 50% further than needed), so feasibility alone would
  // not catch it.
  auto overshoot = [](const Constraint<double>& k, Vec<double>& y) {
    const Vec<double> x = y;
    project(k, 0.0, y);
    y = x + 1.5 * (y - x);
  };
  const bool passed = rc::check("overshooting projection is nearest (expected to FAIL)", [&] {
    const int n = 2 * *rc::gen::inRange(2, 5);
    const auto c = *any_constraint(n);
    const auto x = *point(n, 3);
    const auto others = *rc::gen::container<std::vector<Vec<double>>>(20, point(n, 3));
    check_nearest(c, x, others, overshoot);
  });
  EXPECT_FALSE(passed);
}

}  // namespace
}  // namespace sweepcheck
