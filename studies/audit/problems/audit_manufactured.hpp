#pragma once
// Manufactured problems in the audit (issue 56; analytic/manufactured/):
// a schedule as an AuditProblem with its exact solution, the prepared
// schedules by name, and fresh draws from a seed (`sweepcheck audit
// --manufactured N --seed S`). The prepared landings, corner and
// crowd-of-pairs are at the end of the full battery (audit_problems), their
// events measured over grid phases (issue 55).
#include <cstdint>
#include <string>
#include <vector>

#include "studies/runs/erased_run.hpp"
#include "sweepcheck/analytic/manufactured/schedule.hpp"

namespace sweepcheck {

// The problem of one schedule: name "manufactured-<schedule name>", its
// parameters the seed, dimension and constraint count; the exact solution;
// P_S(t) by one sweep of the constraints (exact near S: the constraints that
// can act there act in orthogonal directions, manufactured.md); probe points
// on x* in and out of contact; the half-spaces' polyhedron in the view when
// every constraint is a wall (so the catching-up schemes run on it).
AuditProblem manufactured_audit_problem(const manufactured::Schedule& schedule);

// The prepared schedules' problems, by name (manufactured::prepared_names()).
AuditProblem manufactured_audit_problem(const std::string& prepared_name);

// n fresh draws: the schedules of draw_seed(seed, 0), ..., draw_seed(seed, n − 1).
std::vector<AuditProblem> drawn_audit_problems(int n, std::uint64_t seed);

}  // namespace sweepcheck
