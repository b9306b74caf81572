#pragma once
// `sweepcheck audit`: the battery of checks any scheme is put through (what
// each tests and why: studies/audit/audit.md). run_audit plans, executes and
// judges the checks of the check list (checks/check_list.hpp) on the battery
// (problems/audit_problems.hpp); its result is a value (audit_result.hpp).
#include <vector>

#include "studies/audit/audit_result.hpp"
#include "studies/audit/checks/consistency_probe.hpp"
#include "studies/audit/problems/audit_problems.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/scheme_factory.hpp"

namespace sweepcheck {

AuditResult run_audit(const SchemeFactory& scheme, const std::vector<AuditProblem>& problems, const AuditOptions& opt);

}  // namespace sweepcheck
