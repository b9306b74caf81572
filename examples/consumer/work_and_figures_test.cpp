// Fair work, the work–precision assertion, one-line summaries, the three
// figures, and the reference-free check of a wrong variant, on the project's
// own problem (oscillating_wall.hpp), against the installed package.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <sweepcheck/figures.hpp>
#include <sweepcheck/gtest.hpp>
#include <sweepcheck/reference_free_check.hpp>
#include <sweepcheck/testing.hpp>
#include <sweepcheck/work_precision.hpp>
#include <tuple>

#include "oscillating_wall.hpp"

namespace {

using namespace sweepcheck;

WorkPrecisionOptions steps() {
  WorkPrecisionOptions o;
  o.steps = Steps::counts({10, 20, 40, 80, 160, 320, 640});
  return o;
}

// Heun pays for both of its stages: the host counts its two f calls a step,
// and still, being of order 2 on this smooth problem, it is at least as
// accurate as Euler at the same work (f + constraint evaluations).
TEST(WorkPrecision, HeunAgainstEulerAtMatchedWorkCountsTwoFieldEvaluationsPerHeunStep) {
  const auto w = compare_work_precision(my::OscillatingWall{}, std::tuple{my::ProjectedEuler{}, my::ProjectedHeun{}},
                                        steps());
  std::cout << w.summary() << "\n";
  for (const RunRow& r : w.of("projected-euler").rows) EXPECT_EQ(r.work.field_evaluations, r.steps) << w;
  for (const RunRow& r : w.of("projected-heun").rows) {
    EXPECT_EQ(r.work.field_evaluations, 2 * r.steps) << w;
    EXPECT_EQ(r.work.constraint_evaluations, 2 * r.steps) << w;
  }
  EXPECT_GE(w.against_baseline(my::ProjectedHeun{}).compared, 5) << w;
  EXPECT_AT_LEAST_AS_ACCURATE_AT_MATCHED_WORK(w, my::ProjectedHeun{});
}

// The three figures of a convergence check, and the work–precision figure of
// the comparison, written on request.
TEST(Figures, AConvergenceCheckAndAComparisonWriteTheirFigures) {
  ConvergenceOptions o;
  o.steps = Steps::counts({10, 20, 40, 80, 160, 320});
  const auto r = check_convergence(my::OscillatingWall{}, my::ProjectedHeun{}, OrderClaim::at_least(2), o);
  std::cout << r.summary() << "\n";
  EXPECT_CONVERGES(r);
  const auto dir = std::filesystem::temp_directory_path() / "consumer_figures";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  r.write_figures(dir.string());
  for (const char* f : {"error_vs_h.png", "local_orders.png", "work_precision.png", "error_vs_h.svg"}) {
    ASSERT_TRUE(std::filesystem::exists(dir / f)) << f << " (gnuplot on the PATH?)";
    EXPECT_GT(std::filesystem::file_size(dir / f), 0u) << f;
  }
  const auto wp_dir = dir / "comparison";
  std::filesystem::create_directories(wp_dir);
  compare_work_precision(my::OscillatingWall{}, std::tuple{my::ProjectedEuler{}, my::ProjectedHeun{}}, steps())
      .write_figures(wp_dir.string());
  EXPECT_GT(std::filesystem::file_size(wp_dir / "work_precision.png"), 0u);
}

// Without an exact solution, with every default (no hand-made ladder): the
// wrong variant's successive estimates still climb toward ½ on the given
// steps; the check refines them as check_convergence refines errors, fails
// the claim once they settle, and states them and their drift. Projected
// Euler, the correct scheme, passes the same check.
struct WallWithoutExact : my::OscillatingWall {
  WallWithoutExact() = default;
  Vec<double> exact(double) const = delete;  // the check cannot use it
};
static_assert(!HasExactSolution<WallWithoutExact>);

TEST(ReferenceFree, TheOrderHalfVariantFailsItsClaimWithoutAHandMadeLadderWithTheDriftStated) {
  const auto r = check_convergence_reference_free(WallWithoutExact{}, my::UnderRelaxedEuler{});
  std::cout << r.summary() << "\n";
  EXPECT_FAILS_ITS_CLAIM(r);
  EXPECT_GT(r.fit.refinement.rungs, 0) << r;  // the given steps alone did not settle it
  EXPECT_NEAR(r.order(), 0.5, 0.1) << r;   // ½ − ½ √h / (1 − √h) from below
  EXPECT_NE(r.reason().find("successive estimates"), std::string::npos) << r.reason();
  EXPECT_NE(r.reason().find("drift"), std::string::npos) << r.reason();
  const auto right = check_convergence_reference_free(WallWithoutExact{}, my::ProjectedEuler{});
  std::cout << right.summary() << "\n";
  EXPECT_CONVERGES(right);
}

}  // namespace
