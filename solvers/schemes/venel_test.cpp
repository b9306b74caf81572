#include <gtest/gtest.h>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/schemes/venel.hpp"
#include "sweepcheck/solvers/sets/ball_complement.hpp"

namespace sweepcheck {
namespace {

// x' ∈ f − N(S, x) in the plane with S = {|x − (2, 0)| >= 1}, x0 = 0.
template <class T>
struct OutsideDisk {
  using Scalar = T;
  ConstraintSet<T> set{2};
  Vec<T> drift;
  OutsideDisk(double fx, double fy) : drift(2) {
    Vec<T> c(2);
    c << T(2), T(0);
    set.add(BallComplement<T>(c, T(1)));
    drift << T(fx), T(fy);
  }
  int dim() const { return 2; }
  Vec<T> f(const T&, const Vec<T>&) const { return drift; }
  const ConstraintSet<T>& constraints() const { return set; }
  Vec<T> x0() const { return Vec<T>::Zero(2); }
  T t0() const { return T(0); }
  T t_end() const { return T(1); }
  std::string name() const { return "outside-disk"; }
};

// Hand computation of one step of seed 001, (11): at q = 0, g = |q − c| − 1 = 1
// and ∇g = (q − c)/|q − c| = (−1, 0), so Q̃ = {1 − y_1 >= 0} = {y_1 <= 1}.
// With f = (1, 1) and h = 1.5 the prediction (1.5, 1.5) lies outside Q̃ and
// is projected to (1, 1.5) — although it lies in S itself (|(−0.5, 1.5)| > 1),
// so Venel's step differs from the catching-up step here.
template <class T>
class VenelStep : public ::testing::Test {};
using Scalars = ::testing::Types<double, Float50>;
TYPED_TEST_SUITE(VenelStep, Scalars);

TYPED_TEST(VenelStep, ProjectsThePredictionOntoTheLinearisedSet) {
  using T = TypeParam;
  const OutsideDisk<T> p(1, 1);
  Vec<T> out;
  Work w;
  typename MprgpQp<T>::Options o;
  o.tolerance = 0;  // ulps only
  const Venel<T, MprgpQp<T>> exact(MprgpQp<T>(o), {});
  ASSERT_EQ(exact.step(p, T(0), p.x0(), T(1.5), out, w), StepStatus::ok);
  using std::abs;
  const T tol = T(100) * exact.solver.tolerance(T(3));
  EXPECT_LE(abs(out[0] - T(1)), tol);
  EXPECT_LE(abs(out[1] - T(1.5)), tol);
  EXPECT_EQ(w.sweeps, 1);
}

TEST(VenelStep, KeepsAPredictionThatSatisfiesTheLinearisedSet) {
  const OutsideDisk<double> p(1, 0);
  Vec<double> out;
  Work w;
  const Venel<double, UzawaQp<double>> uzawa;
  ASSERT_EQ(uzawa.step(p, 0.0, p.x0(), 0.5, out, w), StepStatus::ok);
  EXPECT_NEAR(out[0], 0.5, 1e-15);
  EXPECT_NEAR(out[1], 0.0, 1e-15);
}

// A moving half-plane g(t, x) = x_1 − t >= 0 with f = 0: the linearisation is
// taken at the NEW time t_{k+1} (seed 001, (11)), so from x = 0 at t = 0 with
// h = 0.5 the step lands on x_1 = 0.5. (At t_k it would stay at 0.)
struct MovingWallSet {
  // Interface of venel.hpp for sets that choose their rows.
  void linearise(const double& t, const Vec<double>& q, const double&, SparseRows<double>& rows, Work& w) const {
    rows.clear(static_cast<int>(q.size()));
    ++w.constraint_evaluations;
    const std::array<std::pair<int, double>, 1> e{std::pair<int, double>{0, 1.0}};
    rows.add_row(e, q[0] - (q[0] - t));  // <∇g, q> − g(t, q) = t
  }
  double linearisation_drift(const Vec<double>&, const Vec<double>&) const { return 0; }
  // The Problem concept asks every set for it (solvers/core/constraint_set_concept.hpp): S(t) = { q : q_0 >= t }.
  double max_violation(double t, const Vec<double>& q) const { return std::max(0.0, t - q[0]); }
};
struct MovingWall {
  using Scalar = double;
  MovingWallSet set;
  int dim() const { return 2; }
  Vec<double> f(double, const Vec<double>&) const { return Vec<double>::Zero(2); }
  const MovingWallSet& constraints() const { return set; }
  Vec<double> x0() const { return Vec<double>::Zero(2); }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "moving-wall"; }
};

TEST(VenelStep, LinearisesTheConstraintsAtTheNewTime) {
  const MovingWall p;
  Vec<double> out;
  Work w;
  ASSERT_EQ((Venel<double, HildrethQp<double>>{}.step(p, 0.0, p.x0(), 0.5, out, w)), StepStatus::ok);
  EXPECT_NEAR(out[0], 0.5, 1e-12);
  EXPECT_NEAR(out[1], 0.0, 1e-15);
}

TEST(VenelStep, ReportsTheInnerSolversCap) {
  const OutsideDisk<double> p(1, 1);
  UzawaQp<double>::Options o;
  o.max_iterations = 1;
  o.tolerance = 1e-14;
  o.step_factor = 0.5;  // half the exact single-row step: one iteration cannot finish
  const Venel<double, UzawaQp<double>> uzawa(UzawaQp<double>(o), {});
  Vec<double> out;
  Work w;
  EXPECT_EQ(uzawa.step(p, 0.0, p.x0(), 1.5, out, w), StepStatus::inner_cap_hit);
}

}  // namespace
}  // namespace sweepcheck
