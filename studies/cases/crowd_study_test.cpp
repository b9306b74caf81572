#include <gtest/gtest.h>

#include "studies/cases/crowd_study.hpp"

namespace sweepcheck {
namespace {

// A short crowd study (N = 30, T = 1): runs, rows and references as promised.
CrowdStudyConfig short_config() {
  CrowdStudyConfig c;
  c.crowd.people = 30;
  c.crowd.t_end = 1;
  c.sampled.steps = {0.02, 0.025, 0.05, 0.1, 0.2, 0.5};
  c.fine_reference_h = 2e-3;
  c.sampled.executor.jobs = 2;
  return c;
}

TEST(CrowdStudy, AShortStudyHasEveryRowAndBothReferences) {
  const auto c = short_config();
  const CrowdStudy s = run_crowd_study(c);
  EXPECT_EQ(s.study.rows.size(), 2u * 2u * 6u);  // 2 references × 2 schemes × 6 steps
  // Per scheme: the paper's reference, the finer one, and the finer one at
  // twice its step (its error estimate).
  EXPECT_EQ(s.references.size(), 2u * 3u);
  EXPECT_EQ(s.sample_times.size(), 10u);
  for (const auto& r : s.study.rows) {
    EXPECT_EQ(r.status, RunStatus::ok) << r.scheme << " h=" << r.h;
    EXPECT_TRUE(std::isfinite(r.error_uniform));
    EXPECT_GT(r.error_uniform, 0);
  }
  EXPECT_FALSE(crowd_findings(s, c.crowd).empty());
}

// Seed 001, (12): Q̃(t_{k+1}, q_k) ⊂ Q(t_{k+1}), so Venel's configurations are
// feasible up to the QP's tolerance (1e-9 on the residual of rows with
// |a_i| <= sqrt(2), i.e. a stacked distance <= 1e-9).
TEST(CrowdStudy, VenelsConfigurationsAreFeasibleUpToTheQpTolerance) {
  const CrowdStudy s = run_crowd_study(short_config());
  int venel_rows = 0;
  for (const auto& r : s.study.rows) {
    if (r.scheme != "venel") continue;
    ++venel_rows;
    EXPECT_LE(r.violation, 1e-9 * (1 + 1e-6)) << "h=" << r.h;  // the tolerance, plus round-off in evaluating g
  }
  EXPECT_EQ(venel_rows, 12);
}

TEST(CrowdStudy, RejectsAStepNotLargerThanTheReference) {
  auto c = short_config();
  c.sampled.steps = {0.01};
  EXPECT_THROW(run_crowd_study(c), std::invalid_argument);
  c.sampled.steps = {0.03};  // does not divide T = 1
  EXPECT_THROW(run_crowd_study(c), std::invalid_argument);
  c = short_config();
  c.schemes = {{"moreau-euler", {}}};
  EXPECT_THROW(run_crowd_study(c), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
namespace sweepcheck {
namespace {
// The expected verdict of every claim of the short study, so a claim that
// flips fails CI. Only Venel's order is claimed (seed 001's theorem, order
// >= 1/2); no theorem gives PBD an order on the crowd, so PBD gets no claim
// and no verdict, only its fitted order. With 30 people and T = 1 few
// contacts form; against the paper-style reference (h = 0.01) Venel's local
// orders scatter (1.06 to 4.40) but all lie far above 1/2 without a fall.
TEST(CrowdStudy, EveryClaimOfTheShortStudyHasItsExpectedVerdict) {
  const CrowdStudy s = run_crowd_study(short_config());
  const auto claims = crowd_claims(s);
  // Issue 32: scatter never passes. On this short configuration Venel's local
  // orders are 1.06, 4.40, 1.15, 1.39, 1.76 (paper's reference) and 1.06,
  // 4.27, 1.01, 1.03 (finer reference, whose h floor 10 × 2e-3 leaves no
  // rung to add): all above the bound 1/2, but their intervals are wider
  // than 0.5 (2.01 [1.24, 2.79]; 1.94 [0.43, 3.46]), so neither claim is
  // supported — nor refuted.
  const std::vector<std::pair<std::string, ClaimVerdict>> expected = {
      {"crowd.order.venel.paper-reference", ClaimVerdict::inconclusive},
      {"crowd.order.venel.fine-reference", ClaimVerdict::inconclusive},
  };
  EXPECT_EQ(claims.size(), expected.size());
  for (const auto& [id, verdict] : expected) {
    const Claim* c = find_claim(claims, id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_EQ(to_string(c->verdict), to_string(verdict)) << id << ": " << c->evidence;
  }
  for (const auto& c : claims) EXPECT_EQ(c.id.find(".pbd."), std::string::npos) << c.id;
}
}  // namespace
}  // namespace sweepcheck
