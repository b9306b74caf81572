#include <gtest/gtest.h>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {
namespace {

Vec<double> v(std::initializer_list<double> xs) {
  Vec<double> out(static_cast<Eigen::Index>(xs.size()));
  Eigen::Index i = 0;
  for (double x : xs) out[i++] = x;
  return out;
}

TEST(HalfSpace, ProjectionMovesAlongTheNormalToTheBoundary) {
  HalfSpace<double> s(v({0, 2}), 2.0);  // y >= 1 after normalisation
  Vec<double> x = v({3, -1});
  EXPECT_DOUBLE_EQ(s.distance(0, x), 2.0);
  EXPECT_TRUE(s.project(0, x));
  EXPECT_DOUBLE_EQ(x[0], 3.0);
  EXPECT_DOUBLE_EQ(x[1], 1.0);
  EXPECT_FALSE(s.project(0, x));
}

TEST(HalfSpace, ZeroNormalIsRejected) { EXPECT_THROW(HalfSpace<double>(v({0, 0}), 1.0), std::invalid_argument); }

TEST(Ball, ProjectionOfAnOutsidePointLandsOnTheSphere) {
  Ball<double> b(v({1, 1}), 2.0);
  Vec<double> x = v({1, 5});
  EXPECT_DOUBLE_EQ(b.distance(0, x), 2.0);
  EXPECT_TRUE(b.project(0, x));
  EXPECT_NEAR(x[0], 1.0, 1e-15);
  EXPECT_NEAR(x[1], 3.0, 1e-15);
  Vec<double> inside = v({1.5, 1});
  EXPECT_FALSE(b.project(0, inside));
}

TEST(BallComplement, ProjectionAtTheExactCentreIsDeterministicAndFinite) {
  BallComplement<double> b(v({2, -1, 0}), 0.5);
  Vec<double> x = v({2, -1, 0});
  Vec<double> y = x;
  EXPECT_TRUE(b.project(0, x));
  EXPECT_TRUE(b.project(0, y));
  EXPECT_TRUE(all_finite(x));
  EXPECT_EQ(x, y);
  EXPECT_NEAR((x - v({2, -1, 0})).norm(), 0.5, 1e-15);
  EXPECT_NEAR(b.value(0, x), 0.0, 1e-15);
}

TEST(BallComplement, ProjectionPushesRadiallyOutward) {
  BallComplement<double> b(v({0, 0}), 2.0);
  Vec<double> x = v({0.6, 0.8});
  EXPECT_NEAR(b.distance(0, x), 1.0, 1e-15);
  b.project(0, x);
  EXPECT_NEAR(x[0], 1.2, 1e-15);
  EXPECT_NEAR(x[1], 1.6, 1e-15);
}

TEST(PairNonOverlap, ProjectionKeepsTheMidpointAndSeparatesToMinDistance) {
  // Three disks in the plane; the pair (0, 2) overlaps.
  PairNonOverlap<double> p(0, 2, 2, 0.2);
  Vec<double> x = v({0, 0, 5, 5, 0.1, 0});
  EXPECT_NEAR(p.distance(0, x), 0.1 / std::sqrt(2.0), 1e-15);
  EXPECT_TRUE(p.project(0, x));
  EXPECT_NEAR(x[0], -0.05, 1e-15);
  EXPECT_NEAR(x[4], 0.15, 1e-15);
  EXPECT_DOUBLE_EQ(x[2], 5.0);  // the third disk is untouched
  EXPECT_NEAR(p.value(0, x), 0.0, 1e-15);
}

TEST(PairNonOverlap, CoincidentDisksSeparateAlongTheFirstAxis) {
  PairNonOverlap<double> p(0, 1, 2, 0.2);
  Vec<double> x = v({1, 1, 1, 1});
  p.project(0, x);
  EXPECT_TRUE(all_finite(x));
  EXPECT_NEAR(x[0], 1.1, 1e-15);
  EXPECT_NEAR(x[2], 0.9, 1e-15);
  EXPECT_DOUBLE_EQ(x[1], 1.0);
}

TEST(PairNonOverlap, DistanceIsTheStackedEuclideanDistanceToTheProjection) {
  PairNonOverlap<double> p(1, 0, 2, 1.0);
  Vec<double> x = v({0.3, -0.2, 0.1, 0.4});
  Vec<double> y = x;
  p.project(0, y);
  EXPECT_NEAR((x - y).norm(), p.distance(0, x), 1e-15);
}

TEST(ConstraintSet, SweepVisitsConstraintsInInsertionOrderAndCountsWork) {
  ConstraintSet<double> s(2);
  s.add(HalfSpace<double>(v({1, 0}), 1.0));  // x >= 1
  s.add(HalfSpace<double>(v({1, 1}), 0.0));  // x + y >= 0
  Vec<double> x = v({0, -3});
  Work w;
  s.sweep(0, x, w);
  // First x -> 1, then (1, -3) projected on x + y >= 0 -> (2, -2).
  EXPECT_NEAR(x[0], 2.0, 1e-15);
  EXPECT_NEAR(x[1], -2.0, 1e-15);
  EXPECT_EQ(w.constraint_evaluations, 2);
  EXPECT_EQ(w.projections, 2);
  EXPECT_EQ(w.sweeps, 1);
  EXPECT_LE(s.max_violation(0, x), 4 * std::numeric_limits<double>::epsilon());  // round-off of the normalised normal
}

TEST(ConstraintSet, WorksInMultiprecision) {
  ConstraintSet<Float50> s(2);
  Vec<Float50> c = Vec<Float50>::Zero(2);
  s.add(BallComplement<Float50>(c, Float50(1)));
  Vec<Float50> x(2);
  x << Float50("0.3"), Float50("0.4");
  Work w;
  s.sweep(Float50(0), x, w);
  EXPECT_LT(abs(x.norm() - Float50(1)), Float50(1e-45));
}

}  // namespace
}  // namespace sweepcheck
