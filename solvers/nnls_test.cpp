#include <gtest/gtest.h>

#include "solvers/nnls.hpp"

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

}  // namespace
}  // namespace sweepcheck
