#pragma once
// The audit's Diagnosis (issue 36): what the host saw the scheme do, and what
// the rows show, put into words. Information, never a verdict: no finding
// changes a check. audit.md prints it when a check does not pass (or with
// --diagnose); audit.json always holds the time stencil and the constraint
// coverage. The rules and their reasons: studies/audit/audit.md, "Diagnosis".
//
// Everything here is a pure function of data (the traced runs of
// audit_trace.hpp, the ladder rows, the checks), so each rule is tested with
// known answers in diagnosis_test.cpp.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "studies/audit/diagnosis/audit_trace.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// One statement of the diagnosis. `defect`: it names something a correct
// scheme of the seeds does not do; otherwise a note (unusual, and why it is
// within the theory) or plain information.
struct Finding {
  std::string topic;  // "time stencil", "constraint coverage", "pattern", "error", "violation", "free step", "growth"
  std::string text;
  bool defect = false;
};

// When a step from t_k with step h queries f (of = "f") or the set (of = "S"),
// measured over the traced runs of one problem.
struct StencilLaw {
  std::string of;       // "f" or "S"
  std::string problem;  // "sliding d=3 C=10 alpha=0.19635"
  // "fixed": t_k + c h with the same c at every step and every h (c listed);
  // "frozen": the same times whatever t_k (listed in `frozen_at`);
  // "h-dependent": the same number of queries a step, but c changes with h
  //   (each slot's fitted law t_q − t_k = a h + b h^q in `laws`);
  // "irregular": c changes from step to step; "never": not queried at all.
  std::string kind;
  std::vector<double> c;
  std::vector<double> frozen_at;
  struct Law {
    double a = 0, b = 0, q = 0, rms = 0;  // t_q − t_k = a h + b h^q, rms residual
  };
  std::vector<Law> laws;
  double c_min = 0, c_max = 0;  // over every query
  bool outside = false;         // some query outside [t_k, t_k + h]
  int runs = 0, steps = 0;      // what it rests on
  std::string law;              // "t_k + 1 h", "t = 0 (frozen)", "t_k + 1 h - 0.5 h^0.5", ...
};

// Per problem: how often the traced runs looked at each constraint.
struct ConstraintCoverage {
  std::string problem;
  int constraints = 0;
  int runs = 0;
  std::vector<int> never;                 // never evaluated nor projected in any run
  std::vector<std::int64_t> evaluations;  // per constraint, over every run
  std::vector<std::int64_t> projections;  // per constraint: projections that moved the point
  std::int64_t project_calls = 0;
  int carrier = -1;        // the constraint with the largest violation in the finest traced run
  double carrier_violation = 0;
};

struct Diagnosis {
  bool shown = false;  // printed in audit.md (a check did not pass, or --diagnose)
  std::vector<StencilLaw> stencil;
  std::vector<ConstraintCoverage> coverage;
  std::vector<Finding> findings;
  std::map<std::string, std::vector<std::string>> tags;  // problem -> tags (AuditProblem::tags)
  double wall_seconds = 0;  // the diagnose phase (its traced runs and the findings), of the audit's wall_seconds
  bool any_defect() const {
    for (const auto& f : findings)
      if (f.defect) return true;
    return false;
  }
};

// --- the measured stencil and coverage (from the traced runs of one problem) ---
StencilLaw fit_stencil(const std::string& of, const std::string& problem, const std::vector<TraceRun>& runs);
// t_q − t_k = a h + b h^q fitted to (h_i, offset_i): q on a grid over [0, 3]
// (q = 1 excluded: it is a), (a, b) by least squares at each q.
StencilLaw::Law fit_offset_law(const std::vector<double>& h, const std::vector<double>& offset);
ConstraintCoverage coverage_of(const std::string& problem, const std::vector<TraceRun>& runs);

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
// included): a floor near single precision, a stall at a fixed level, a
// violation that does not vanish (and the constraint carrying it).
// `error_failed` / `violation_failed`: the problem's convergence / violation
// judgement is not a pass (a fingerprint is only looked for there).
std::vector<Finding> row_findings(const std::string& problem, const std::vector<RunRow>& rows, bool error_failed,
                                  bool violation_failed, const ConstraintCoverage* coverage);
// Steps free of contact: the gain <Φ_h(x) − x, f> / (h |f|²) per traced h,
// which tends to 1 for a consistent scheme.
std::vector<Finding> free_step_findings(const std::string& problem, const std::vector<TraceRun>& runs);
// A large-step failure from a perturbed start: the gap's growth per step and
// the direction it grows in.
Finding growth_finding(const std::string& problem, double perturbation, const GrowthTrace& g);

// "x_3" (1-based) when one coordinate carries at least 0.9 of a unit vector,
// else the two largest with their components.
std::string direction_words(const Vec<double>& u);

}  // namespace sweepcheck
