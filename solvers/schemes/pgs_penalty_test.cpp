// Single steps of PGS and the penalty method against hand-computed cases
// (seed 000, Section 4.1).
#include <gtest/gtest.h>

#include <cmath>

#include "sweepcheck/solvers/schemes/penalty.hpp"
#include "sweepcheck/solvers/schemes/pgs.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {
namespace {

Vec<double> point2(double a, double b) {
  Vec<double> x(2);
  x << a, b;
  return x;
}

// Constant drift `drift` and a given set; every other member is irrelevant for one step.
struct OneStepProblem {
  using Scalar = double;
  ConstraintSet<double> set{2};
  Vec<double> drift = Vec<double>::Zero(2);
  int dim() const { return 2; }
  Vec<double> f(double, const Vec<double>&) const { return drift; }
  const ConstraintSet<double>& constraints() const { return set; }
  Vec<double> x0() const { return Vec<double>::Zero(2); }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "one-step"; }
};

// {y >= 0} minus the open unit disk around (0, 0.5), no drift.
OneStepProblem wedge_and_disk() {
  OneStepProblem p;
  p.set.add(HalfSpace<double>(point2(0, 1), 0.0));
  p.set.add(BallComplement<double>(point2(0, 0.5), 1.0));
  return p;
}

TEST(Pgs, SweepsTheHalfSpacesLinearisedAtThePredictionToTheirCorner) {
  // Prediction y = (0.3, −0.2) violates both constraints. Linearised at y:
  //   z_2 >= 0, and the tangent half-space a·(z − c) >= 1 with
  //   a = (0.3, −0.7)/sqrt(0.58), c = (0, 0.5).
  // Alternating projections between two half-spaces whose boundary lines meet
  // at a corner, starting outside both, slide along the lines into the corner:
  //   z_2 = 0,  0.3 z_1 + 0.35 = sqrt(0.58)  =>  z_1 = (sqrt(0.58) − 0.35)/0.3.
  // (The exact P_S(y) is (sqrt(0.75), 0): S̃ is an inner approximation of S.)
  // The sweeps contract the distance to the corner by ρ = cos²θ ≈ 0.84 (θ the
  // angle between the normals); with (38) at reltol 1e-14 the remaining error
  // is below 1e-14 · ρ/(1 − ρ) · |z| < 1e-12.
  auto p = wedge_and_disk();
  Vec<double> out;
  Work w;
  const Pgs<double> pgs({.abstol = 0.0, .reltol = 1e-14, .max_sweeps = 10000});
  ASSERT_EQ(pgs.step(p, 0.0, point2(0.3, -0.2), 0.1, out, w), StepStatus::ok);
  EXPECT_NEAR(out[0], (std::sqrt(0.58) - 0.35) / 0.3, 1e-12);
  EXPECT_NEAR(out[1], 0.0, 1e-12);
  EXPECT_GT(w.sweeps, 2);
  // Building S̃ looks at both constraints once; each sweep evaluates both half-spaces.
  EXPECT_EQ(w.constraint_evaluations, 2 + 2 * w.sweeps);
}

TEST(Pgs, DropsConstraintsSatisfiedAtThePrediction) {
  // Quarter plane, prediction (0.5, −0.4): only y >= 0 is linearised; the
  // linearisation of a half-space is itself, so one sweep lands on (0.5, 0)
  // and the second sweep confirms (38).
  OneStepProblem p;
  p.set.add(HalfSpace<double>(point2(1, 0), 0.0));
  p.set.add(HalfSpace<double>(point2(0, 1), 0.0));
  p.drift = point2(1, -1);
  Vec<double> out;
  Work w;
  ASSERT_EQ(Pgs<double>{}.step(p, 0.0, point2(0.4, -0.3), 0.1, out, w), StepStatus::ok);
  EXPECT_DOUBLE_EQ(out[0], 0.5);
  EXPECT_DOUBLE_EQ(out[1], 0.0);
  EXPECT_EQ(w.sweeps, 2);
  EXPECT_EQ(w.constraint_evaluations, 2 + 1 * 2);
}

TEST(Pgs, HittingTheSweepCapIsReported) {
  auto p = wedge_and_disk();
  Vec<double> out;
  Work w;
  Pgs<double>::Options o;
  o.max_sweeps = 2;
  EXPECT_EQ(Pgs<double>(o).step(p, 0.0, point2(0.3, -0.2), 0.1, out, w), StepStatus::inner_cap_hit);
  EXPECT_EQ(w.sweeps, 2);
}

TEST(Pgs, InvalidOptionsNameTheField) {
  Pgs<double>::Options o;
  o.reltol = -1;
  try {
    Pgs<double>{o};
    FAIL() << "expected an exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("reltol"), std::string::npos);
  }
}

TEST(Penalty, OneStepIsExplicitEulerWithTheDistanceForce) {
  // Quarter plane, f = (1, −1), x = (0.5, −0.4), γ = 10, h = 0.1:
  // d_{y>=0}(x) = 0.4, ∇d = (0, −1), so −γ d ∇d = (0, 4);
  // x' = (1, 3), x_1 = (0.6, −0.1).
  OneStepProblem p;
  p.set.add(HalfSpace<double>(point2(1, 0), 0.0));
  p.set.add(HalfSpace<double>(point2(0, 1), 0.0));
  p.drift = point2(1, -1);
  Vec<double> out;
  Work w;
  const Penalty<double> pen({.gamma = 10.0});
  ASSERT_EQ(pen.step(p, 0.0, point2(0.5, -0.4), 0.1, out, w), StepStatus::ok);
  EXPECT_NEAR(out[0], 0.6, 1e-15);
  EXPECT_NEAR(out[1], -0.1, 1e-15);
  EXPECT_EQ(w.constraint_evaluations, 2);
}

TEST(Penalty, PairForceIsHalfTheOverlapAlongTheLineOfCentres) {
  // Two disks at (0, 0) and (0.15, 0), min distance 0.2: overlap 0.05.
  // d = 0.05/sqrt(2), ∇d = (1, 0, −1, 0)/sqrt(2) (pointing into overlap),
  // −d ∇d = (−0.025, 0, 0.025, 0): each disk pushed apart by half the overlap per unit γ h.
  OneStepProblem p;
  p.set = ConstraintSet<double>(4);
  p.set.add(PairNonOverlap<double>(0, 1, 2, 0.2));
  p.drift = Vec<double>::Zero(4);
  Vec<double> x(4), out;
  x << 0, 0, 0.15, 0;
  Work w;
  Penalty<double>({.gamma = 2.0}).step(p, 0.0, x, 0.5, out, w);
  EXPECT_NEAR(out[0], -0.025, 1e-15);
  EXPECT_NEAR(out[2], 0.175, 1e-15);
  EXPECT_NEAR(out[1], 0.0, 1e-15);
}

TEST(Penalty, InvalidGammaIsRejected) {
  EXPECT_THROW(Penalty<double>({.gamma = 0.0}), std::invalid_argument);
  EXPECT_THROW(Penalty<double>({.gamma = std::nan("")}), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
