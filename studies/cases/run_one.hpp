#pragma once
// One run of a catalogue scheme (studies/runs/scheme_catalog.hpp) on a problem
// with n steps: the scheme chosen from its spec, the error measured against a
// reference (exact x(t), or a sampled reference at its sample times), the
// violation and the work observed, everything in one RunRow; and the options
// of a convergence study these runs are made under.
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "studies/runs/executor.hpp"
#include "studies/runs/external_schemes.hpp"
#include "studies/runs/run_journal.hpp"
#include "studies/runs/scheme_catalog.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/studies/engine/error_observers.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/refinement.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"
#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {

struct StudyOptions {
  StepLadder ladder;
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  Executor executor;  // threads and MPI ranks for independent runs (studies/runs/executor.hpp)
  IntegrateOptions integrate;
  FitOptions fit;           // expected_order is taken from each scheme's claim
  RefineOptions refine;     // refinement before judging (fit_order.md); max_new_rungs = 0: the ladder only
  // Each rung over grid phases (studies/engine/grid_phases.hpp): where the
  // plain grid's run has an event, K − 1 shifted grids more, the worst
  // phase's row (--phases, --phases-at).
  GridPhases phases;
  // The reference's own error estimate (0 for an exact solution; for a
  // sampled reference, its distance to a reference at twice its step), added
  // to every row's noise floor: no fitted error may be comparable to it.
  double reference_error = 0;
  std::function<void(const RunRow&, int done, int total)> progress;
  // Finished runs are recorded here and taken from here on --resume (null: none).
  std::shared_ptr<RunJournal> journal;
  // Take finished rows from, and add new ones to, the run-row cache in the
  // reference cache folder (studies/runs/run_row_cache.hpp; not under mpirun with
  // several ranks): a warm report does not run its studies again.
  bool cache_rows = false;
  // Schemes from outside the catalogue (a scheme written in Python,
  // `--schemes pbd,python:module:Class`) beside `schemes`, on this study's
  // problem seen through its plugin view; each of their runs goes to a child
  // process under their budget (studies/runs/external_schemes.hpp). Null: none.
  // Their rows are neither journaled nor cached (their code is not the program's).
  std::shared_ptr<const ExternalSchemes> external;

  void validate() const {
    ladder.validate();
    refine.validate();
    integrate.validate();
    fit.validate();
    phases.validate();
    if (points_per_step < 1) throw std::invalid_argument("StudyOptions: points_per_step must be >= 1");
    executor.validate("StudyOptions");
    if (!(reference_error >= 0)) throw std::invalid_argument("StudyOptions: reference_error must be >= 0");
  }
};

// A row's identity: the problem's parameters, the catalogue scheme's label and
// what the scheme claims of itself (solvers/schemes/scheme_traits.hpp).
template <class Scheme>
void label_row(RunRow& row, const std::string& parameters, const SchemeSpec& spec) {
  row.parameters = parameters;
  row.scheme = spec.label();
  row.claimed_order = Scheme::claimed_order();
  row.claim_is_sharp = Scheme::claim_is_sharp;
}

// The row of one finished run, everything but its error: the measured part
// (studies/engine/measure_run.hpp, with its noise floor) and its identity.
template <Problem P, class Scheme, class Violation>
RunRow make_run_row(const P& problem, const std::string& parameters, const SchemeSpec& spec, const Scheme& scheme,
                    std::int64_t n, double h, const RunSummary& s, const Violation& viol) {
  RunRow row = measured_row(problem, n, h, s, viol, inner_tolerance_of(scheme, viol.scale()));
  label_row<Scheme>(row, parameters, spec);
  return row;
}

// One rung of one scheme with n steps, error measured against `reference`
// (any callable t ↦ x(t), or a SampledReference at its sample times), over
// the grid phases opt.phases spends on it.
template <Problem P, class Reference>
RunRow run_one(const P& problem, const std::string& parameters, const Reference& reference, const SchemeSpec& spec,
               std::int64_t n, const StudyOptions& opt) {
  // A scheme that cannot run on P is refused with what it needs (with_scheme_for).
  return with_scheme_for<P>(spec, problem.name(), [&](const auto& scheme) -> RunRow {
    using Scheme = std::decay_t<decltype(scheme)>;
    RunRow row = measure_rung(opt.phases, [&](double phase) {
      IntegrateOptions io = opt.integrate;
      io.phase = phase;
      return measure_run(problem, scheme, reference, n, opt.points_per_step, io);
    });
    row.noise_floor += opt.reference_error;
    label_row<Scheme>(row, parameters, spec);
    return row;
  });
}

}  // namespace sweepcheck
