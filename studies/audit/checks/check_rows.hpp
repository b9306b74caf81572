#pragma once
// The rows a check judges: what the audit's runs measured on one problem
// (ProblemRows) or over the battery (BatteryRows), with the only way a check
// can ask for more (a new run at a smaller step, for refinement). A check is a
// pure function of these (checks/check.hpp); the session fills them
// (studies/audit/audit_judge.cpp), a test fills them by hand.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// One consistency probe (check 5; checks/consistency_probe.hpp).
struct ProbeRow {
  std::string problem;
  double h = 0;
  double defect = 0;        // max over probe points of dist(r, −N_band)
  double floor = 0;         // round-off level of r
  double max_residual = 0;  // max |r|, r = (Φ_h(y) − y)/h − f(y)
  int points = 0;
};

// Check 4's runs: errors at large steps; `diverged`/`capped` flag runs that
// blew up or whose inner solver hit its cap; `perturbation` is the relative
// size of the run's start perturbation (0: the given start;
// studies/engine/perturbed_starts.hpp).
struct LargeStepRun {
  double h, error;
  bool diverged, capped;
  double perturbation = 0;
};

// Check 6's numbers: the work of the scheme and of the reference at one error level.
struct WorkComparison {
  double error = 0;         // matched error level
  double work_scheme = 0;   // constraint evaluations (counted by the host) to reach it
  double work_reference = 0;
};

// Everything measured on one problem of the battery.
struct ProblemRows {
  std::string problem;  // problem_label: "sliding d=3 C=10 alpha=0.19635"
  // The claim the convergence check tests: the audit's, resolved once
  // (AuditResult::claim), which outlives the rows; null: none claimed.
  const OrderClaim* claim = nullptr;
  // The audited scheme's ladder rows (checks 1-3), and a new ladder run at
  // about step h (refinement; empty: judge the rows as given).
  std::vector<RunRow> ladder;
  std::function<RunRow(double h)> more_ladder;
  // A sampled reference's own error (AuditProblem::reference_error), noise to the fit.
  double reference_error = 0;
  // 1 + sup_t |f(t, x0)| + the set's speed (the violation floor, the large-step bound).
  double velocity_scale = 1;
  // Reference-free problems: the Richardson estimate of the ladder (null: the problem has a reference).
  const RichardsonEstimate* reference_free = nullptr;
  // Check 4: the large-step runs from every start, and the bound on their error.
  std::vector<LargeStepRun> large_steps;
  double large_step_bound = 0;
  // Check 5: whether the problem can project onto S(t) (no probe without), the
  // probes, and a new probe at step h.
  bool can_probe = false;
  std::vector<ProbeRow> probes;
  std::function<ProbeRow(double h)> more_probes;
};

// What the checks over the whole battery see (they use its first problem).
struct BatteryRows {
  std::string scheme;            // the audited scheme's name
  std::string reference_scheme;  // the precision-work reference, as given (AuditOptions::reference_scheme)
  std::string first_problem;     // problem_label of the battery's first problem
  const std::vector<RunRow>* ladder = nullptr;     // the scheme's ladder rows, every problem, refined ones included
  const std::vector<RunRow>* reference = nullptr;  // the reference scheme's ladder on the first problem
  // Some ladder runs on the first problem were not started (the hang or
  // crash budget), and why the audit gave up (AuditResult::gave_up).
  bool first_problem_not_started = false;
  std::string gave_up;
  // Check 7: the two runs with fresh instances, first and last of the audit.
  struct Determinism {
    int steps = 0;
    RunStatus status = RunStatus::ok;  // not_run: the budget did not start them
    std::string fault;                 // a fault's sentence (RunFault::sentence)
    std::uint64_t hash[2] = {0, 0};
    double error[2] = {0, 0};
  } determinism;
};

}  // namespace sweepcheck
