// The crowd as an audit problem, on a small instance (N = 6 in a 2 × 2 room,
// T = 0.1) with its own cache folder: the reference-error estimate is what it
// says, the probe's base points and projection are those of a projection onto
// S, and options that cannot work are rejected by name.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "sweepcheck/solvers/schemes/pngs.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_test_support.hpp"
#include "studies/audit/problems/audit_crowd.hpp"

namespace sweepcheck {
namespace {

using audit_test::TempCache;
using audit_test::reference_pngs;

CrowdAuditOptions small_crowd() {
  CrowdAuditOptions o;
  o.crowd = {.people = 6, .radius = 0.2, .room = 2, .door_width = 0.6, .t_end = 0.1, .seed = 3};
  o.reference = {.steps = 4000, .samples = 40};
  o.ladder = {0.01, 1e-3, 4};
  o.probe_times = {0.0, 0.05, 0.1};
  return o;
}

TEST(CrowdAuditProblem, PngsThroughTheViewAtTwiceTheReferenceStepHasExactlyTheReferenceErrorEstimate) {
  // The estimate is max_i |x_(2 h_ref)(τ_i) − x_(h_ref)(τ_i)| with both runs
  // made in-tree on CrowdSet (Verlet list); PNGS through the all-constraints
  // view sweeps in the same order with the same operations, so the audit's
  // run at 2 h_ref is the same computation and its error is the estimate.
  TempCache cache("crowd");
  const auto o = small_crowd();
  const AuditProblem p = crowd_audit_problem(o);
  ASSERT_GT(p.reference_error, 0.0);
  const auto run = run_stepper(p, reference_pngs(o.reference), o.reference.steps / 2, 1);
  ASSERT_EQ(run.row.status, RunStatus::ok);
  EXPECT_EQ(run.row.error_uniform, p.reference_error);
  EXPECT_EQ(run_stepper(p, reference_pngs(o.reference), o.reference.steps, 1).row.error_uniform, 0.0);
  // The second build loads both references from the cache.
  const AuditProblem again = crowd_audit_problem(o);
  EXPECT_NE(again.notes.find("reference loaded from"), std::string::npos) << again.notes;
  EXPECT_EQ(again.reference_error, p.reference_error);
}

TEST(CrowdAuditProblem, ProbeBasePointsAreFeasibleReferenceStatesAndProjectIsAProjection) {
  TempCache cache("crowd");
  const auto o = small_crowd();
  const AuditProblem p = crowd_audit_problem(o);
  const CrowdSet<double> set(o.crowd);
  ASSERT_EQ(p.probe_points.size(), o.probe_times.size());
  for (std::size_t k = 0; k < p.probe_points.size(); ++k) {
    const auto& [t, xs] = p.probe_points[k];
    EXPECT_NEAR(t, o.probe_times[k], 1e-12);
    EXPECT_LE(set.max_violation(t, xs), 1e-10);  // PNGS's tolerance
    // P_S(y) of y = x* + 0.05 u is feasible and no farther from y than the
    // feasible x* (the definition of a projection).
    Vec<double> u = Vec<double>::Ones(xs.size()).normalized();
    for (Eigen::Index i = 0; i < u.size(); i += 2) u[i] = -u[i];
    const Vec<double> y = xs + 0.05 * u;
    const Vec<double> q = p.project(t, y);
    EXPECT_LE(set.max_violation(t, q), 1e-12);
    EXPECT_LE((q - y).norm(), (xs - y).norm() + 1e-12);
  }
}

TEST(CrowdAuditProblem, TimeScaleIsAPersonCrossingItsRadiusAndTheViewHasEveryConstraint) {
  TempCache cache("crowd");
  const auto o = small_crowd();
  const AuditProblem p = crowd_audit_problem(o);
  EXPECT_DOUBLE_EQ(p.time_scale, o.crowd.radius / o.crowd.speed);
  EXPECT_EQ(p.view->constraints().size(), 6 * 5 / 2 + 5 * 6);
  EXPECT_EQ(p.x0, CrowdEvacuation<double>::start(o.crowd));
  ASSERT_TRUE(p.ladder.has_value());
  EXPECT_EQ(p.ladder->h_min, o.ladder.h_min);
}

TEST(CrowdAuditProblem, OptionsThatCannotGiveSampleTimesOrAnHonestLadderAreRejectedByName) {
  auto expect_rejected = [](const CrowdAuditOptions& o, const std::string& words) {
    try {
      o.validate();
      ADD_FAILURE() << "accepted; expected: " << words;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  auto o = small_crowd();
  o.probe_times = {0.0333};
  expect_rejected(o, "probe time");
  o = small_crowd();
  o.reference.steps = 4040;  // 2020 is no multiple of 40 samples
  expect_rejected(o, "reference.steps / 2");
  o = small_crowd();
  o.ladder.h_min = 1e-4;  // below 10 h_ref = 2.5e-4
  expect_rejected(o, "ladder.h_min");
  o = small_crowd();
  o.crowd.people = 0;
  expect_rejected(o, "people");
}

}  // namespace
}  // namespace sweepcheck
