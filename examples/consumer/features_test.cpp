// Each feature of the testing API in a few lines (README, "Use it from your
// own tests"), on the project's own scheme (symmetric_pbd.hpp), against the
// installed package.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <numbers>
#include <span>
#include <string>
#include <sweepcheck/gmock.hpp>
#include <sweepcheck/gtest.hpp>
#include <sweepcheck/reference_free_check.hpp>
#include <sweepcheck/testing.hpp>
#include <sweepcheck/work_precision.hpp>
#include <sweepcheck/analytic/sliding_case.hpp>
#include <sweepcheck/solvers/schemes/pbd.hpp>
#include <tuple>

#include "cached_setup_pbd.hpp"
#include "symmetric_pbd.hpp"

namespace {

using namespace sweepcheck;

// The claim goes into the call, with its tolerance in sight; refinement
// goes as deep as that claim asks.
TEST(Features, TheClaimIsPassedIntoTheCall) {
  const auto r = check_convergence(SlidingCase<double>{}, my::SymmetricPbd{}, OrderClaim::at_least(1).within(0.05));
  EXPECT_THAT(r, ConvergesWithOrderAtLeast(1));
  EXPECT_CONVERGES(r);
}

// Every run gets a fresh scheme: from a factory, or a copy of the object given.
TEST(Features, EveryRunGetsAFreshInstance) {
  std::deque<std::int64_t> calls;  // one counter per instance made
  class Counting final : public plugin::Stepper {  // the project's scheme, counting its calls
   public:
    explicit Counting(std::int64_t* c) : calls_(c) {}
    std::string name() const override { return scheme_.name(); }
    double claimed_order() const override { return scheme_.claimed_order(); }
    StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                    Work& w) override {
      ++*calls_;
      return scheme_.step(t, x, h, p, out, w);
    }

   private:
    std::int64_t* calls_;
    my::SymmetricPbd scheme_;
  };
  const auto r = check_convergence(SlidingCase<double>{}, [&] { return Counting(&calls.emplace_back(0)); });
  // The first only names the scheme; then one per run: a rung with an event
  // is measured over grid phases (studies/engine/grid_phases.hpp), one run
  // each, the plain grid's n steps and each phased grid's n + 1.
  std::deque<std::int64_t> runs{0};
  for (const auto& row : r.rows) {
    runs.push_back(row.steps);
    runs.insert(runs.end(), std::size_t(row.phases - 1), row.steps + 1);
  }
  EXPECT_EQ(calls, runs);
}

// A stateful plugin gets the verdict the audit gives it: this is the audit's
// first problem, and audit.cached_setup_pbd_passes_every_check audits the same
// class as a plugin (CMakeLists.txt).
TEST(Features, AStatefulPluginGetsTheAuditsVerdict) {
  const SlidingCase<double> audits_first({3, 10, std::numbers::pi / 16, 0.0});
  EXPECT_CONVERGES(check_convergence(audits_first, [] { return my::CachedSetupPbd(); }, OrderClaim::at_least(1)));
}

// The steps are the user's: step counts (h = T/n), step sizes, or a named ladder.
TEST(Features, TheStepsAreTheUsers) {
  ConvergenceOptions o;
  o.steps = Steps::counts({20, 40, 80, 160, 320, 640});
  o.refine.max_new_rungs = 0;  // judge these steps alone
  const auto r = check_convergence(SlidingCase<double>{}, my::SymmetricPbd{}, OrderClaim::at_least(1), o);
  ASSERT_EQ(r.rows.size(), 6u);
  EXPECT_EQ(r.rows.back().steps, 640);
  EXPECT_CONVERGES(r);
}

// Both norms, each with its fit and verdict, and an observable g(t, x) judged by the same rule.
TEST(Features, BothNormsAndAnObservableEachHaveAVerdict) {
  ConvergenceOptions o;
  o.observables = {{"|x|", [](double, const Vec<double>& x) { return x.norm(); }}};
  const auto r = check_convergence(SlidingCase<double>{}, my::SymmetricPbd{}, OrderClaim::at_least(1), o);
  EXPECT_TRUE(r.uniform.passed()) << r;
  EXPECT_TRUE(r.final_time.passed()) << r;
  EXPECT_TRUE(r.norm("|x|").passed()) << r;
}

// Without an exact solution: the distances of successive runs, refined and
// judged as check_convergence judges errors.
struct SlidingWithoutExact : SlidingCase<double> {
  SlidingWithoutExact() = default;
  Vec<double> exact(double) const = delete;  // the check cannot use it
};
static_assert(!HasExactSolution<SlidingWithoutExact>);

TEST(Features, WithoutAnExactSolutionTheRunsJudgeThemselves) {
  ReferenceFreeOptions o;
  o.steps = Steps::counts({40, 80, 160, 320, 640, 1280, 2560});
  const auto r = check_convergence_reference_free(SlidingWithoutExact{}, my::SymmetricPbd{}, OrderClaim::at_least(1), o);
  EXPECT_TRUE(r.asymptotic()) << r;  // settled successive estimates, no drift shown
  EXPECT_CONVERGES(r);
}

// Schemes compared at matched work, with a gnuplot figure.
TEST(Features, SchemesAreComparedAtMatchedWork) {
  WorkPrecisionOptions o;
  o.figure = (std::filesystem::temp_directory_path() / "consumer_work_precision").string();
  const auto w = compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, my::SymmetricPbd{}}, o);
  // The second sweep costs work (1 f call + 4 constraint evaluations a step
  // against PBD's 1 + 2; the f calls counted by the host) and buys
  // almost no accuracy on this problem: at matched work PBD's error is about
  // 3/5 of the symmetric sweep's (measured 0.60 to 0.61).
  const MatchedWork& m = w.against_baseline(my::SymmetricPbd{});  // the scheme, not its name
  EXPECT_GE(m.compared, 4) << w;
  EXPECT_EQ(m.as_accurate, 0) << w;
  EXPECT_LT(m.max_ratio, 0.7) << w;
  EXPECT_GE(w.figure_files.size(), 2u);  // .dat and .gp; .png and .svg when gnuplot is installed
}

}  // namespace
