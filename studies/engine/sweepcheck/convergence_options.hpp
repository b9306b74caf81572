#pragma once
// The options of check_convergence (sweepcheck/testing.hpp), validated
// (std::invalid_argument naming the option) before anything runs.
#include <string>
#include <vector>

#include "sweepcheck/observable.hpp"
#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/steps.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/refinement.hpp"

namespace sweepcheck {

struct ConvergenceOptions {
  // The given steps; refinement adds rungs below the finest. Default: Steps::standard().
  Steps steps = Steps::standard();
  // The claim judged; a claim passed as an argument of check_convergence replaces it.
  OrderClaim claim = OrderClaim::schemes_own();
  // Quantities of interest judged beside the uniform and the final-time error.
  std::vector<Observable> observables;
  // The norm whose verdict is the result's verdict() and which refinement
  // follows: "uniform" (the papers' norm), "final-time", or an observable's
  // name. The other norms are fitted and judged on the same rows.
  std::string refine_for = "uniform";
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  // The reference's own error (0 for an exact solution), added to every
  // row's noise floor: no fitted error may be comparable to it.
  double reference_error = 0;
  // Refinement before judging; budget_work bounds the work units (steps +
  // constraint evaluations + inner iterations) of the new rungs, so a test
  // refines alike on every machine; max_new_rungs = 0 judges the steps alone.
  RefineOptions refine = default_refine();
  IntegrateOptions integrate;
  // Each rung measured as the worst over grid phases (studies/engine/grid_phases.hpp):
  // K = 4 grids of step h, on the rungs whose plain grid's run changes its active set.
  GridPhases phases;

  // A unit test's budget: the audit's, kAuditRefineWork (6e7) work units of new
  // rungs (fixed and deterministic: a gtest built on it is never flaky).
  static RefineOptions default_refine() {
    RefineOptions r;
    r.budget_work = kAuditRefineWork;
    return r;
  }
  void validate() const;  // std::invalid_argument naming the option
};

}  // namespace sweepcheck
