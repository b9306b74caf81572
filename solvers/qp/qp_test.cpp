#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <array>
#include <random>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/qp/qp_hildreth.hpp"
#include "sweepcheck/solvers/qp/qp_mprgp.hpp"
#include "sweepcheck/solvers/qp/qp_uzawa.hpp"

namespace sweepcheck {
namespace {
using std::abs;
using std::sqrt;

template <class T>
Vec<T> vec(std::initializer_list<double> v) {
  Vec<T> x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double a : v) x[i++] = T(a);
  return x;
}

template <class T>
void add(SparseRows<T>& G, std::initializer_list<std::pair<int, double>> e, double b) {
  std::vector<std::pair<int, T>> r;
  for (auto [c, v] : e) r.emplace_back(c, T(v));
  G.add_row(r, T(b));
}

// Both exact solvers, in double and Float50, asked for a certificate at
// their ulp level (no absolute floor).
template <template <class> class Solver, class Scalar>
struct Exact {
  using T = Scalar;
  using S = Solver<Scalar>;
  static S make() {
    typename S::Options o;
    o.tolerance = 0;
    o.tolerance_factor = 1000;
    return S(o);
  }
};
template <class C>
class ExactQp : public ::testing::Test {};
using Solvers = ::testing::Types<Exact<HildrethQp, double>, Exact<HildrethQp, Float50>, Exact<MprgpQp, double>,
                                 Exact<MprgpQp, Float50>>;
TYPED_TEST_SUITE(ExactQp, Solvers);

// Projection of 0 onto {y1 + y2 >= 2}: y = (1, 1), λ = 1 (y − q = λ a).
TYPED_TEST(ExactQp, ProjectsOntoOneHalfPlaneWithItsMultiplier) {
  using T = typename TypeParam::T;
  const auto qp = TypeParam::make();
  SparseRows<T> G(2);
  add<T>(G, {{0, 1}, {1, 1}}, 2);
  Vec<T> y, l;
  const auto r = qp.solve(G, vec<T>({0, 0}), y, l);
  ASSERT_EQ(r.status, StepStatus::ok);
  const T tol = qp.tolerance(T(3));
  EXPECT_LE(abs(y[0] - T(1)), tol);
  EXPECT_LE(abs(y[1] - T(1)), tol);
  EXPECT_LE(abs(l[0] - T(1)), tol);
}

// Two disks on the x-axis at 0 and 0.3, radius 0.2: the row of the pair
// (i = 0, j = 1) is e·(y_0 − y_1) >= 0.4 with e = (−1, 0). The projection
// pushes each disk by 0.05: y = (−0.05, 0, 0.35, 0), λ = 0.05.
TYPED_TEST(ExactQp, SeparatesTwoOverlappingDisksSymmetrically) {
  using T = typename TypeParam::T;
  const auto qp = TypeParam::make();
  SparseRows<T> G(4);
  const std::array<std::pair<int, T>, 4> row{std::pair<int, T>{0, T(-1)}, {1, T(0)}, {2, T(1)}, {3, T(0)}};
  G.add_row(row, T(2) / T(5));
  Vec<T> q = Vec<T>::Zero(4), expected = Vec<T>::Zero(4);
  q[2] = T(3) / T(10);
  expected[0] = -T(1) / T(20);
  expected[2] = T(7) / T(20);
  Vec<T> y, l;
  const auto r = qp.solve(G, q, y, l);
  ASSERT_EQ(r.status, StepStatus::ok);
  const T tol = T(10) * qp.tolerance(T(2));
  EXPECT_LE((y - expected).cwiseAbs().maxCoeff(), tol);
  EXPECT_LE(abs(l[0] - T(1) / T(20)), tol);
}

// The certificate of every answer: stationarity and dual feasibility to
// round-off, primal infeasibility and complementarity within the tolerance,
// on a degenerate problem (a repeated row, so λ is not unique) with an
// inactive row.
TYPED_TEST(ExactQp, TerminatesWithAKktCertificateOnADegenerateProblem) {
  using T = typename TypeParam::T;
  const auto qp = TypeParam::make();
  SparseRows<T> G(2);
  add<T>(G, {{0, 1}}, 1);       // y1 >= 1
  add<T>(G, {{0, 2}}, 2);       // 2 y1 >= 2 (the same half-plane)
  add<T>(G, {{1, 1}}, -5);      // y2 >= -5 (inactive)
  add<T>(G, {{0, 1}, {1, 1}}, 2);  // y1 + y2 >= 2
  const Vec<T> q = vec<T>({0, 3});
  Vec<T> y, l;
  const auto r = qp.solve(G, q, y, l);
  ASSERT_EQ(r.status, StepStatus::ok);
  const T tol = qp.tolerance(problem_scale(G, q));
  const auto& c = r.certificate;
  EXPECT_LE(c.stationarity, T(100) * epsilon<T>() * T(4));
  EXPECT_EQ(c.dual_infeasibility, T(0));
  EXPECT_LE(c.primal_infeasibility, tol);
  EXPECT_LE(c.complementarity, c.lambda_l1 * tol);
  // Hand solution: (1, 3), since y1 + y2 = 4 >= 2 is slack there.
  EXPECT_LE(abs(y[0] - T(1)), tol);
  EXPECT_LE(abs(y[1] - T(3)), tol);
  EXPECT_EQ(l[2], T(0));
  EXPECT_EQ(l[3], T(0));
}

// A random jam: M disks of radius 0.2 packed on a jittered line and pushed
// together, rows e·(y_i − y_j) >= 0.4 for neighbours within 0.6.
template <class T>
SparseRows<T> random_jam(int M, std::uint64_t seed, Vec<T>& q) {
  std::mt19937_64 rng(seed);
  auto u = [&] { return double(rng() >> 11) * 0x1.0p-53; };
  q.resize(2 * M);
  for (int i = 0; i < M; ++i) {
    q[2 * i] = T(0.33 * i + 0.05 * u());
    q[2 * i + 1] = T(0.1 * (u() - 0.5));
  }
  SparseRows<T> G(2 * M);
  for (int i = 0; i < M; ++i)
    for (int j = i + 1; j < M; ++j) {
      const T dx = q[2 * i] - q[2 * j], dy = q[2 * i + 1] - q[2 * j + 1];
      const T d = sqrt(dx * dx + dy * dy);
      if (d > T(0.6)) continue;
      std::vector<std::pair<int, T>> r{{2 * i, dx / d}, {2 * i + 1, dy / d}, {2 * j, -dx / d}, {2 * j + 1, -dy / d}};
      G.add_row(r, T(0.4));
    }
  return G;
}

TYPED_TEST(ExactQp, CertifiesARandomJam) {
  using T = typename TypeParam::T;
  const auto qp = TypeParam::make();
  Vec<T> q;
  const auto G = random_jam<T>(8, 7, q);
  Vec<T> y, l;
  const auto r = qp.solve(G, q, y, l);
  ASSERT_EQ(r.status, StepStatus::ok);
  const T tol = qp.tolerance(problem_scale(G, q));
  EXPECT_LE(r.certificate.primal_infeasibility, tol);
  EXPECT_LE(natural_residual(G, y, l), tol);
  EXPECT_GT(r.certificate.lambda_l1, T(0));  // the jam really is a jam
}

TEST(ExactQp, ReportsItsCapInsteadOfReturningSilently) {
  Vec<double> q;
  const auto G = random_jam<double>(8, 7, q);
  HildrethQp<double>::Options o;
  o.max_sweeps = 1;
  Vec<double> y, l;
  EXPECT_EQ(HildrethQp<double>(o).solve(G, q, y, l).status, StepStatus::inner_cap_hit);
  MprgpQp<double>::Options m;
  m.max_iterations = 1;
  EXPECT_EQ(MprgpQp<double>(m).solve(G, q, y, l).status, StepStatus::inner_cap_hit);
}

// Issue 14: an empty polyhedron (x >= 1 and x <= 0) makes the dual unbounded
// along a flat direction of A = G Gᵀ (Q̃ empty). MPRGP reports it as a step
// status with a finite iterate instead of throwing (which ended whole studies)
// or claiming convergence.
TEST(ExactQp, MprgpReportsAnEmptyPolyhedronAsInfeasibleNotAnException) {
  SparseRows<double> G(1);
  add(G, {{0, 1.0}}, 1.0);
  add(G, {{0, -1.0}}, 0.0);
  const Vec<double> q = vec<double>({0.5});
  Vec<double> y, l;
  QpResult<double> r;
  const auto solver = Exact<MprgpQp, double>::make();
  ASSERT_NO_THROW(r = solver.solve(G, q, y, l));
  EXPECT_EQ(r.status, StepStatus::infeasible);
  EXPECT_TRUE(y.allFinite());
  EXPECT_TRUE(l.allFinite());
}

// The two exact solvers find the same projection (y is unique even where λ is not).
TEST(ExactQp, HildrethAndMprgpAgreeOnRandomJams) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Vec<double> q;
    const auto G = random_jam<double>(16, seed, q);
    Vec<double> y1, l1, y2, l2;
    const auto a = Exact<HildrethQp, double>::make().solve(G, q, y1, l1);
    const auto b = Exact<MprgpQp, double>::make().solve(G, q, y2, l2);
    ASSERT_EQ(a.status, StepStatus::ok);
    ASSERT_EQ(b.status, StepStatus::ok);
    EXPECT_LE((y1 - y2).norm(), distance_bound(a.certificate, b.certificate.lambda_l1) +
                                    distance_bound(b.certificate, b.certificate.lambda_l1))
        << "seed " << seed;
  }
}

// Uzawa agrees with the exact solver within the bound its stopping rule
// guarantees (qp_certificate.hpp): |y_U − y*| <= sqrt(gap_U + ‖λ*‖_1 infeas_U),
// with the exact solver's own error added.
TEST(UzawaQp, AgreesWithTheExactSolverWithinItsDocumentedBound) {
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    Vec<double> q;
    const auto G = random_jam<double>(12, seed, q);
    Vec<double> ye, le, yu, lu;
    const auto re = Exact<MprgpQp, double>::make().solve(G, q, ye, le);
    ASSERT_EQ(re.status, StepStatus::ok);
    UzawaQp<double>::Options o;
    o.tolerance = 1e-9;
    const auto ru = UzawaQp<double>(o).solve(G, q, yu, lu);
    ASSERT_EQ(ru.status, StepStatus::ok) << "seed " << seed;
    EXPECT_LE(natural_residual(G, yu, lu), o.tolerance);
    const double bound = distance_bound(ru.certificate, re.certificate.lambda_l1) +
                         distance_bound(re.certificate, re.certificate.lambda_l1 + 1);
    EXPECT_LE((yu - ye).norm(), bound) << "seed " << seed;
    // And the bound is not vacuous: of the order of sqrt(‖λ‖ tol).
    EXPECT_LT(bound, 1e-3);
  }
}

TEST(UzawaQp, ReportsItsCapInsteadOfReturningSilently) {
  Vec<double> q;
  const auto G = random_jam<double>(12, 1, q);
  UzawaQp<double>::Options o;
  o.max_iterations = 3;
  Vec<double> y, l;
  const auto r = UzawaQp<double>(o).solve(G, q, y, l);
  EXPECT_EQ(r.status, StepStatus::inner_cap_hit);
  EXPECT_EQ(r.iterations, 3);
}

TEST(UzawaQp, RejectsAnUnsafeStepFactor) {
  UzawaQp<double>::Options o;
  o.step_factor = 2.0;
  EXPECT_THROW(UzawaQp<double>{o}, std::invalid_argument);
}

TEST(SparseRows, GramBoundIsAnUpperBoundOfTheSpectralNorm) {
  Vec<double> q;
  const auto G = random_jam<double>(10, 3, q);
  Mat<double> D = Mat<double>::Zero(G.rows(), G.cols());
  for (int i = 0; i < G.rows(); ++i) {
    Vec<double> e = Vec<double>::Zero(G.cols());
    G.axpy(i, 1.0, e);
    D.row(i) = e.transpose();
  }
  const Mat<double> A = D * D.transpose();
  const double n2 = Eigen::SelfAdjointEigenSolver<Mat<double>>(A).eigenvalues().cwiseAbs().maxCoeff();
  EXPECT_LE(n2, G.gram_norm_bound() * (1 + 1e-12));
}

}  // namespace
}  // namespace sweepcheck
