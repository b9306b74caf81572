// The user's steps (sweepcheck/steps.hpp): lists of h or n, a named geometric
// ladder, one default; every h realised as T/n; bad input names the steps.
#include "sweepcheck/steps.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {
namespace steps_test {

using Counts = std::vector<std::int64_t>;

TEST(TestingApiSteps, TheStandardLadderIsEightRungsFromTOverTenToTOverAThousand) {
  EXPECT_EQ(Steps::standard().step_counts(2.0), (Counts{10, 19, 37, 72, 139, 268, 518, 1000}));
  EXPECT_EQ(ConvergenceOptions{}.steps.step_counts(2.0), Steps::standard().step_counts(2.0));
}

TEST(TestingApiSteps, StepCountsAreTakenAsGivenInIncreasingOrder) {
  EXPECT_EQ(Steps::counts({40, 10, 20, 20}).step_counts(3.0), (Counts{10, 20, 40}));
}

TEST(TestingApiSteps, StepSizesThatDivideTheSpanBecomeTheirCounts) {
  EXPECT_EQ(Steps::sizes({0.1, 0.05, 0.025}).step_counts(1.0), (Counts{10, 20, 40}));
}

TEST(TestingApiSteps, AGeometricLadderInHIsRealisedAsTOverN) {
  EXPECT_EQ(Steps::geometric(0.1, 0.01, 3).step_counts(1.0), (Counts{10, 32, 100}));
}

std::string rejection(const auto& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(TestingApiSteps, BadStepsAreRejectedNamingTheStepsAndTheValue) {
  EXPECT_NE(rejection([] { Steps::sizes({0.1, 0.03}).step_counts(1.0); }).find("does not divide"), std::string::npos);
  EXPECT_NE(rejection([] { Steps::sizes({0.1, -0.05}); }).find("steps: every h must be > 0"), std::string::npos);
  EXPECT_NE(rejection([] { Steps::sizes({0.1, std::nan("")}); }).find("steps: every h"), std::string::npos);
  EXPECT_NE(rejection([] { Steps::counts({10, 0}); }).find("steps: every step count n must be >= 1 (got 0)"),
            std::string::npos);
  EXPECT_NE(rejection([] { Steps::counts({10}); }).find("at least two"), std::string::npos);
  EXPECT_NE(rejection([] { Steps::counts({10, 10}).step_counts(1.0); }).find("fewer than two distinct"),
            std::string::npos);
  EXPECT_NE(rejection([] { Steps::geometric(0.01, 0.1, 5); }).find("h_min must be <= h_max"), std::string::npos);
  EXPECT_NE(rejection([] { Steps::geometric_counts(100, 10, 5); }).find("n_max must be > n_min"), std::string::npos);
}

// The steps given are the rows' steps, in the order run.
TEST(TestingApiSteps, CheckConvergenceRunsExactlyTheStepsGiven) {
  const SlidingCase<double> p;
  ConvergenceOptions o;
  o.steps = Steps::counts({20, 40, 80, 160});
  o.refine.max_new_rungs = 0;
  const auto r = check_convergence(p, Pbd<double>{}, o);
  ASSERT_EQ(r.rows.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(r.rows[i].steps, std::int64_t(20) << i);
    EXPECT_DOUBLE_EQ(r.rows[i].h, (p.t_end() - p.t0()) / double(r.rows[i].steps));
  }
}

}  // namespace steps_test
}  // namespace sweepcheck
