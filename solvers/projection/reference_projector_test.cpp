// The reference projector against hand-computed projections, an exact
// enumeration of strata for two intersecting ball complements (the sliding
// case's set), its KKT certificate in double and Float50, and negative
// controls (wrong points must fail the certificate).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"
#include "sweepcheck/solvers/schemes/moreau_euler.hpp"

namespace sweepcheck {
namespace {

template <class T>
Vec<T> v2(T a, T b) {
  Vec<T> x(2);
  x << a, b;
  return x;
}

template <class T>
Vec<T> v3(T a, T b, T c) {
  Vec<T> x(3);
  x << a, b, c;
  return x;
}

// {x >= 0} ∩ {y >= 0}.
ConstraintSet<double> quarter_plane() {
  ConstraintSet<double> s(2);
  s.add(HalfSpace<double>(v2(1.0, 0.0), 0.0));
  s.add(HalfSpace<double>(v2(0.0, 1.0), 0.0));
  return s;
}

// {y >= 0} minus the open unit disk around (0, 0.5).
template <class T>
ConstraintSet<T> wedge_and_disk() {
  ConstraintSet<T> s(2);
  s.add(HalfSpace<T>(v2<T>(T(0), T(1)), T(0)));
  s.add(BallComplement<T>(v2<T>(T(0), T(0.5)), T(1)));
  return s;
}

// The sliding case's set for d = 3: complements of the balls of radius
// R = sqrt(1 + C²) around ±C e_3; they meet on the unit circle of the
// (x_1, x_2)-plane.
template <class T>
ConstraintSet<T> two_spheres(T C) {
  using std::sqrt;
  const T R = sqrt(T(1) + C * C);
  ConstraintSet<T> s(3);
  s.add(BallComplement<T>(v3<T>(T(0), T(0), C), R));
  s.add(BallComplement<T>(v3<T>(T(0), T(0), -C), R));
  return s;
}

// P_S(q) for two_spheres by enumerating the strata of S: the interior (q
// itself), each sphere (radial projection), the circle where both are active.
// The nearest feasible candidate is the projection.
template <class T>
Vec<T> enumerate_two_spheres(const ConstraintSet<T>& s, T C, const Vec<T>& q) {
  using std::sqrt;
  std::vector<Vec<T>> cands;
  const T tol = T(100) * epsilon<T>();
  auto feasible = [&](const Vec<T>& y) {
    return value(s[0], T(0), y) >= -tol && value(s[1], T(0), y) >= -tol;
  };
  if (feasible(q)) return q;
  for (int j = 0; j < 2; ++j) {
    Vec<T> y = q;
    project(s[j], T(0), y);
    if (feasible(y)) cands.push_back(y);
  }
  const T r = sqrt(q[0] * q[0] + q[1] * q[1]);
  cands.push_back(v3<T>(q[0] / r, q[1] / r, T(0)));
  (void)C;
  Vec<T> best = cands.front();
  for (const auto& c : cands)
    if ((c - q).norm() < (best - q).norm()) best = c;
  return best;
}

TEST(ReferenceProjector, ProjectsOntoTheQuarterPlaneCornerWithHandComputedMultipliers) {
  const auto s = quarter_plane();
  const auto r = project_onto(s, 0.0, v2(-1.0, -2.0));
  ASSERT_TRUE(r.converged);
  // P = (0, 0); y − q = (1, 2) = 1·e_1 + 2·e_2.
  EXPECT_NEAR(r.point[0], 0.0, 1e-14);
  EXPECT_NEAR(r.point[1], 0.0, 1e-14);
  EXPECT_NEAR(r.multipliers[0], 1.0, 1e-13);
  EXPECT_NEAR(r.multipliers[1], 2.0, 1e-13);
  EXPECT_EQ(r.active, (std::vector<int>{0, 1}));
  EXPECT_NEAR(r.distance, std::sqrt(5.0), 1e-14);
}

TEST(ReferenceProjector, LeavesAFeasiblePointWhereItIsWithZeroMultipliers) {
  const auto s = quarter_plane();
  const auto r = project_onto(s, 0.0, v2(0.5, 3.0));
  ASSERT_TRUE(r.converged);
  EXPECT_EQ(r.point, v2(0.5, 3.0));
  EXPECT_TRUE(r.active.empty());
  EXPECT_EQ(r.distance, 0.0);
}

// No constraint (the disks' projector asks for the pairs within reach, and
// there may be none): S = R², P_S(q) = q, in the one iteration a QP without
// constraints takes. In the sanitizer job this is the regression test of a
// triangular solve on an n×0 matrix (UBSan: reference binding to null).
TEST(ReferenceProjector, ProjectsOntoNoConstraintAtAllAsTheIdentityInOneIteration) {
  const ConstraintSet<double> none(2);
  Work w;
  const auto r = project_onto(none, 0.0, v2(0.5, -3.0), {}, w);
  ASSERT_TRUE(r.converged);
  EXPECT_EQ(r.point, v2(0.5, -3.0));
  EXPECT_EQ(r.multipliers.size(), 0);
  EXPECT_EQ(r.distance, 0.0);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_EQ(w.inner_iterations, 1);
}

TEST(ReferenceProjector, FindsTheCornerWhereAlternatingProjectionsOnlyApproachIt) {
  // q = (0.3, −0.2): the half-plane projection (0.3, 0) lies in the disk, the
  // disk projection lies below y = 0, so P_S(q) is the corner (sqrt(0.75), 0).
  // Multipliers from y − q = λ_1 e_2 + λ_2 (y − c), y − c = (sqrt(.75), −0.5):
  //   λ_2 = (sqrt(.75) − 0.3)/sqrt(.75),  λ_1 = 0.2 + 0.5 λ_2.
  const auto s = wedge_and_disk<double>();
  const auto r = project_onto(s, 0.0, v2(0.3, -0.2));
  ASSERT_TRUE(r.converged);
  const double c = std::sqrt(0.75);
  EXPECT_NEAR(r.point[0], c, 1e-14);
  EXPECT_NEAR(r.point[1], 0.0, 1e-14);
  const double l2 = (c - 0.3) / c;
  EXPECT_NEAR(r.multipliers[1], l2, 1e-13);
  EXPECT_NEAR(r.multipliers[0], 0.2 + 0.5 * l2, 1e-13);
}

TEST(ReferenceProjector, MatchesTheExactEnumerationOfStrataOnTwoSpheres) {
  const double C = 10;
  const auto s = two_spheres(C);
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<double> angle(0.05, 3.0), off(-0.3, 0.3);
  int both_active = 0, one_active = 0;
  for (int k = 0; k < 200; ++k) {
    const double a = angle(rng);
    // Points near the circle: inside one or both balls, or outside both.
    const Vec<double> q = v3((1 + off(rng)) * std::sin(a), (1 + off(rng)) * std::cos(a), off(rng));
    const auto r = project_onto(s, 0.0, q);
    ASSERT_TRUE(r.converged) << "q = " << q.transpose();
    const Vec<double> e = enumerate_two_spheres(s, C, q);
    // Both are exact up to a few roundings of numbers of size ~1.
    EXPECT_LT((r.point - e).norm(), 1e-12) << "q = " << q.transpose();
    both_active += r.active.size() == 2;
    one_active += r.active.size() == 1;
  }
  // The sample exercises both non-trivial strata.
  EXPECT_GT(both_active, 20);
  EXPECT_GT(one_active, 20);
}

TEST(ReferenceProjector, CertifiesItsResultInFloat50ToFiftyDigitPrecision) {
  using F = Float50;
  const F C(10);
  const auto s = two_spheres<F>(C);
  // Inside both balls: P_S(q) is on the circle, (q_1, q_2)/|(q_1, q_2)|, 0.
  const Vec<F> q = v3<F>(F(0.3), F(0.8), F(0.05));
  const auto r = project_onto(s, F(0), q);
  ASSERT_TRUE(r.converged);
  const F n = boost::multiprecision::sqrt(q[0] * q[0] + q[1] * q[1]);
  const Vec<F> expected = v3<F>(q[0] / n, q[1] / n, F(0));
  // Tolerance: the certificate's own, 1e3 ε (1 + |q|), ε ≈ 1e-50.
  EXPECT_LT((r.point - expected).norm(), r.kkt.tolerance);
  EXPECT_LT(r.kkt.tolerance, F(1e-45));
  EXPECT_EQ(r.active.size(), 2u);
  EXPECT_TRUE(r.kkt.ok());
}

TEST(ReferenceProjector, CertificateRejectsTheInfeasibleOneSweepPoint) {
  // PBD's single sweep from (0.3, −0.2) ends below y = 0 (schemes_test.cpp).
  const auto s = wedge_and_disk<double>();
  const Vec<double> q = v2(0.3, -0.2);
  Vec<double> y = q;
  Work w;
  s.sweep(0.0, y, w);
  const auto c = kkt_certificate(s, 0.0, q, y, Vec<double>(Vec<double>::Zero(2)));
  EXPECT_GT(c.primal, 1e-3);
  EXPECT_FALSE(c.ok());
}

TEST(ReferenceProjector, CertificateRejectsAFeasibleButNonNearestPoint) {
  // (1, 0) is feasible (on y = 0, outside the disk) but not the nearest point:
  // q − y is not in the normal cone there, whatever the multipliers.
  const auto s = wedge_and_disk<double>();
  const Vec<double> q = v2(0.3, -0.2);
  const auto c = kkt_certificate(s, 0.0, q, v2(1.0, 0.0), Vec<double>(Vec<double>::Zero(2)));
  EXPECT_EQ(c.primal, 0.0);
  EXPECT_GT(c.cone_residual, 0.1);
  EXPECT_FALSE(c.ok());
}

TEST(ReferenceProjector, CertificateRejectsNegativeMultipliers) {
  const auto s = quarter_plane();
  // y = (0, 0) from q = (1, 1) would need λ = (−1, −1): stationary but not dual feasible.
  const auto c = kkt_certificate(s, 0.0, v2(1.0, 1.0), v2(0.0, 0.0), v2(-1.0, -1.0));
  EXPECT_LT(c.stationarity, 1e-15);
  EXPECT_GT(c.dual, 0.5);
  EXPECT_FALSE(c.ok());
}

TEST(ReferenceProjector, DistanceToSetIsTheNormOfTheDisplacement) {
  const auto s = wedge_and_disk<double>();
  const double c = std::sqrt(0.75);
  EXPECT_NEAR(distance_to_set(s, 0.0, v2(0.3, -0.2)), std::hypot(c - 0.3, 0.2), 1e-14);
}

TEST(ReferenceProjector, InvalidOptionsNameTheField) {
  ReferenceProjectorOptions<double> o;
  o.max_iterations = 0;
  try {
    o.validate();
    FAIL() << "expected an exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("max_iterations"), std::string::npos);
  }
}

// Moreau–Euler with the reference projector on a problem whose set is the
// sliding case's intersection: one step is P_S(x + h f), checked against the
// enumeration.
struct TwoSpheresDrift {
  using Scalar = double;
  ConstraintSet<double> set = two_spheres(10.0);
  int dim() const { return 3; }
  Vec<double> f(double, const Vec<double>&) const { return v3(0.0, -1.0, 0.0); }
  const ConstraintSet<double>& constraints() const { return set; }
  Vec<double> x0() const { return v3(std::sin(0.2), std::cos(0.2), 0.0); }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "two-spheres"; }
};

TEST(ReferenceProjector, DrivesMoreauEulerOnAnIntersectionOfBallComplements) {
  TwoSpheresDrift p;
  const Vec<double> x = p.x0();
  Vec<double> out;
  Work w;
  const MoreauEuler<double, ReferenceProjector<double>> me;
  ASSERT_EQ(me.step(p, 0.0, x, 0.1, out, w), StepStatus::ok);
  const Vec<double> e = enumerate_two_spheres(p.set, 10.0, Vec<double>(x + 0.1 * p.f(0, x)));
  EXPECT_LT((out - e).norm(), 1e-12);
  EXPECT_GT(w.inner_iterations, 0);
}

}  // namespace
}  // namespace sweepcheck
