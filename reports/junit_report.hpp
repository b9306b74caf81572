#pragma once
// The audit as JUnit XML (`sweepcheck audit --junit FILE`), for CI dashboards
// (GitLab, Jenkins, GitHub test reporters): one <testsuite> per check, one
// <testcase> per check and problem, so a dashboard shows which check failed
// on which problem, and why. Reads the AuditResult value only.
//
// Mapping (the audit's exit code is the same rule, README "Verdicts"):
//   pass, info        a passing test case
//   fail              <failure> with the evidence sentence (the check is wrong)
//   pre-asymptotic,   <error>: the slope had not settled when the budget ended;
//   unsettled           not a pass, and not evidence of a wrong scheme either
//   inconclusive      <skipped> with the reason (too few usable points)
//   not run           <skipped> (a problem the scheme cannot run on), or
//                     <failure> when the runs were not started because the
//                     plugin hangs or crashes (the check's verdict is FAIL)
#include <filesystem>
#include <string>

#include "studies/audit/audit_result.hpp"

namespace sweepcheck {

std::string audit_junit(const AuditResult& audit);
// Writes audit_junit(audit) to `file` atomically.
void write_audit_junit(const AuditResult& audit, const std::filesystem::path& file);

}  // namespace sweepcheck
