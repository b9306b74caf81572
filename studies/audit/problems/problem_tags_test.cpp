// The measured tags (problem_tags.hpp): each class with a known answer, and
// the battery's problems tagged so that its dimensions are set apart.
#include "studies/audit/problems/problem_tags.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "studies/audit/problems/audit_problems.hpp"

namespace sweepcheck {
namespace {

bool has(const std::vector<std::string>& tags, const std::string& t) {
  return std::find(tags.begin(), tags.end(), t) != tags.end();
}

TEST(ProblemTags, EachFeatureFallsInItsClass) {
  const auto point = feature_tags({.dim = 3, .bodies = 0, .state_scale = 0.5, .lipschitz = 0, .span = 2});
  EXPECT_EQ(point, (std::vector<std::string>{"d <= 5", "|x| <= 1", "f constant in x"}));
  const auto crowd = feature_tags({.dim = 40, .bodies = 20, .state_scale = 30, .lipschitz = 50, .span = 1});
  EXPECT_EQ(crowd, (std::vector<std::string>{"d >= 40", "several bodies", "|x| > 10",
                                             "stiff field (L T >= 10)"}));
  const auto mid = feature_tags({.dim = 12, .bodies = 1, .state_scale = 3, .lipschitz = 1, .span = 2.5});
  EXPECT_EQ(mid, (std::vector<std::string>{"5 < d < 40", "1 < |x| <= 10", "L T < 10"}));
}

TEST(ProblemTags, TheFieldOfTheMovingWallHasLipschitzOneAndTheSlidingCasesIsConstant) {
  // The wall's field (1 − x_1, −4): L = 1 exactly; the sliding case's f is a constant vector.
  const auto wall = measure_features(moving_audit_problems()[0]);
  EXPECT_EQ(wall.dim, 2);
  EXPECT_NEAR(wall.lipschitz, 1, 1e-6);
  const auto sliding = measure_features(audit_problems(1)[0]);
  EXPECT_EQ(sliding.dim, 3);
  EXPECT_LT(sliding.lipschitz * sliding.span, 1e-6);
}

TEST(ProblemTags, TheBatterysLowDimensionalProblemsAreTaggedSoAndTheirFieldsApart) {
  // The first three sliding cases and the four moving problems (no cached
  // reference to build: the disks and the crowd, d = 80 and 40, are tagged
  // "d >= 40" and "several bodies" in any audit's audit.json, studies/audit/audit.md).
  auto problems = audit_problems(3);
  for (auto& p : moving_audit_problems()) problems.push_back(p);
  for (auto& p : problems) {
    if (p.name != "sliding") add_feature_tags(p);  // audit_problems() adds them itself
    EXPECT_TRUE(has(p.tags, "d <= 5")) << problem_label(p);
    EXPECT_FALSE(has(p.tags, "d >= 40")) << problem_label(p);
    EXPECT_FALSE(has(p.tags, "several bodies")) << problem_label(p);
    EXPECT_TRUE(has(p.tags, "1 < |x| <= 10")) << problem_label(p);
    if (p.name == "sliding") {
      EXPECT_TRUE(has(p.tags, "f constant in x")) << problem_label(p);
    }
  }
  EXPECT_TRUE(has(problems[3].tags, "L T < 10")) << problem_label(problems[3]);  // the wall: L = 1, T = 2.5
}

}  // namespace
}  // namespace sweepcheck
