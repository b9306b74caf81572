// The disks in the audit battery as shipped (N = 40, T = 0.5, seed 4, the
// cached h_ref = 2.5e-6 reference): in the short CI variant, and measured
// above its reference's noise at every rung of its ladder.
#include <gtest/gtest.h>

#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_disks.hpp"

namespace sweepcheck {
namespace {

TEST(AuditProblems, TheShortCiVariantsFourProblemsEndWithTheDisks) {
  const auto four = audit_problems(4);
  ASSERT_EQ(four.size(), 4u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(four[std::size_t(i)].name, "sliding");
  EXPECT_EQ(four[3].name, "disks");
  EXPECT_TRUE(four[3].sampled);
  EXPECT_TRUE(four[3].project);
}

TEST(AuditProblems, PbdsDisksErrorAtTheSmallestAuditedStepIsTenTimesAboveTheReferenceError) {
  // The fit drops points within fit.floor_factor (10) of the reference-error
  // estimate; the ladder is only useful if an order-1 scheme's smallest-step
  // error stays above that, as PBD's must (seed 000, Theorem 3.8).
  const DisksAuditOptions o;
  const AuditProblem p = disks_audit_problem(o);
  const AuditThresholds th;
  ASSERT_GT(p.reference_error, 0.0);
  const auto n = p.ladder->step_counts(p.t_end - p.t0).back();
  const auto run = run_stepper(p, catalog_scheme_factory(parse_scheme_spec("pbd")), n, 1);
  ASSERT_EQ(run.row.status, RunStatus::ok);
  EXPECT_GT(run.row.error_uniform, th.fit.floor_factor * p.reference_error);
  // The reference step is at most a tenth of the smallest audited step.
  EXPECT_LE(o.disks.t_end / double(o.reference.steps), 0.1 * o.ladder.h_min * (1 + 1e-12));
}

}  // namespace
}  // namespace sweepcheck
