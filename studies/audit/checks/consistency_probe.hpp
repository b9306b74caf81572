#pragma once
// Check 5's measurement: the consistency defect of one step of the scheme at
// probe points near S(t) (checks/consistency.hpp judges the series).
#include "studies/audit/checks/audit_thresholds.hpp"
#include "studies/audit/checks/check_rows.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/scheme_factory.hpp"

namespace sweepcheck {

// max over probe points of dist((Φ_h(y) − y)/h − f(y), −N_band(S, P_S(y))).
ProbeRow consistency_probe(const AuditProblem& problem, const SchemeFactory& scheme, double h,
                           const AuditThresholds& th);

}  // namespace sweepcheck
