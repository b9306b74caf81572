#include <gtest/gtest.h>

#include "sweepcheck/solvers/sets/constraint.hpp"
#include "sweepcheck/solvers/sets/disk_segment_wall.hpp"

namespace sweepcheck {
namespace {

// Segment A = (0, 0), B = (2, 0); disk radius 0.5; one disk (state in R²).
DiskSegmentWall<double> wall() { return {0, 0.0, 0.0, 2.0, 0.0, 0.5}; }

Vec<double> at(double x, double y) {
  Vec<double> v(2);
  v << x, y;
  return v;
}

TEST(DiskSegmentWall, PushesADiskOffTheMiddleOfTheSegmentAlongTheNormal) {
  Vec<double> x = at(1, 0.3);
  EXPECT_NEAR(wall().value(0, x), -0.2, 1e-15);
  EXPECT_NEAR(wall().distance(0, x), 0.2, 1e-15);
  Vec<double> g;
  wall().gradient(0, x, g);
  EXPECT_NEAR(g[0], 0, 1e-15);
  EXPECT_NEAR(g[1], 1, 1e-15);
  EXPECT_TRUE(wall().project(0, x));
  EXPECT_NEAR(x[0], 1, 1e-15);
  EXPECT_NEAR(x[1], 0.5, 1e-15);
}

// Near the end B: the nearest point is B, |(0.24, 0.32)| = 0.4, so g = −0.1,
// the gradient is (0.6, 0.8) and the projection is B + 0.5 (0.6, 0.8).
TEST(DiskSegmentWall, PushesADiskRadiallyAwayFromAnEndPoint) {
  Vec<double> x = at(2.24, 0.32);
  EXPECT_NEAR(wall().value(0, x), -0.1, 1e-15);
  Vec<double> g;
  wall().gradient(0, x, g);
  EXPECT_NEAR(g[0], 0.6, 1e-15);
  EXPECT_NEAR(g[1], 0.8, 1e-15);
  EXPECT_TRUE(wall().project(0, x));
  EXPECT_NEAR(x[0], 2.3, 1e-15);
  EXPECT_NEAR(x[1], 0.4, 1e-15);
}

TEST(DiskSegmentWall, LeavesAFeasibleDiskWhereItIs) {
  Vec<double> x = at(3, 0.4);  // |(1, 0.4)| = 1.0770 > 0.5
  EXPECT_NEAR(wall().value(0, x), std::sqrt(1.16) - 0.5, 1e-15);
  EXPECT_FALSE(wall().project(0, x));
  EXPECT_EQ(x, at(3, 0.4));
}

// A centre on the segment: the tie-break is the left normal of B − A = (2, 0), i.e. (0, 1).
TEST(DiskSegmentWall, UsesTheLeftNormalForACentreOnTheSegment) {
  Vec<double> x = at(1, 0);
  EXPECT_TRUE(wall().project(0, x));
  EXPECT_NEAR(x[0], 1, 1e-15);
  EXPECT_NEAR(x[1], 0.5, 1e-15);
}

TEST(DiskSegmentWall, MovesOnlyItsOwnDiskInAStackedState) {
  const DiskSegmentWall<double> w(1, 0.0, 0.0, 2.0, 0.0, 0.5);
  Vec<double> x(4);
  x << 7, 7, 1, 0.3;
  const Constraint<double> c = w;
  EXPECT_EQ(kind_name(c), "disk-segment-wall");
  EXPECT_TRUE(project(c, 0.0, x));
  EXPECT_EQ(x[0], 7);
  EXPECT_EQ(x[1], 7);
  EXPECT_NEAR(x[3], 0.5, 1e-15);
}

TEST(DiskSegmentWall, RejectsADegenerateSegmentOrRadius) {
  EXPECT_THROW((DiskSegmentWall<double>(0, 1.0, 1.0, 1.0, 1.0, 0.5)), std::invalid_argument);
  EXPECT_THROW((DiskSegmentWall<double>(0, 0.0, 0.0, 1.0, 0.0, 0.0)), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
