// The audit's time limits and hang/crash budget decide from what was measured
// and counted, nothing else (studies/audit/audit.md, "Time limits and the hang budget").
#include <gtest/gtest.h>

#include <stdexcept>

#include "studies/runs/run_budget.hpp"

namespace sweepcheck {
namespace {

TEST(RunBudget, WithNothingMeasuredTheLimitComesFromTheRunsSize) {
  const RunBudget b({});
  EXPECT_DOUBLE_EQ(b.time_limit(0, 1000, 4), 30 + 2e-5 * 1000 * 5);
}

// Issue 45: --run-timeout 1e10 overflowed the clock and killed every run at
// once. A fixed limit is at most 7 days, and no rule's limit exceeds it.
TEST(RunBudget, NoLimitExceedsSevenDaysAndALargerFixedLimitIsRejected) {
  RunBudgetOptions o;
  o.fixed_limit = 1e10;
  EXPECT_THROW(o.validate(), std::invalid_argument);
  o.fixed_limit = 7 * 24 * 3600.0;
  EXPECT_NO_THROW(o.validate());
  RunBudget b({});
  b.record(0, 1, 1, RunStatus::ok, 1e6);                   // 1e6 s for one step
  EXPECT_DOUBLE_EQ(b.time_limit(0, 1'000'000'000, 4), 7 * 24 * 3600.0);  // 2e16 s by the rule, clamped
}

TEST(RunBudget, AFixedLimitOverridesEveryRule) {
  RunBudgetOptions o;
  o.fixed_limit = 3;
  RunBudget b(o);
  b.record(0, 100, 1, RunStatus::ok, 50);
  EXPECT_DOUBLE_EQ(b.time_limit(0, 1000, 4), 3);
}

TEST(RunBudget, AFinishedRunOnTheSameProblemScalesTheLimitByItsTimePerStep) {
  RunBudget b({});
  b.record(2, 1000, 4, RunStatus::ok, 4.0);  // 4 ms per step
  EXPECT_DOUBLE_EQ(b.time_limit(2, 2000, 4), 20 * 0.004 * 2000);  // 160 s: above the size rule (30.2 s)
  EXPECT_DOUBLE_EQ(b.time_limit(2, 10, 4), 10);                   // the floor
}

TEST(RunBudget, ASlowButHonestPluginGetsMoreThanTheSizeRuleAllows) {
  RunBudget b({});
  const double size_rule = 30 + 2e-5 * 8000 * 2;
  b.record(0, 4000, 1, RunStatus::ok, 20.0);
  EXPECT_GT(b.time_limit(0, 8000, 1), 20 * 2.0 * 2);  // 20x its own expected 40 s
  EXPECT_GT(b.time_limit(0, 8000, 1), size_rule);
}

TEST(RunBudget, TheLargestFinishedRunIsTheOneThatCounts) {
  RunBudget b({});
  b.record(0, 4000, 1, RunStatus::ok, 8.0);
  b.record(0, 100, 1, RunStatus::ok, 0.0001);  // smaller, later: ignored
  EXPECT_DOUBLE_EQ(b.time_limit(0, 8000, 1), 20 * 8.0 * 2);
}

TEST(RunBudget, OtherProblemsMeasurementsBoundTheLimitButNeverRaiseItAboveTheSizeRule) {
  RunBudget b({});
  b.record(0, 1000, 0, RunStatus::ok, 0.001);  // 1 us per step and evaluation
  EXPECT_DOUBLE_EQ(b.time_limit(1, 100000, 99), 20 * 1e-6 * 100000 * 100);  // 200 s < size rule 230 s
  EXPECT_DOUBLE_EQ(b.time_limit(1, 100, 0), 10);                             // the floor
  b.record(0, 10, 0, RunStatus::ok, 100.0);                                   // a slow unit cost
  EXPECT_DOUBLE_EQ(b.time_limit(1, 1000, 0), 30 + 2e-5 * 1000);               // capped by the size rule
}

TEST(RunBudget, ARunThatEndedEarlyIsNoMeasurementOfItsTimePerStep) {
  RunBudget b({});
  b.record(0, 1000000, 1, RunStatus::non_finite, 0.001);  // stopped at its first step
  EXPECT_DOUBLE_EQ(b.time_limit(0, 1000, 1), 30 + 2e-5 * 1000 * 2);
}

TEST(RunBudget, TwoTimeoutsStopThePluginsRemainingRuns) {
  RunBudget b({});
  b.record(0, 100, 1, RunStatus::ok, 0.01);
  b.record(0, 4000, 1, RunStatus::timed_out, 10);
  EXPECT_FALSE(b.refusal());
  b.record(1, 4000, 1, RunStatus::timed_out, 10);
  ASSERT_TRUE(b.refusal());
  EXPECT_NE(b.refusal()->find("the plugin hangs"), std::string::npos) << *b.refusal();
}

TEST(RunBudget, APluginThatCrashesOnEveryRunIsStoppedAfterThree) {
  RunBudget b({});
  for (int k = 0; k < 2; ++k) b.record(0, 100, 1, RunStatus::crashed, 0.01);
  EXPECT_FALSE(b.refusal());
  b.record(0, 100, 1, RunStatus::threw, 0.01);
  ASSERT_TRUE(b.refusal());
  EXPECT_NE(b.refusal()->find("crashes on every run"), std::string::npos) << *b.refusal();
}

TEST(RunBudget, CrashesAfterAFinishedRunAreFaultsToRecordNotAReasonToStop) {
  RunBudget b({});
  b.record(0, 100, 1, RunStatus::ok, 0.01);
  for (int k = 0; k < 10; ++k) b.record(0, 100000, 1, RunStatus::crashed, 0.01);
  EXPECT_FALSE(b.refusal());
}

TEST(RunBudget, OptionsOutOfRangeAreRejectedNamingTheField) {
  RunBudgetOptions o;
  o.max_timeouts = 0;
  try {
    RunBudget b(o);
    FAIL() << "accepted max_timeouts = 0";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("max_timeouts"), std::string::npos) << e.what();
  }
  o = {};
  o.measured_floor = 0;
  EXPECT_THROW(RunBudget{o}, std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
