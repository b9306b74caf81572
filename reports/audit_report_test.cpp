// audit.md / audit.json read the AuditResult value only: verdicts, evidence
// and the failed flag come out as put in.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "reports/audit_report.hpp"

namespace sweepcheck {
namespace {

AuditResult sample() {
  AuditResult a;
  a.scheme = "demo";
  a.claim = OrderClaim::at_least(1);
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

// The report reads the check list (studies/audit/checks/check_list.hpp): a
// check's section shows its figure when the list tags it so, and only the
// figures of the checks the audit judged are drawn (or said not drawn).
TEST(AuditReport, DrawsTheFiguresOfTheJudgedChecksThatTheCheckListTagsAndNoOther) {
  AuditResult a = sample();  // step-bound, tagged figure
  CheckResult extra;         // a check outside the list (checks/testdata/finished_runs.hpp)
  extra.id = "finished-runs";
  extra.title = "Every ladder run finished";
  extra.theorem = "Definition 2.8";
  extra.verdict = CheckVerdict::pass;
  a.checks.push_back(extra);
  for (double h : {0.1, 0.05, 0.025}) {
    RunRow r;
    r.problem = "sliding";
    r.parameters = "d=3";
    r.h = h;
    r.max_increment = h;
    r.error_uniform = h;
    a.ladder_rows.push_back(r);
  }
  const std::string md = audit_markdown(a);
  EXPECT_NE(md.find("![Step bound](audit_step-bound.png)"), std::string::npos) << md;
  EXPECT_EQ(md.find("![Every ladder run finished]"), std::string::npos) << md;
  EXPECT_NE(md.find("| 2 | Every ladder run finished | **PASS** |"), std::string::npos) << md;

  const auto dir = std::filesystem::temp_directory_path() / ("sweepcheck-audit-report-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto files = write_audit_report(a, dir);
  const auto json = nlohmann::json::parse(std::ifstream(dir / "audit.json"));
  std::filesystem::remove_all(dir);
  auto drawn_or_said = [&](const std::string& id) {
    const bool drawn = std::any_of(files.begin(), files.end(),
                                   [&](const std::string& f) { return f.rfind("audit_" + id + ".", 0) == 0; });
    return drawn || (json.contains("figures_not_drawn") && json["figures_not_drawn"].contains(id));
  };
  EXPECT_TRUE(drawn_or_said("step-bound"));
  for (const char* id : {"convergence", "violation", "consistency", "precision-work", "finished-runs"})
    EXPECT_FALSE(drawn_or_said(id)) << id << ": the audit did not judge it";
}

// Issue 57: a defect the diagnosis names is never hidden behind "no check
// failed", and a subset of the battery says what it cannot test.
TEST(AuditReport, ADefectFoundIsShownWhenEveryCheckPassesAndTheSubsetSaysWhatItCannotTest) {
  AuditResult a = sample();
  for (auto& c : a.checks) c.verdict = CheckVerdict::pass;
  a.diagnosis.shown = true;
  a.diagnosis.findings.push_back({"time stencil", "S always queried at t = 0 whatever t_k", true});
  a.diagnosis.untested = {"moving set", "time-dependent field"};
  const std::string md = audit_markdown(a);
  EXPECT_NE(md.find("Overall: **no check failed, but the diagnosis names 1 defect (section Diagnosis; exit 4)**"),
            std::string::npos) << md;
  EXPECT_NE(md.find("**Not tested by these problems**: no audited problem has 'moving set', 'time-dependent field'"),
            std::string::npos) << md;
  const auto j = audit_json(a);
  EXPECT_EQ(j["diagnosis"]["defects"], 1);
  EXPECT_EQ(j["diagnosis"]["untested"].size(), 2u);
  // Negative control: no defect, every feature tested: the bare line, no sentence.
  a.diagnosis.findings.clear();
  a.diagnosis.untested.clear();
  const std::string clean = audit_markdown(a);
  EXPECT_NE(clean.find("Overall: **no check failed**"), std::string::npos) << clean;
  EXPECT_EQ(clean.find("Not tested by these problems"), std::string::npos) << clean;
}

}  // namespace
}  // namespace sweepcheck
