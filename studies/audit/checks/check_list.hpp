#pragma once
// THE list of the audit's checks, in the order the audit judges and reports
// them. A new check is one file beside these (a Check constant and its pure
// function from rows, checks/check.hpp) and one line here: the session plans
// the runs it needs, judges it on every problem (or over the battery), and
// the report prints it (studies/audit/README.md, "Add a check").
#include <span>
#include <string_view>

#include "studies/audit/checks/check.hpp"
#include "studies/audit/checks/consistency.hpp"
#include "studies/audit/checks/convergence.hpp"
#include "studies/audit/checks/determinism.hpp"
#include "studies/audit/checks/large_steps.hpp"
#include "studies/audit/checks/precision_work.hpp"
#include "studies/audit/checks/step_bound.hpp"
#include "studies/audit/checks/violation.hpp"

namespace sweepcheck {

inline constexpr Check kCheckList[] = {
    kConvergenceCheck,    // 1
    kViolationCheck,      // 2
    kStepBoundCheck,      // 3
    kLargeStepsCheck,     // 4
    kConsistencyCheck,    // 5
    kPrecisionWorkCheck,  // 6
    kDeterminismCheck,    // 7
};

inline std::span<const Check> check_list() { return kCheckList; }

// The check with this id in `list` (null: none).
inline const Check* find_check(std::string_view id, std::span<const Check> list = check_list()) {
  for (const auto& c : list)
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace sweepcheck
