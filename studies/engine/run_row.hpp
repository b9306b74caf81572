#pragma once
// One row of the error table: one (problem, scheme, h) run.
#include <cstdint>
#include <limits>
#include <string>

#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/studies/engine/run_status.hpp"

namespace sweepcheck {

struct RunRow {
  std::string problem;
  std::string parameters;  // the problem's parameters, "key=value" separated by spaces
  std::string scheme;      // scheme label, including its options when not default
  double h = 0;
  std::int64_t steps = 0;
  double t_end = 0;
  double error_uniform = 0;  // sup_t of the piecewise-linear interpolant's error (dense)
  double error_grid = 0;     // max_k ‖x_k − x(t_k)‖
  // ‖x_N − x(T)‖, the error at the final time (NaN: not measured); fitted
  // beside the uniform error (studies/engine/fit_order.md, "Both norms").
  double error_final = std::numeric_limits<double>::quiet_NaN();
  double violation = 0;      // max_k max_j d_{S_j}(x_k)
  double max_increment = 0;  // max_k ‖x_{k+1} − x_k‖
  double scale = 0;          // max_k ‖x_k‖
  double noise_floor = 0;    // steps · (ε · scale + inner solver tolerance)
  Work work;
  double wall_seconds = 0;
  RunStatus status = RunStatus::ok;
  std::int64_t fail_step = -1;
  std::int64_t inner_cap_hits = 0;
  double claimed_order = 0;  // the scheme's claim, NaN if none
  bool claim_is_sharp = false;  // the claim is "order >= claimed_order" (SchemeInfo)
  bool refined = false;  // a rung added by refinement (studies/engine/refinement.hpp), not on the study's own step list
  // Grid phases (studies/engine/grid_phases.hpp): the row of a rung measured
  // on `phases` grids of step h is the worst one's, whose first step was
  // phase · h; error_phase_best is the smallest uniform error over them (the
  // band of the rung; NaN: one grid), phase_work_units the work units of
  // every phase (0: one grid, work_units()).
  int phases = 1;
  double phase = 0;
  double error_phase_best = std::numeric_limits<double>::quiet_NaN();
  double phase_work_units = 0;
  // 1 when the plain grid's run had an event whose error depends on where
  // the grid falls (its active set changed and its velocity jumped:
  // ActiveSetObserver, error_observers.hpp), else 0; at 0,
  // GridPhases::When::at_events spends no further phase on the rung.
  std::int64_t events = 0;

  // The run's deterministic work, the unit of every refinement budget
  // (studies/engine/refinement.hpp): steps + constraint evaluations + inner
  // iterations, as the scheme counted them. Unlike wall_seconds it is the
  // same on every machine and under any load (fit_order.md, "Refinement").
  double work_units() const {
    return double(steps) + double(work.constraint_evaluations) + double(work.inner_iterations);
  }
  // What measuring the rung cost: every phase's work units (what refinement budgets).
  double rung_work_units() const { return phase_work_units > 0 ? phase_work_units : work_units(); }
  double evaluations_per_step() const { return steps > 0 ? double(work.constraint_evaluations) / double(steps) : 0; }
};

// "name parameters" ("sliding d=3 C=10 alpha=0.19635"): how runs, faults,
// checks and reports name a problem. The one way a label is built: the
// overloads (a row here, an AuditProblem in studies/runs/erased_run.hpp) call it.
inline std::string problem_label(const std::string& name, const std::string& parameters) {
  return name + " " + parameters;
}
inline std::string problem_label(const RunRow& r) { return problem_label(r.problem, r.parameters); }

}  // namespace sweepcheck
