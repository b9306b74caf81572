#include <gtest/gtest.h>

#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {
namespace {

TEST(StepLadder, StepCountsAreIncreasingAndEndExactlyAtTheSpan) {
  StepLadder l{0.5, 1e-3, 10};
  const auto n = l.step_counts(3.3);
  ASSERT_GE(n.size(), 9u);
  for (std::size_t i = 1; i < n.size(); ++i) EXPECT_GT(n[i], n[i - 1]);
  EXPECT_EQ(n.front(), 7);  // round(3.3 / 0.5)
  EXPECT_EQ(n.back(), 3300);
}

TEST(StepLadder, RejectsNonPositiveAndNonFiniteSteps) {
  EXPECT_THROW((StepLadder{0.0, 1e-3, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{0.1, -1e-3, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{std::nan(""), 1e-3, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{1e-3, 0.1, 5}.validate()), std::invalid_argument);
  EXPECT_THROW((StepLadder{0.1, 1e-3, 0}.validate()), std::invalid_argument);
}

TEST(StepLadder, AStepLargerThanTheSpanBecomesOneStep) {
  const auto n = StepLadder{10.0, 10.0, 1}.step_counts(1.0);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0], 1);
}

}  // namespace
}  // namespace sweepcheck
