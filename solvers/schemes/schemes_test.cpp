#include <gtest/gtest.h>

#include "sweepcheck/solvers/schemes/moreau_euler.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/solvers/schemes/pngs.hpp"

namespace sweepcheck {
namespace {

// A hand-checkable problem: constant drift f = (1, -1) in the plane, and the
// set {x >= 0} ∩ {y >= 0} (or a single disk complement).
struct QuarterPlane {
  using Scalar = double;
  ConstraintSet<double> set{2};
  QuarterPlane() {
    Vec<double> e1(2), e2(2);
    e1 << 1, 0;
    e2 << 0, 1;
    set.add(HalfSpace<double>(e1, 0.0));
    set.add(HalfSpace<double>(e2, 0.0));
  }
  int dim() const { return 2; }
  Vec<double> f(double, const Vec<double>&) const {
    Vec<double> v(2);
    v << 1, -1;
    return v;
  }
  const ConstraintSet<double>& constraints() const { return set; }
  Vec<double> x0() const { return Vec<double>::Zero(2); }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "quarter-plane"; }
};

// Two constraints whose single PBD sweep does not land in S: a half-plane and
// a disk complement that pushes the point back across the half-plane.
struct WedgeAndDisk {
  using Scalar = double;
  ConstraintSet<double> set{2};
  WedgeAndDisk() {
    Vec<double> n(2), c(2);
    n << 0, 1;  // y >= 0
    c << 0, 0.5;
    set.add(HalfSpace<double>(n, 0.0));
    set.add(BallComplement<double>(c, 1.0));
  }
  int dim() const { return 2; }
  Vec<double> f(double, const Vec<double>&) const { return Vec<double>::Zero(2); }
  const ConstraintSet<double>& constraints() const { return set; }
  Vec<double> x0() const { return Vec<double>::Zero(2); }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "wedge-and-disk"; }
};

TEST(Pbd, OneStepIsEulerThenOneSweepInOrder) {
  QuarterPlane p;
  Vec<double> x(2), out;
  x << 0.5, 0.1;
  Work w;
  EXPECT_EQ(Pbd<double>{}.step(p, 0.0, x, 0.5, out, w), StepStatus::ok);
  // Euler: (1.0, -0.4); project y >= 0: (1.0, 0.0).
  EXPECT_DOUBLE_EQ(out[0], 1.0);
  EXPECT_DOUBLE_EQ(out[1], 0.0);
  EXPECT_EQ(w.constraint_evaluations, 2);
  EXPECT_EQ(w.sweeps, 1);
}

TEST(Pbd, OneSweepCanLeaveTheIntersection) {
  WedgeAndDisk p;
  Vec<double> x(2), out;
  x << 0.3, -0.2;
  Work w;
  Pbd<double>{}.step(p, 0.0, x, 0.1, out, w);
  // (0.3, -0.2) -> (0.3, 0) -> radially out of the disk around (0, 0.5):
  // direction (0.3, -0.5)/|.|, |.| = sqrt(0.34), lands below y = 0.
  const double r = std::sqrt(0.34);
  EXPECT_NEAR(out[0], 0.3 / r, 1e-15);
  EXPECT_NEAR(out[1], 0.5 - 0.5 / r, 1e-15);
  EXPECT_GT(p.constraints().max_violation(0.1, out), 0.0);
}

TEST(Pngs, SweepsUntilTheStoppingRuleHolds) {
  WedgeAndDisk p;
  Vec<double> x(2), out;
  x << 0.3, -0.2;
  Work w;
  Pngs<double> s;
  EXPECT_EQ(s.step(p, 0.0, x, 0.1, out, w), StepStatus::ok);
  EXPECT_GT(w.sweeps, 1);
  EXPECT_LT(p.constraints().max_violation(0.1, out), 1e-10);
  // Limit of alternating projections: the corner (sqrt(0.75), 0) of the set.
  EXPECT_NEAR(out[0], std::sqrt(0.75), 1e-9);
  EXPECT_NEAR(out[1], 0.0, 1e-9);
}

TEST(Pngs, HittingTheSweepCapIsReported) {
  WedgeAndDisk p;
  Vec<double> x(2), out;
  x << 0.3, -0.2;
  Work w;
  Pngs<double>::Options o;
  o.max_sweeps = 2;
  o.abstol = 0;
  o.reltol = 1e-15;
  EXPECT_EQ(Pngs<double>(o).step(p, 0.0, x, 0.1, out, w), StepStatus::inner_cap_hit);
  EXPECT_EQ(w.sweeps, 2);
}

TEST(Pngs, InvalidOptionsNameTheField) {
  Pngs<double>::Options o;
  o.max_sweeps = 0;
  try {
    Pngs<double>{o};
    FAIL() << "expected an exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("max_sweeps"), std::string::npos);
  }
}

TEST(MoreauEuler, ProjectsOntoASingleConstraintExactly) {
  struct OneDisk : WedgeAndDisk {
    OneDisk() {
      set = ConstraintSet<double>(2);
      Vec<double> c = Vec<double>::Zero(2);
      set.add(BallComplement<double>(c, 1.0));
    }
  } p;
  Vec<double> x(2), out;
  x << 0.0, 0.5;
  Work w;
  MoreauEuler<double>{}.step(p, 0.0, x, 0.1, out, w);
  EXPECT_NEAR(out[0], 0.0, 1e-15);
  EXPECT_NEAR(out[1], 1.0, 1e-15);
}

TEST(MoreauEuler, RefusesAnIntersectionWithoutAnExactProjector) {
  WedgeAndDisk p;
  Vec<double> x = Vec<double>::Zero(2), out;
  Work w;
  EXPECT_THROW(MoreauEuler<double>{}.step(p, 0.0, x, 0.1, out, w), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
