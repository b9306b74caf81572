#include <gtest/gtest.h>

#include <random>

#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {
namespace {

TEST(Nnls, RecoversANonNegativeCombinationExactly) {
  Mat<double> A(3, 2);
  A << 1, 0, 0, 1, 1, 1;
  Vec<double> b = A * Vec<double>::Constant(2, 0.5);
  const auto r = nnls(A, b);
  EXPECT_TRUE(r.converged);
  EXPECT_NEAR(r.lambda[0], 0.5, 1e-14);
  EXPECT_NEAR(r.lambda[1], 0.5, 1e-14);
  EXPECT_LT(r.residual, 1e-14);
}

TEST(Nnls, AVectorOutsideTheConeLeavesAResidual) {
  Mat<double> A(2, 1);
  A << 1, 0;
  Vec<double> b(2);
  b << -1, 1;  // only the negative direction would fit x
  const auto r = nnls(A, b);
  EXPECT_TRUE(r.converged);
  EXPECT_DOUBLE_EQ(r.lambda[0], 0.0);
  EXPECT_NEAR(r.residual, std::sqrt(2.0), 1e-14);
}

TEST(Nnls, ClampsTheUnconstrainedSolutionsNegativePart) {
  // Unconstrained least squares gives (2, -1); with λ >= 0 the answer is (1.5, 0)... checked by KKT.
  Mat<double> A(2, 2);
  A << 1, 1, 1, 2;
  Vec<double> b(2);
  b << 1, 0;
  const auto r = nnls(A, b);
  ASSERT_TRUE(r.converged);
  const Vec<double> grad = A.transpose() * (A * r.lambda - b);
  for (int j = 0; j < 2; ++j) {
    EXPECT_GE(r.lambda[j], 0.0);
    EXPECT_GE(grad[j], -1e-14);                       // dual feasibility
    EXPECT_NEAR(r.lambda[j] * grad[j], 0.0, 1e-14);  // complementarity
  }
}

// The KKT conditions of min |Aλ − b|, λ >= 0, checked directly: λ >= 0,
// w = Aᵀ(b − Aλ) <= 0 where λ = 0 and w = 0 where λ > 0.
void expect_kkt(const Mat<double>& A, const Vec<double>& b, const NnlsResult<double>& r, const std::string& what) {
  ASSERT_TRUE(r.converged) << what;
  const Vec<double> w = A.transpose() * (b - A * r.lambda);
  const double tol = 1e-10 * (A.norm() + 1) * (b.norm() + 1);
  for (Eigen::Index j = 0; j < A.cols(); ++j) {
    EXPECT_GE(r.lambda[j], 0.0) << what;
    if (r.lambda[j] > 0) {
      EXPECT_NEAR(w[j], 0.0, tol) << what << " j=" << j;
    } else {
      EXPECT_LE(w[j], tol) << what << " j=" << j;
    }
  }
}

TEST(Nnls, AWarmStartGivesTheColdAnswerFromAnyGuessAndSavesWorkFromTheRightOne) {
  std::mt19937 rng(3);
  std::normal_distribution<double> z;
  for (int trial = 0; trial < 20; ++trial) {
    Mat<double> A(30, 25);
    for (Eigen::Index k = 0; k < A.size(); ++k) A.data()[k] = z(rng);
    Vec<double> b(30);
    for (Eigen::Index k = 0; k < b.size(); ++k) b[k] = z(rng);
    const auto cold = nnls(A, b);
    expect_kkt(A, b, cold, "cold");
    std::vector<Eigen::Index> support, everything, wrong;
    for (Eigen::Index j = 0; j < A.cols(); ++j) {
      everything.push_back(j);
      (cold.lambda[j] > 0 ? support : wrong).push_back(j);
    }
    for (const auto* guess : {&support, &everything, &wrong}) {
      const auto warm = nnls(A, b, 0, guess);
      expect_kkt(A, b, warm, "warm");
      EXPECT_NEAR(warm.residual, cold.residual, 1e-12 * (1 + cold.residual));  // the optimum is unique in value
    }
    if (support.size() >= 3) {
      EXPECT_LT(nnls(A, b, 0, &support).iterations, cold.iterations);
    }
  }
}

// The updating factorisation (Givens rotations on one QR kept across the
// iterations) is the same algorithm as refactoring at every solve: the same
// solution up to round-off, on random problems, from cold and warm starts,
// with more columns than rows, and with exactly dependent columns (copies and
// sums of others), which it must refuse rather than admit: the same residual
// always, the same λ where λ is unique (full column rank). Tolerance: the
// solution of a problem with condition ~1e2 moves by ~1e2 ε under round-off;
// 1e-10 is well above that and far below any wrong active set (O(1) changes).
TEST(Nnls, TheUpdatingFactorisationGivesTheRefactoringOnesSolution) {
  std::mt19937 rng(11);
  std::normal_distribution<double> z;
  int dependent_seen = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Eigen::Index m = 5 + trial % 30, n = 3 + (trial * 7) % 40;
    Mat<double> A(m, n);
    for (Eigen::Index k = 0; k < A.size(); ++k) A.data()[k] = z(rng);
    if (trial % 3 == 0 && n >= 4) {  // exactly dependent columns
      A.col(n - 1) = A.col(0);
      A.col(n - 2) = A.col(1) + A.col(2);
      ++dependent_seen;
    }
    Vec<double> b(m);
    for (Eigen::Index k = 0; k < m; ++k) b[k] = z(rng);
    std::vector<Eigen::Index> some;
    for (Eigen::Index j = 0; j < n; j += 2) some.push_back(j);
    const std::vector<Eigen::Index>* starts[] = {nullptr, &some};
    for (const std::vector<Eigen::Index>* warm : starts) {
      const auto old = nnls(A, b, 0, warm);
      const auto upd = nnls(A, b, 0, warm, NnlsFactorisation::update);
      const std::string what = "trial " + std::to_string(trial) + (warm ? " warm" : " cold");
      expect_kkt(A, b, upd, what);
      EXPECT_NEAR(upd.residual, old.residual, 1e-10 * (1 + old.residual)) << what;
      // λ itself is unique only when A has full column rank (n <= m, no dependent columns).
      if (trial % 3 != 0 && n <= m) {
        EXPECT_LT((upd.lambda - old.lambda).norm(), 1e-10 * (1 + old.lambda.norm())) << what;
      }
    }
  }
  EXPECT_GT(dependent_seen, 10);
}

}  // namespace
}  // namespace sweepcheck
