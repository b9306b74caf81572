#pragma once
// The state f is evaluated at (issue 47): the time stencil (stencil_and_coverage.hpp)
// says when a step queries f; this says at which x. The traced runs record,
// per step, whether f's argument was bit for bit one of the known states
// x_k, x_{k−1}, ... or x_0 (TraceRun::f_state_lag). A step that evaluates f
// at x_k, at a predictor or a stage (intermediate states) is what the seeds'
// schemes do; one that evaluates it at x_0 whatever x_k reads a stale copy of
// the state, and f is then wrong by f(x_0) − f(x_k), O(1), wherever f depends
// on x. A fixed lag of a few steps is an O(h) change of the argument, within
// the theory by itself (as a lagged set is), and is said as a note.
//
// Pure functions of the traced runs: state_stencil_test.cpp has the known
// answers (f at x_0: a defect; at x_k, at a predictor, at x_{k−1}, a point
// that does not move: none).
#include <cstdint>
#include <string>
#include <vector>

#include "studies/audit/diagnosis/audit_trace.hpp"
#include "studies/audit/diagnosis/diagnosis.hpp"

namespace sweepcheck {

struct StateStencil {
  std::string problem;
  std::int64_t read = 0;      // traced steps k >= 2 whose f calls took a known state, over the runs
  std::int64_t at_start = 0;  // of those, the steps that evaluated f at x_0 only (lag k)
  std::int64_t lag = -1;      // the one lag every read step shares (-1: they differ, or none read)
};

StateStencil state_stencil_of(const std::string& problem, const std::vector<TraceRun>& runs);

// A defect where f is evaluated at x_0 whatever x_k (on at least 3 steps and
// 80 % of those read), a note for a shared lag of 1 or more; problems that
// say the same are grouped.
std::vector<Finding> state_stencil_findings(const std::vector<StateStencil>& stencils);

}  // namespace sweepcheck
