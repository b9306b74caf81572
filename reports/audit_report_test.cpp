// audit.md / audit.json read the AuditResult value only: verdicts, evidence
// and the failed flag come out as put in.
#include <gtest/gtest.h>

#include "reports/audit_report.hpp"

namespace sweepcheck {
namespace {

AuditResult sample() {
  AuditResult a;
  a.scheme = "demo";
  a.claimed_order = 1;
  CheckResult c;
  c.id = "step-bound";
  c.title = "Step bound";
  c.theorem = "(14)";
  c.verdict = CheckVerdict::fail;
  c.evidence = "max |x_(k+1) - x_k|/h grows";
  c.per_problem.push_back({"sliding d=3", Judgement{CheckVerdict::fail, "grows", {}}});
  a.checks.push_back(c);
  return a;
}

TEST(AuditReport, JsonCarriesVerdictsEvidenceAndTheFailedFlag) {
  const auto j = audit_json(sample());
  EXPECT_EQ(j["scheme"], "demo");
  EXPECT_TRUE(j["failed"].get<bool>());
  EXPECT_EQ(j["checks"][0]["id"], "step-bound");
  EXPECT_EQ(j["checks"][0]["verdict"], "FAIL");
  EXPECT_EQ(j["checks"][0]["problems"][0]["problem"], "sliding d=3");
}

TEST(AuditReport, MarkdownEscapesTableSeparatorsInEvidence) {
  const std::string md = audit_markdown(sample());
  EXPECT_NE(md.find("**FAIL**"), std::string::npos);
  EXPECT_NE(md.find("max \\|x_(k+1) - x_k\\|/h grows"), std::string::npos);
}

}  // namespace
}  // namespace sweepcheck
