#pragma once
// The problems the audit runs every scheme on, type-erased behind the plugin
// view (AuditProblem, studies/runs/erased_run.hpp) so the audit itself is one
// code path for all of them.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "studies/runs/erased_run.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {


// THE list of audit problems (studies/audit/problems/audit_problems.cpp), in the order the
// short CI variants take them: the first `count` (0: all). Problems with a
// cached reference load (or compute) it only when they are in the list. The
// first entry is also used for precision–work and determinism.
std::vector<AuditProblem> audit_problems(int count = 0);

// The problems with a moving set or a time-dependent field
// (analytic/moving_sets.md), in audit_problems()'s order: the oscillating
// wall, the time-dependent field on a static wall, the translating ball, the
// translating ball complement. audit_problems() holds them as entries 5-8.
std::vector<AuditProblem> moving_audit_problems();
// The wall and the field of moving_audit_problems() with g = 1: lift-offs and landings (issue 55).
std::vector<AuditProblem> lift_off_audit_problems();

}  // namespace sweepcheck
