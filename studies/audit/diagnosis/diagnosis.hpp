#pragma once
// The audit's Diagnosis (issue 36): what the host saw the scheme do, and what
// the rows show, put into words. Information, never a verdict: no finding
// changes a check. audit.md prints it when a check does not pass (or with
// --diagnose); audit.json always holds the time stencil and the constraint
// coverage. The rules and their reasons: studies/audit/audit.md, "Diagnosis".
//
// Everything here is a pure function of data (the traced runs of
// audit_trace.hpp, what stencil_and_coverage.hpp measured of them, the ladder
// rows, the checks' verdicts), so each rule is tested with known answers in
// diagnosis_test.cpp. This file puts them into words.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "studies/audit/diagnosis/audit_trace.hpp"
#include "studies/audit/diagnosis/stencil_and_coverage.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// One statement of the diagnosis. `defect`: it names something a correct
// scheme of the seeds does not do; otherwise a note (unusual, and why it is
// within the theory) or plain information.
struct Finding {
  // "time stencil", "state stencil", "constraint coverage", "pattern", "error", "violation", "step", "free step",
  // "growth"
  std::string topic;
  std::string text;
  bool defect = false;
};

struct Diagnosis {
  bool shown = false;  // printed in audit.md (a check did not pass, or --diagnose)
  std::vector<StencilLaw> stencil;
  std::vector<ConstraintCoverage> coverage;
  std::vector<Finding> findings;
  std::map<std::string, std::vector<std::string>> tags;  // problem -> tags (AuditProblem::tags)
  // The features of the theory no judged problem carries (untested_features.hpp):
  // a subset of the battery that cannot test them says so (issue 57).
  std::vector<std::string> untested;
  double wall_seconds = 0;  // the diagnose phase (its traced runs and the findings), of the audit's wall_seconds
  bool any_defect() const { return defects() > 0; }
  std::size_t defects() const {
    std::size_t n = 0;
    for (const auto& f : findings) n += f.defect;
    return n;
  }
};

// --- findings ---
// The stencils of every problem in words: one finding per distinct
// description (naming the problems when they differ).
std::vector<Finding> stencil_findings(const std::vector<StencilLaw>& laws);
std::vector<Finding> coverage_findings(const std::vector<ConstraintCoverage>& coverage);
// A failing check's problems against the tags: the tags every failing problem
// has and no passing one has (or the other way round), else the closest.
struct ProblemVerdict {
  std::string problem;
  bool failed = false;
};
std::vector<Finding> pattern_findings(const std::string& check, const std::vector<ProblemVerdict>& verdicts,
                                      const std::map<std::string, std::vector<std::string>>& tags);
// The error and violation columns of one problem's ladder rows (refined rows
// included): a stall at a fixed level, a violation that does not vanish (and
// the constraint carrying it), an error growing as h shrinks, each level read
// against the round-off floors of double and float (precision_floor.hpp:
// "single-precision round-off in the state or in the step" with its factor,
// else a slack or another solution), each defect naming where to look and a
// check that confirms it.
// `error_failed` / `violation_failed`: the problem's convergence / violation
// judgement is not a pass (a fingerprint is only looked for there).
std::vector<Finding> row_findings(const std::string& problem, const std::vector<RunRow>& rows, bool error_failed,
                                  bool violation_failed, const ConstraintCoverage* coverage);
// The consistency probe's rows of one problem whose consistency judgement
// failed, as (h, defect) with defect = dist((Φ_h(y) − y)/h − f(y), −N): a
// defect growing like 1/h whose product with h settles is a displacement of
// fixed size per step. Named when that size is single-precision round-off of
// a state of norm `scale` (precision_floor.hpp; issue 47), else nothing.
// Also, when the defect itself settles (the same at every h) and `field_scale`
// (max |f(t_k, x_k)| over the traced steps; 0: unknown) is given: a settled
// defect within the single-precision band of ε_f |f| is the rounding of the
// field's increment (f or h f kept in float): each step is off by one relative
// rounding of h f, so r = (Φ_h(y) − y)/h − f(y) is off by that rounding of f.
std::vector<Finding> step_floor_findings(const std::string& problem, std::vector<std::pair<double, double>> h_defect,
                                         double scale, double field_scale = 0);
// The consistency probe's defect of one problem as a law c h^q (issue 57,
// law_fit.hpp), from its finest rows above their round-off floor (h, defect,
// floor): one step is then off by c h^{1+q}, so a scheme with such a defect
// converges with order at most q. Named (a defect) when the law is supported
// and q's interval lies more than the rule's resolution (kLawMaxHalfWidth)
// below the claimed order and above 0.25 (a defect shrinking slower fails the
// consistency check itself, read by step_floor_findings); nothing without a
// claim (NaN).
struct ProbeLevel {
  double h = 0, defect = 0, floor = 0;
};
std::vector<Finding> defect_law_findings(const std::string& problem, std::vector<ProbeLevel> rows,
                                         double claimed_order);
// Steps free of contact: the gain <Φ_h(x) − x, f> / (h |f|²) per traced h,
// which tends to 1 for a consistent scheme, read as a law in h when the gains
// carry one (issue 57, law_fit.hpp): g ∝ h^p (a power of h in the increment),
// g − 1 ∝ h^q (q near 0: a fixed factor; 0 < q < 1: an increment off by a
// relative c h^q, which bounds the order by q), else the single value at the
// finest h, saying no law was fitted. `claimed_order`: the claim the audit
// judges (NaN: none; a q below 1 is then a note, not a defect).
std::vector<Finding> free_step_findings(const std::string& problem, const std::vector<TraceRun>& runs,
                                        double claimed_order = 1.0);
// A large-step failure from a perturbed start: the gap's growth per step and
// the direction it grows in.
Finding growth_finding(const std::string& problem, double perturbation, const GrowthTrace& g);

// "x_3" (1-based) when one coordinate carries at least 0.9 of a unit vector,
// else the two largest with their components.
std::string direction_words(const Vec<double>& u);

}  // namespace sweepcheck
