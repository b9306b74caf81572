#pragma once
// Work counters a scheme fills in while it steps, and the host: the field
// evaluations are counted by the driver (studies/engine/integrate.hpp, through
// solvers/adapters/field_counting_problem.hpp; a plugin's through its
// CountingView), never by the scheme. Constraint evaluations are the x-axis of
// the paper's precision-work diagrams (seed 000, Fig. 8 right: "average number
// of constraint evaluations"); a comparison of schemes weighs them all
// (solvers/core/work_weights.hpp).
#include <cstdint>

namespace sweepcheck {

struct Work {
  std::int64_t constraint_evaluations = 0;  // g_j or d_{S_j} evaluated once
  std::int64_t projections = 0;             // P_{S_j} actually moved the point
  std::int64_t sweeps = 0;                  // passes over all constraints
  std::int64_t inner_iterations = 0;        // iterations of an inner solver (QP, dual gradient)
  std::int64_t field_evaluations = 0;       // f(t, x) calls (f_integral counts one), counted by the host

  Work& operator+=(const Work& o) {
    constraint_evaluations += o.constraint_evaluations;
    projections += o.projections;
    sweeps += o.sweeps;
    inner_iterations += o.inner_iterations;
    field_evaluations += o.field_evaluations;
    return *this;
  }
};

// What a single step reports besides its result. Divergence is not a step
// status: the driver detects it from the state (see studies/engine/integrate.hpp).
//  - inner_cap_hit: an inner solver reached its iteration cap;
//  - infeasible: the inner problem has no solution (MPRGP found Q̃ empty: the
//    dual is unbounded, so the linearised set is empty); the step's result is
//    the solver's last iterate, not a projection.
// Both are recorded in the run's status, never thrown: run-time trouble of
// one run must not end a study (issue 14).
enum class StepStatus { ok, inner_cap_hit, infeasible };

}  // namespace sweepcheck
