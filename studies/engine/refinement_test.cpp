// The refinement loop on series with known behaviour: a pre-asymptotic
// correct scheme is refined until it passes; a wrong one is refined to the
// deepest rung the budget affords and fails there; every limit stops the
// loop and is recorded.
#include <gtest/gtest.h>

#include <cmath>

#include "sweepcheck/studies/engine/refinement.hpp"

namespace sweepcheck {
namespace {

// cost_at_1: the work units of a run at h = 1 (work ∝ steps ∝ 1/h); 0: unknown.
std::vector<OrderPoint> series(const std::function<double(double)>& e, double h_max, int n, double floor = 0,
                               double cost_at_1 = 0) {
  std::vector<OrderPoint> s;
  for (int i = 0; i < n; ++i) {
    const double h = h_max * std::pow(0.5, i);
    s.push_back({h, e(h), floor, true, cost_at_1 / h});
  }
  return s;
}

FitOptions claim(double p) {
  FitOptions o;
  o.expected_order = p;
  return o;
}

// e = h / (h + a): order 1 below a, a pre-asymptotic ladder above it.
const double a = 0.01;
double slow(double h) { return h / (h + a); }

TEST(Refinement, APreAsymptoticCorrectSchemeIsRefinedUntilItPasses) {
  auto s = series(slow, 0.48, 6);  // ends at 0.015 = 1.5 a
  ASSERT_EQ(fit_order(s, claim(1)).verdict, FitVerdict::pre_asymptotic);
  int runs = 0;
  RefineOptions ro{.max_new_rungs = 20};
  const auto f = refine_fit(s, claim(1), ro, [&](double h) {
    ++runs;
    return OrderPoint{h, slow(h), 0, true};
  });
  EXPECT_EQ(f.verdict, FitVerdict::pass) << f.reason;
  EXPECT_EQ(f.refinement.rungs, runs);
  EXPECT_GT(runs, 0);
  EXPECT_EQ(s.size(), 6u + static_cast<std::size_t>(runs));  // the series gained the new points
  EXPECT_LT(f.finest_h, 0.015);
}

TEST(Refinement, AnEndedWorkBudgetIsReportedAsPreAsymptotic) {
  // The finest given run (h = 0.015) costs 10 / 0.015 = 667 work units; the
  // next rungs would cost 1333 and 2667: a budget of 3000 affords the first only.
  const double cost_at_1 = 10;
  auto s = series(slow, 0.48, 6, 0, cost_at_1);
  RefineOptions ro{.budget_work = 3000};
  const auto f = refine_fit(s, claim(1), ro, [&](double h) { return OrderPoint{h, slow(h), 0, true, cost_at_1 / h}; });
  EXPECT_EQ(f.verdict, FitVerdict::pre_asymptotic);
  EXPECT_EQ(f.refinement.rungs, 1);
  EXPECT_NEAR(f.refinement.work, cost_at_1 / 0.0075, 1e-9);
  EXPECT_NE(f.refinement.stop.find("work budget"), std::string::npos) << f.refinement.stop;
  EXPECT_NE(f.reason.find("refinement stopped"), std::string::npos) << f.reason;
  EXPECT_FALSE(f.refinement.ended_by_floor);
}

TEST(Refinement, TheRungCapEndsTheLoopToo) {
  auto s = series(slow, 0.48, 6);
  const auto f = refine_fit(s, claim(1), RefineOptions{.max_new_rungs = 1},
                            [&](double h) { return OrderPoint{h, slow(h), 0, true}; });
  EXPECT_EQ(f.verdict, FitVerdict::pre_asymptotic);
  EXPECT_EQ(f.refinement.rungs, 1);
  EXPECT_NE(f.refinement.stop.find("rung cap"), std::string::npos) << f.refinement.stop;
}

// Issue 44: a settled fail is final. Each further look would be one more
// chance of a wrong verdict, and a user's test on a wrong scheme should say
// so at once (issue 44 measured 17 s idle for an order-1/2 scheme refined to
// the rung cap). Before issue 44 this series ran all 5 rungs.
TEST(Refinement, ASettledFailIsFinalAndRunsNoFurtherRung) {
  auto s = series([](double h) { return std::sqrt(h); }, 0.1, 8);
  int runs = 0;
  const auto f = refine_fit(s, claim(1), RefineOptions{.max_new_rungs = 5}, [&](double h) {
    ++runs;
    return OrderPoint{h, std::sqrt(h), 0, true};
  });
  EXPECT_EQ(f.verdict, FitVerdict::fail) << f.reason;
  EXPECT_EQ(runs, 0);
  EXPECT_NEAR(f.finest_h, 0.1 * std::pow(0.5, 7), 1e-15);
}

// Refinement looks at the data many times: each look's interval is at
// confidence 1 − 0.05 / looks, looks = 1 + the rungs the plan affords.
TEST(Refinement, EachLookIsJudgedAtTheConfidenceOfTheWholePlan) {
  auto s = series([](double h) { return 2 * h; }, 0.1, 6);
  EXPECT_EQ(planned_looks(s, RefineOptions{.max_new_rungs = 5}), 6);
  EXPECT_EQ(planned_looks(s, RefineOptions{.max_new_rungs = 0}), 1);
  const double h_finest = 0.1 * std::pow(0.5, 5);
  EXPECT_EQ(planned_looks(s, RefineOptions{.max_new_rungs = 12, .h_floor = h_finest / 5}), 3);
  const auto f = refine_fit(s, claim(1), RefineOptions{.max_new_rungs = 5}, [&](double h) {
    return OrderPoint{h, 2 * h, 0, true};
  });
  EXPECT_NEAR(f.look_confidence, 1 - 0.05 / 6, 1e-12);
}

TEST(Refinement, APassingFitRunsNothing) {
  auto s = series([](double h) { return 2 * h; }, 0.1, 6);
  const auto f = refine_fit(s, claim(1), RefineOptions{}, [&](double) -> OrderPoint {
    ADD_FAILURE() << "no run expected";
    return {};
  });
  EXPECT_EQ(f.verdict, FitVerdict::pass);
  EXPECT_EQ(f.refinement.rungs, 0);
  EXPECT_TRUE(f.refinement.stop.empty());
}

TEST(Refinement, TheNoiseFloorStopsTheLoop) {
  // Floor 0.01: errors below 10 x 0.01 = 0.1 measure the floor; slow(h) < 0.1
  // from h ~ 1.1e-3 on, the fourth halving of 0.015, before the fit passes.
  auto s = series(slow, 0.48, 6, 0.01);
  const auto f = refine_fit(s, claim(1), RefineOptions{.max_new_rungs = 10},
                            [&](double h) { return OrderPoint{h, slow(h), 0.01, true}; });
  EXPECT_EQ(f.refinement.rungs, 4);
  EXPECT_NE(f.refinement.stop.find("noise floor"), std::string::npos) << f.refinement.stop;
}

TEST(Refinement, TheHFloorStopsTheLoopAndSaysSo) {
  auto s = series(slow, 0.48, 6);
  auto f = refine_fit(s, claim(1), RefineOptions{.max_new_rungs = 10, .h_floor = 0.005},
                      [&](double h) { return OrderPoint{h, slow(h), 0, true}; });
  EXPECT_NE(f.refinement.stop.find("h floor"), std::string::npos) << f.refinement.stop;
  EXPECT_TRUE(f.refinement.ended_by_floor);
  EXPECT_GE(f.finest_h, 0.005);
  EXPECT_EQ(f.refinement.rungs, 1);  // 0.0075; 0.00375 is below the floor
}

TEST(Refinement, ACheapSchemeGoesDeeperThanAnExpensiveOneOnTheSameBudget) {
  auto depth = [](double cost_at_1) {
    auto s = series(slow, 0.48, 6, 0, cost_at_1);
    return refine_fit(s, claim(1), RefineOptions{.budget_work = 10},
                      [&](double h) { return OrderPoint{h, slow(h), 0, true, cost_at_1 / h}; })
        .refinement.rungs;
  };
  EXPECT_GT(depth(1e-5), depth(1e-2));
}

// Issue 32: the budget counts work units, never seconds. The same series
// with the same work refines to the same rungs and verdict whatever its runs'
// measured seconds were (a loaded or a fast machine); the seconds are kept
// as information only.
TEST(Refinement, TheRungsAndTheVerdictDoNotDependOnTheMeasuredSeconds) {
  auto run = [](double seconds_per_unit) {
    const double cost_at_1 = 10;
    auto s = series(slow, 0.48, 6, 0, cost_at_1);
    for (auto& p : s) p.seconds = seconds_per_unit * p.cost;
    return refine_fit(s, claim(1), RefineOptions{.budget_work = 8000}, [&](double h) {
      return OrderPoint{h, slow(h), 0, true, cost_at_1 / h, seconds_per_unit * cost_at_1 / h};
    });
  };
  const auto fast = run(1e-9), slow_machine = run(1.0);
  EXPECT_EQ(fast.refinement.rungs, slow_machine.refinement.rungs);
  EXPECT_GT(fast.refinement.rungs, 0);
  EXPECT_EQ(fast.verdict, slow_machine.verdict);
  EXPECT_EQ(fast.order, slow_machine.order);
  EXPECT_EQ(fast.refinement.work, slow_machine.refinement.work);
  EXPECT_NE(fast.refinement.seconds, slow_machine.refinement.seconds);
}

// Issue 32: when the h floor ends a short ladder, the points that exist are
// judged: order 1 on three points passes, and the reason says the floor
// ended refinement (it was inconclusive for want of local orders before).
TEST(Refinement, AnHFloorThatEndsAShortLadderJudgesThePointsThatExist) {
  auto s = series([](double h) { return 3 * h; }, 0.1, 3);  // 0.1, 0.05, 0.025
  ASSERT_EQ(fit_order(s, claim(1)).verdict, FitVerdict::inconclusive);
  const auto f = refine_fit(s, claim(1), RefineOptions{.h_floor = 0.02}, [&](double h) -> OrderPoint {
    ADD_FAILURE() << "no run expected below the floor, h = " << h;
    return {};
  });
  EXPECT_EQ(f.verdict, FitVerdict::pass) << f.reason;
  EXPECT_TRUE(f.refinement.ended_by_floor);
  EXPECT_NE(f.reason.find("floor ended refinement"), std::string::npos) << f.reason;
  EXPECT_NE(f.reason.find("h floor reached"), std::string::npos) << f.reason;
}

// Issue 55: when the h floor stops a series that is still undecided, the
// reason says how much finer the reference must be for the halvings the
// budget still affords: work 1/h (cost 10 at h = 0.1), a budget of 100
// affords 20 + 40 (h = 0.05, 0.025) and not 80 more: two halvings, a
// reference 4 times finer. A decided series says nothing of the kind.
TEST(Refinement, AnHFloorThatLeavesASeriesUndecidedSaysHowMuchFinerTheReferenceMustBe) {
  auto s = series([](double h) { return h * (1 + 0.3 * std::sin(40 * std::log(h))); }, 0.4, 3, 0, 1);  // 0.4 .. 0.1
  const auto f = refine_fit(s, claim(1), RefineOptions{.budget_work = 100, .h_floor = 0.08},
                            [&](double h) -> OrderPoint {
                              ADD_FAILURE() << "no run expected below the floor, h = " << h;
                              return {};
                            });
  ASSERT_NE(f.verdict, FitVerdict::pass) << f.reason;
  ASSERT_NE(f.verdict, FitVerdict::fail) << f.reason;
  EXPECT_NE(f.reason.find("the budget affords 2 more rungs: a reference 4 times finer (its h floor 0.02)"),
            std::string::npos)
      << f.reason;
  // A budget of 25 affords the refused rung (20) and no other: 2 times finer.
  auto t = series([](double h) { return h * (1 + 0.3 * std::sin(40 * std::log(h))); }, 0.4, 3, 0, 1);
  const auto g = refine_fit(t, claim(1), RefineOptions{.budget_work = 25, .h_floor = 0.08},
                            [&](double) -> OrderPoint { return {}; });
  EXPECT_NE(g.reason.find("the budget affords 1 more rung: a reference 2 times finer (its h floor 0.04) would let "
                          "it run"),
            std::string::npos)
      << g.reason;
  // Control: a series the floor ends decided (order 1 exactly) gets no such sentence.
  auto u = series([](double h) { return 3 * h; }, 0.1, 3);
  const auto d = refine_fit(u, claim(1), RefineOptions{.h_floor = 0.02}, [&](double) -> OrderPoint { return {}; });
  EXPECT_EQ(d.verdict, FitVerdict::pass);
  EXPECT_EQ(d.reason.find("times finer"), std::string::npos) << d.reason;
}

TEST(Refinement, AWorkBudgetThatIsNotAFiniteNumberIsRejected) {
  RefineOptions ro;
  ro.budget_work = std::numeric_limits<double>::infinity();
  EXPECT_THROW(ro.validate(), std::invalid_argument);
  ro.budget_work = -1;
  EXPECT_THROW(ro.validate(), std::invalid_argument);
}

TEST(Refinement, InvalidOptionsNameTheField) {
  RefineOptions ro;
  ro.step_ratio = 1.5;
  try {
    ro.validate();
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("step_ratio"), std::string::npos);
  }
}

}  // namespace
}  // namespace sweepcheck
