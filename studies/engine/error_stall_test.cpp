// The stall rule of the penalty's breakdown (studies/engine/error_stall.hpp) on
// hand-made series whose local orders can be checked by hand, and the loop
// that extends a ladder until it stalls.
#include "sweepcheck/studies/engine/error_stall.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace sweepcheck {
namespace {

// h = 0.1, 0.05, ... with the given errors (halvings: local order = log2 of the error ratio).
std::vector<OrderPoint> halving_series(const std::vector<double>& errors) {
  std::vector<OrderPoint> p;
  double h = 0.1;
  for (double e : errors) {
    p.push_back({h, e, 1e-12, true});
    h /= 2;
  }
  return p;
}

TEST(ErrorStall, ASeriesWhoseErrorStoppedFallingHasStalledFromWhereItStopped) {
  // Local orders 1, 1, 0.32, then five below 0.1 (0.007, 0.004, 0.0007, 0.0007, 0): the tail of five.
  const auto s = find_stall(halving_series({1.0, 0.5, 0.25, 0.2, 0.199, 0.1985, 0.1984, 0.1983, 0.1983}), StallRule{});
  EXPECT_TRUE(s.stalled);
  EXPECT_EQ(s.tail, 5);
  EXPECT_DOUBLE_EQ(s.onset_h, 0.1 / 8);  // the step of the error 0.2, where it stopped falling
  EXPECT_DOUBLE_EQ(s.level, 0.1983);
  EXPECT_DOUBLE_EQ(s.finest_h, 0.1 / 256);
  EXPECT_NEAR(s.local_orders[2], std::log2(0.25 / 0.2), 1e-12);
}

TEST(ErrorStall, APlateauOfFourRungsAsTheSlidingPbdShowsBeforeItConvergesIsNoStall) {
  // The sliding case's PBD at h >= 0.05 (errors 1.561 .. 1.486: local orders 0.005–0.04), then order 1.
  const auto plateau = find_stall(halving_series({1.561, 1.556, 1.547, 1.529, 1.486}), StallRule{});
  EXPECT_EQ(plateau.tail, 4);
  EXPECT_FALSE(plateau.stalled);
  const auto flat = find_stall(halving_series({1.561, 1.556, 1.547, 1.529, 1.486, 1.48}), StallRule{});
  EXPECT_EQ(flat.tail, 5);
  EXPECT_TRUE(flat.stalled);  // one more flat rung and it would be judged a stall
}

TEST(ErrorStall, AConvergingSeriesHasNoTailAndUnusableRunsAreSkipped) {
  auto pts = halving_series({1.0, 0.5, 0.25, 0.125});
  pts.push_back({0.2, INFINITY, 1e-12, false});  // a diverged run at a larger h
  const auto s = find_stall(pts, StallRule{});
  EXPECT_EQ(s.ladder.size(), 4u);
  EXPECT_EQ(s.tail, 0);
  EXPECT_FALSE(s.stalled);
  EXPECT_TRUE(std::isnan(s.onset_h));
  EXPECT_NEAR(s.last_order, 1.0, 1e-12);
}

TEST(ErrorStall, TheExtensionHalvesUntilTheSeriesStallsAndSaysSo) {
  // e(h) = 0.01 + 2 h: converges to the level 0.01; local order < 0.1 once 2 h < 0.155 · 0.01.
  auto run_at = [](double h) { return OrderPoint{h, 0.01 + 2 * h, 1e-12, true}; };
  std::vector<OrderPoint> pts;
  for (double h : {0.1, 0.05, 0.025}) pts.push_back(run_at(h));
  StallLadderOptions opt;
  opt.max_new_rungs = 20;  // the budget is not what ends it
  const auto out = extend_until_stall(pts, StallRule{}, opt, run_at);
  EXPECT_TRUE(out.stall.stalled);
  EXPECT_FALSE(out.budget_ended);
  EXPECT_EQ(out.stop.rfind("stalled", 0), 0u) << out.stop;
  // log2((0.01 + 2h)/(0.01 + h)) < 0.1 exactly when h < 7.735e-4: the pairs from 0.025/64 = 3.9e-4 on;
  // the fifth such order ends at 0.025/2^11, the eleventh new rung.
  EXPECT_EQ(out.new_rungs, 11);
  EXPECT_EQ(pts.size(), 14u);
}

TEST(ErrorStall, TheExtensionEndsAtItsBudgetOrTheFloorBeforeAStallAndSaysWhich) {
  auto run_at = [](double h) { return OrderPoint{h, 2 * h, 1e-12, true}; };  // never stalls
  std::vector<OrderPoint> pts = {run_at(0.1), run_at(0.05)};
  StallLadderOptions opt;
  opt.max_new_rungs = 3;
  auto out = extend_until_stall(pts, StallRule{}, opt, run_at);
  EXPECT_FALSE(out.stall.stalled);
  EXPECT_TRUE(out.budget_ended);
  EXPECT_EQ(out.new_rungs, 3);
  EXPECT_NE(out.stop.find("budget reached (3 new rungs)"), std::string::npos) << out.stop;

  std::vector<OrderPoint> again = {run_at(0.1), run_at(0.05)};
  opt.h_floor = 0.01;  // 0.025, 0.0125 run; 0.00625 is below the floor
  out = extend_until_stall(again, StallRule{}, opt, run_at);
  EXPECT_EQ(out.new_rungs, 2);
  EXPECT_TRUE(out.budget_ended);
  EXPECT_NE(out.stop.find("h floor reached"), std::string::npos) << out.stop;
}

TEST(ErrorStall, ABadRuleOrBudgetIsRefusedNamingTheField) {
  StallRule r;
  r.rungs = 0;
  EXPECT_THROW(r.validate(), std::invalid_argument);
  r = {};
  r.local_order = 1;
  try {
    r.validate();
    FAIL() << "local_order = 1 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("local_order"), std::string::npos) << e.what();
  }
  StallLadderOptions o;
  o.step_ratio = 1;
  EXPECT_THROW(o.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
