// The crowd of seed 001 in the audit battery as shipped (N = 20 in a 3 × 3
// room, T = 1, the cached h_ref = 2.5e-6 PNGS reference): a problem of the
// real list after the short CI variants' eight, measured above its reference's noise, passed by Venel's
// scheme (its home problem, seed 001) with its own lower-bound claim, and
// failed by a wrong example on the checks expected of it.
#include <gtest/gtest.h>

#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_crowd.hpp"
#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/scheme_catalog.hpp"

namespace sweepcheck {
namespace {

// The crowd as the real list holds it (not a copy of its options); wired
// after the first eight, so other problems may follow it.
const AuditProblem& crowd_of_the_battery() {
  static const AuditProblem crowd = [] {
    const auto all = audit_problems();
    const AuditProblem* found = nullptr;
    for (const auto& p : all)
      if (p.name == "crowd") {
        if (found) throw std::logic_error("the battery holds two crowd problems");
        found = &p;
      }
    if (!found) throw std::logic_error("the battery holds no crowd problem");
    return *found;
  }();
  return crowd;
}

CheckVerdict verdict(const AuditResult& r, std::string_view id) {
  const CheckResult* c = r.find(id);
  if (!c) throw std::logic_error("no check " + std::string(id));
  return c->verdict;
}

TEST(AuditCrowd, TheBatteryHoldsTheCrowdAfterTheShortVariantsUnchangedEight) {
  const auto all = audit_problems();
  ASSERT_GE(all.size(), 14u);
  const std::vector<std::string> first{"sliding", "sliding", "sliding", "disks"};
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(all[i].name, first[i]) << i;
  for (std::size_t i = 0; i < 8; ++i) EXPECT_NE(all[i].name, "crowd") << i;
  const AuditProblem& c = crowd_of_the_battery();
  EXPECT_TRUE(c.sampled);
  EXPECT_TRUE(c.project);
  EXPECT_EQ(c.probe_points.size(), 4u);
  // Every pair and every (disk, wall): 20·19/2 + 5·20 constraints.
  EXPECT_EQ(c.view->constraints().size(), 190 + 100);
}

TEST(AuditCrowd, PbdsErrorAtTheSmallestAuditedStepIsTenTimesAboveTheReferenceError) {
  // The fit drops points within fit.floor_factor (10) of the reference-error
  // estimate; the ladder is only useful if an order-1 scheme's smallest-step
  // error stays above that, as PBD's must (seed 000, Theorem 3.8).
  const CrowdAuditOptions o;
  const AuditProblem& p = crowd_of_the_battery();
  const AuditThresholds th;
  ASSERT_GT(p.reference_error, 0.0);
  const auto n = p.ladder->step_counts(p.t_end - p.t0).back();
  const auto run = run_stepper(p, catalog_scheme_factory(parse_scheme_spec("pbd")), n, 1);
  ASSERT_EQ(run.row.status, RunStatus::ok);
  EXPECT_GT(run.row.error_uniform, th.fit.floor_factor * p.reference_error);
  EXPECT_LE(o.crowd.t_end / double(o.reference.steps), 0.1 * o.ladder.h_min * (1 + 1e-12));
}

AuditOptions options() {
  AuditOptions o;
  o.executor.jobs = 2;
  return o;
}

TEST(AuditCrowd, VenelWithItsOneSidedClaimPassesEveryCheckOnTheCrowd) {
  AuditOptions o = options();
  o.schemes_claim_is_sharp = scheme_info("venel").claim_is_sharp;
  ASSERT_FALSE(o.schemes_claim_is_sharp);
  const AuditResult r = run_audit(catalog_scheme_factory(parse_scheme_spec("venel")), {crowd_of_the_battery()}, o);
  for (const auto& c : r.checks) {
    if (c.id == kPrecisionWorkCheck.id) continue;
    if (c.id == kConsistencyCheck.id) {
      // Known, open (issue 32): the consistency defect's slope is 0.880
      // [0.773, 0.988] against the bound 0.25, but its local orders scatter
      // by about ±0.22 and the h floor of the reference ends refinement, so
      // the finest step's interval is wider than max_ci_width and the rule
      // calls it inconclusive, not a pass (studies/engine/fit_order.md, the
      // measured cases). Asserted as it stands: never a fail.
      EXPECT_NE(c.verdict, CheckVerdict::fail) << c.id << ": " << c.evidence;
      continue;
    }
    EXPECT_EQ(c.verdict, CheckVerdict::pass) << c.id << ": " << c.evidence;
  }
  EXPECT_FALSE(r.any_failed());
}

// The explicit Euler step with h² in place of h (examples/wrong_h2_euler.cpp):
// it stands still, so the error tends to a constant (check 1) and the
// consistency defect tends to |f| (check 5), on the crowd as on every problem.
TEST(AuditCrowd, TheWrongH2EulerExampleFailsConvergenceAndConsistencyOnTheCrowd) {
  const AuditResult r = run_audit(load_plugin(WRONG_H2_EULER), {crowd_of_the_battery()}, options());
  EXPECT_EQ(verdict(r, kConvergenceCheck.id), CheckVerdict::fail);
  EXPECT_EQ(verdict(r, kConsistencyCheck.id), CheckVerdict::fail);
  EXPECT_EQ(verdict(r, kViolationCheck.id), CheckVerdict::pass);
}

}  // namespace
}  // namespace sweepcheck
