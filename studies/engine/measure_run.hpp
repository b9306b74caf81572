#pragma once
// One measured run: a scheme integrated on a problem with n steps, the error
// observed against a reference (an exact x(t), any callable t ↦ x(t), or a
// SampledReference compared at its sample times), the violation and the work,
// into one RunRow. Everything but the run's identity (scheme label, claim,
// parameters), which the caller sets: the studies from their catalogue
// (studies/cases/run_one.hpp), a user's test from its scheme
// (sweepcheck/testing.hpp).
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/studies/engine/error_observers.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"

namespace sweepcheck {

// The inner solver's tolerance at state scale `scale`, for a scheme that
// declares one (inner_tolerance(scale)); 0 otherwise.
template <class T, class Scheme>
T inner_tolerance_of(const Scheme& scheme, const T& scale) {
  if constexpr (requires { scheme.inner_tolerance(scale); })
    return T(scheme.inner_tolerance(scale));
  else
    return T(0);
}

// The error level below which round-off and the inner solver's tolerance
// dominate a run of n steps at state scale `scale`:
// n · (ε · (scale + 1) + inner tolerance) (studies/engine/fit_order.md, step 2).
template <class T>
T run_noise_floor(std::int64_t n, const T& scale, const T& inner_tol) {
  return T(n) * (epsilon<T>() * (scale + T(1)) + inner_tol);
}

// The measured part of a finished run's row: problem name, step, status, work,
// violation, and the noise floor the order fit uses (run_noise_floor). The
// error columns are left as they are.
template <Problem P, class Violation>
RunRow measured_row(const P& problem, std::int64_t n, double h, const RunSummary& s, const Violation& viol,
                    const typename P::Scalar& inner_tol) {
  using T = typename P::Scalar;
  RunRow row;
  row.problem = problem.name();
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
  row.noise_floor = to_double(run_noise_floor<T>(n, viol.scale(), inner_tol));
  return row;
}

// An observer that observes nothing (measure_run's default extra observer).
struct NoObserver {
  template <class T, class V>
  void operator()(std::int64_t, const T&, const V&) const {}
};

// Runs `scheme` on `problem` with n steps and measures it. A diverged run's
// errors are +inf (the fit leaves it out; its status says why). `extra`
// observes the same run (obs(k, t_k, x_k)): what a caller measures beside
// the row, e.g. a user's observable (sweepcheck/observable.hpp).
template <Problem P, class Scheme, class Reference, class Extra = NoObserver>
RunRow measure_run(const P& problem, const Scheme& scheme, const Reference& reference, std::int64_t n,
                   int points_per_step, const IntegrateOptions& integrate_options = {}, Extra&& extra = {}) {
  using T = typename P::Scalar;
  auto make_error_observer = [&] {
    if constexpr (std::is_same_v<Reference, SampledReference<T>>)
      return SampledErrorObserver<T>(reference);
    else
      return UniformErrorObserver<T, const Reference&>(reference, points_per_step);
  };
  auto err = make_error_observer();
  ViolationObserver<T, std::decay_t<decltype(problem.constraints())>> viol(problem.constraints());
  ActiveSetObserver<T, std::decay_t<decltype(problem.constraints())>> events(problem.constraints());
  auto obs = observers(err, viol, events, extra);
  const RunSummary s = integrate(problem, scheme, n, obs, integrate_options);

  const double h = to_double((problem.t_end() - problem.t0()) / T(n));
  RunRow row = measured_row(problem, n, h, s, viol, inner_tolerance_of(scheme, viol.scale()));
  row.phase = integrate_options.phase;
  row.events = events.has_event();
  if (s.status == RunStatus::diverged) {
    row.error_uniform = row.error_grid = row.error_final = std::numeric_limits<double>::infinity();
  } else {
    row.error_uniform = to_double(err.uniform_error());
    row.error_grid = to_double(err.grid_error());
    row.error_final = to_double(err.final_error());
  }
  return row;
}

}  // namespace sweepcheck
