// The check list (check_list.hpp) is what the audit plans, executes, judges
// and reports: a new check is one file (testdata/finished_runs.hpp) and one
// line in the list (here: in AuditOptions::checks, which the list fills).
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "studies/audit/audit.hpp"
#include "studies/audit/checks/check_list.hpp"
#include "studies/audit/checks/testdata/finished_runs.hpp"

namespace sweepcheck {
namespace {

// The ids are audit.json's and the JUnit file's: renaming one breaks every
// consumer of the report, so the list's ids and order are pinned here.
TEST(CheckList, HoldsTheSevenChecksInTheOrderOfTheReportEachWithATitleATheoremAndOneJudgeFunction) {
  std::vector<std::string> ids;
  for (const Check& c : check_list()) {
    ids.emplace_back(c.id);
    EXPECT_FALSE(c.title.empty()) << c.id;
    EXPECT_FALSE(c.theorem.empty()) << c.id;
    EXPECT_NE(c.on_problem == nullptr, c.on_battery == nullptr) << c.id;
    EXPECT_EQ(c.has(CheckTag::per_problem), c.on_problem != nullptr) << c.id;
    EXPECT_NE(c.needs & unsigned(c.rests_on), 0u) << c.id << " rests on runs it does not ask for";
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"convergence", "violation", "step-bound", "large-steps", "consistency",
                                           "precision-work", "determinism"}));
  EXPECT_NO_THROW(AuditOptions{}.validate());
  EXPECT_EQ(find_check("step-bound"), &check_list()[2]);
  EXPECT_EQ(find_check("no-such-check"), nullptr);
}

RunRow ladder_row(double h, RunStatus s) {
  RunRow r;
  r.h = h;
  r.status = s;
  return r;
}

// The new check alone: a pure function from rows to a judgement, which can fail.
TEST(CheckList, TheExampleCheckIsAPureFunctionOfTheRowsThatPassesFinishedRunsAndFailsADivergedOne) {
  ProblemRows rows;
  rows.problem = "by hand";
  rows.ladder = {ladder_row(0.1, RunStatus::ok), ladder_row(0.05, RunStatus::ok)};
  const AuditThresholds th;
  EXPECT_EQ(kFinishedRunsCheck.on_problem(rows, th).judgement.verdict, CheckVerdict::pass);
  rows.ladder.push_back(ladder_row(0.025, RunStatus::diverged));
  const CheckOutcome o = kFinishedRunsCheck.on_problem(rows, th);
  EXPECT_EQ(o.judgement.verdict, CheckVerdict::fail);
  EXPECT_NE(o.judgement.evidence.find("diverged"), std::string::npos) << o.judgement.evidence;
}

// A cheap audit: the first problem, a three-rung ladder, no refinement.
AuditOptions small_audit() {
  AuditOptions o;
  o.thresholds.refine.budget_work = 0;
  o.thresholds.large_step_halvings = 0;
  o.thresholds.determinism_steps = 50;
  o.thresholds.probe_ladder = StepLadder{0.1, 0.01, 3};
  o.executor.jobs = 2;
  return o;
}
std::vector<AuditProblem> one_problem() {
  AuditProblem p = audit_problems(1).front();
  p.ladder = StepLadder{0.2, 0.05, 3};
  return {p};
}

// The one line: the audit judges the new check on every problem and lists
// it after the seven, as the report prints the list; nothing else changed.
TEST(CheckList, ANewCheckIsOneFileAndOneLineAndTheAuditJudgesItOnEveryProblem) {
  AuditOptions o = small_audit();
  o.checks.push_back(kFinishedRunsCheck);
  const AuditResult r = run_audit(catalog_scheme_factory(parse_scheme_spec("pbd")), one_problem(), o);
  ASSERT_EQ(r.checks.size(), 8u);
  const CheckResult* added = r.find("finished-runs");
  ASSERT_NE(added, nullptr);
  EXPECT_EQ(added, &r.checks.back());
  EXPECT_EQ(added->title, "Every ladder run finished");
  ASSERT_EQ(added->per_problem.size(), 1u);
  EXPECT_EQ(added->verdict, CheckVerdict::pass) << added->evidence;
  EXPECT_NE(added->evidence.find("all 3 ladder runs finished"), std::string::npos) << added->evidence;
}

// The plan reads the list: with the new check alone, the audit makes its
// ladder and nothing else (no reference ladder, large steps or probes).
TEST(CheckList, TheAuditMakesOnlyTheRunsItsChecksNeed) {
  AuditOptions o = small_audit();
  o.checks = {kFinishedRunsCheck};
  const AuditResult r = run_audit(catalog_scheme_factory(parse_scheme_spec("pbd")), one_problem(), o);
  ASSERT_EQ(r.checks.size(), 1u);
  EXPECT_EQ(r.checks[0].id, "finished-runs");
  EXPECT_EQ(r.ladder_rows.size(), 3u);
  EXPECT_TRUE(r.reference_rows.empty());
  EXPECT_TRUE(r.large_step_rows.empty());
  EXPECT_TRUE(r.probe_rows.empty());
  EXPECT_EQ(r.determinism_hash[0], 0u);
  // The full list makes every kind of run.
  const AuditResult all = run_audit(catalog_scheme_factory(parse_scheme_spec("pbd")), one_problem(), small_audit());
  EXPECT_FALSE(all.reference_rows.empty());
  EXPECT_FALSE(all.large_step_rows.empty());
  EXPECT_FALSE(all.probe_rows.empty());
  EXPECT_NE(all.determinism_hash[0], 0u);
}

TEST(CheckList, AListWithATakenIdOrACheckWithoutItsFunctionIsRejectedByName) {
  AuditOptions o;
  o.checks.push_back(kViolationCheck);
  try {
    o.validate();
    FAIL() << "a second 'violation' was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("checks[7] ('violation')"), std::string::npos) << e.what();
  }
  Check broken = kFinishedRunsCheck;
  broken.on_problem = nullptr;
  o.checks = {broken};
  EXPECT_THROW(o.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
