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

#include "solvers/problem.hpp"
#include "studies/engine/error_observers.hpp"
#include "studies/engine/fit_order.hpp"
#include "studies/engine/integrate.hpp"
#include "studies/engine/refinement.hpp"
#include "studies/engine/run_row.hpp"
#include "studies/engine/sampled_reference.hpp"
#include "studies/engine/step_ladder.hpp"
#include "studies/runs/executor.hpp"
#include "studies/runs/run_journal.hpp"
#include "studies/runs/scheme_catalog.hpp"

namespace sweepcheck {

struct StudyOptions {
  StepLadder ladder;
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  Executor executor;  // threads and MPI ranks for independent runs (studies/runs/executor.hpp)
  IntegrateOptions integrate;
  FitOptions fit;           // expected_order is taken from each scheme's claim
  RefineOptions refine;     // refinement before judging (fit_order.md); max_new_rungs = 0: the ladder only
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

  void validate() const {
    ladder.validate();
    refine.validate();
    integrate.validate();
    fit.validate();
    if (points_per_step < 1) throw std::invalid_argument("StudyOptions: points_per_step must be >= 1");
    executor.validate("StudyOptions");
    if (!(reference_error >= 0)) throw std::invalid_argument("StudyOptions: reference_error must be >= 0");
  }
};

// The row of one finished run, everything but its error: identity, step,
// status, work, violation, and the noise floor n · (ε · (scale + 1) + the
// inner solver's tolerance) that the order fit uses (studies/engine/fit_order.md).
template <Problem P, class Scheme, class Violation>
RunRow make_run_row(const P& problem, const std::string& parameters, const SchemeSpec& spec, const Scheme& scheme,
                    std::int64_t n, double h, const RunSummary& s, const Violation& viol) {
  using T = typename P::Scalar;
  RunRow row;
  row.problem = problem.name();
  row.parameters = parameters;
  row.scheme = spec.label();
  row.claimed_order = Scheme::claimed_order();  // what the scheme says of itself (solvers/scheme_traits.hpp)
  row.claim_is_sharp = Scheme::claim_is_sharp;
  row.steps = n;
  row.t_end = to_double(problem.t_end());
  row.h = h;
  row.status = s.status;
  row.fail_step = s.fail_step;
  row.inner_cap_hits = s.inner_cap_hits;
  row.work = s.work;
  row.wall_seconds = s.wall_seconds;
  row.scale = to_double(viol.scale());
  row.violation = to_double(viol.violation());
  row.max_increment = to_double(viol.max_increment());
  T inner_tol(0);
  if constexpr (requires { scheme.inner_tolerance(T(1)); }) inner_tol = scheme.inner_tolerance(viol.scale());
  row.noise_floor = to_double(T(n) * (epsilon<T>() * (viol.scale() + T(1)) + inner_tol));
  return row;
}

// One run of one scheme with n steps, error measured against `reference`
// (any callable t ↦ x(t)).
template <Problem P, class Reference>
RunRow run_one(const P& problem, const std::string& parameters, const Reference& reference, const SchemeSpec& spec,
               std::int64_t n, const StudyOptions& opt) {
  using T = typename P::Scalar;
  // A scheme that cannot run on P is refused with what it needs (with_scheme_for).
  return with_scheme_for<P>(spec, problem.name(), [&](const auto& scheme) -> RunRow {
    // A SampledReference is compared at its sample times; any other reference densely.
    auto make_error_observer = [&] {
      if constexpr (std::is_same_v<Reference, SampledReference<T>>)
        return SampledErrorObserver<T>(reference);
      else
        return UniformErrorObserver<T, const Reference&>(reference, opt.points_per_step);
    };
    auto err = make_error_observer();
    ViolationObserver<T, std::decay_t<decltype(problem.constraints())>> viol(problem.constraints());
    auto obs = observers(err, viol);
    const RunSummary s = integrate(problem, scheme, n, obs, opt.integrate);

    const double h = to_double((problem.t_end() - problem.t0()) / T(n));
    RunRow row = make_run_row(problem, parameters, spec, scheme, n, h, s, viol);
    row.noise_floor += opt.reference_error;
    if (s.status == RunStatus::diverged) {
      row.error_uniform = row.error_grid = row.error_final = std::numeric_limits<double>::infinity();
    } else {
      row.error_uniform = to_double(err.uniform_error());
      row.error_grid = to_double(err.grid_error());
      row.error_final = to_double(err.final_error());
    }
    return row;
  });
}

}  // namespace sweepcheck
