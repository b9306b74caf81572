#pragma once
// A convergence check as one call, for a user's own tests (installed as
// <sweepcheck/testing.hpp>, target sweepcheck::engine):
//
//   auto r = check_convergence(problem, scheme);                               // the scheme's own claim, problem.exact(t)
//   auto r = check_convergence(problem, scheme, OrderClaim::at_least(1));      // the claim in the call
//   auto r = check_convergence(problem, scheme, reference, OrderClaim::at_least(1), options);  // any t ↦ x(t), or a SampledReference
//
// runs a fresh instance of the scheme (sweepcheck/scheme_instance.hpp) for
// every step of the given steps (ConvergenceOptions::steps, default
// Steps::standard()), measures the uniform error of its piecewise-linear
// interpolant, the error at the final time and every observable, fits the
// order of each against the claim, refines by the engine's rule
// (studies/engine/fit_order.md, "Refinement": a fail must stand at the
// deepest rung the budget affords) and returns the value
// (sweepcheck/convergence_result.hpp). Serial: one run at a time, on the
// calling thread. GoogleTest assertions on the value: <sweepcheck/gtest.hpp>,
// gMock matchers: <sweepcheck/gmock.hpp>. Without an exact solution:
// <sweepcheck/reference_free_check.hpp>; several schemes against each other:
// <sweepcheck/work_precision.hpp>.
//
// `problem`: any type of the Problem concept (solvers/core/problem.hpp): the
// in-tree problems of analytic/ or the user's own. `scheme`: an in-tree
// scheme (solvers/schemes/pbd.hpp, ...), any type with
//   StepStatus step(const P&, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work&) const
// (and optionally claimed_order(), static claim_is_sharp, name()), a
// plugin::Stepper (solvers/plugin/plugin_api.hpp), or a factory of either.
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sweepcheck/convergence_options.hpp"
#include "sweepcheck/convergence_result.hpp"
#include "sweepcheck/observable.hpp"
#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/requirements.hpp"
#include "sweepcheck/scheme_instance.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/steps.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/refinement.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"
#include "sweepcheck/studies/engine/study_fits.hpp"

namespace sweepcheck {

// The claim judged: `claim`, or for schemes_own the scheme's claimed_order()
// (none when NaN) with its claim_is_sharp (sweepcheck/order_claim.hpp).
template <class Scheme>
OrderClaim resolve_claim(const OrderClaim& claim, const Scheme& instance) {
  return resolve_claim(claim, schemes_claimed_order(instance), schemes_claim_is_sharp<Scheme>());
}

// The time span T = t_end − t0 of a problem, checked.
template <Problem P>
double problem_span(const P& problem, const char* caller) {
  const double span = to_double(problem.t_end() - problem.t0());
  if (!(span > 0) || !std::isfinite(span))
    throw std::invalid_argument(std::string(caller) + ": the problem's t_end must be > t0 (span " + std::to_string(span) + ")");
  return span;
}

// The words a result's summary() shares (describe.cpp): a fit's order and
// interval ("0.998 [0.982, 1.014]", or "no order"), and its runs ("9 runs (2
// refined), h 0.1 to 0.00039").
std::string observed_order(const OrderFit& fit);
std::string describe_runs(const std::vector<RunRow>& rows);

// Fits every norm of `r` (its rows and the norms' errors filled in), with
// refinement on `options.refine_for`: run(n) runs n more steps and appends a
// row and its norms' errors. Defined in testing.cpp.
void fit_norms(ConvergenceResult& r, const ConvergenceOptions& options, std::size_t given,
               const std::function<void(double h)>& refine_at);

// check_convergence once the problem and the scheme meet the requirements.
template <Problem P, class Scheme, class Reference>
ConvergenceResult checked_convergence(const P& problem, const Scheme& scheme, const Reference& reference,
                                      const OrderClaim& claim, ConvergenceOptions options) {
  using T = typename P::Scalar;
  options.claim = claim;
  options.validate();
  constexpr bool sampled = std::is_same_v<Reference, SampledReference<T>>;
  if (sampled && !options.observables.empty())
    throw std::invalid_argument("ConvergenceOptions: observables need a reference callable as t -> x(t), not a SampledReference");
  if (!std::same_as<T, double> && !options.observables.empty())
    throw std::invalid_argument("ConvergenceOptions: observables need a problem in double precision");
  const auto probe = fresh_instance(scheme);  // never stepped: its name and claim
  const OrderClaim judged = resolve_claim(claim, probe);
  const double span = problem_span(problem, "check_convergence");

  ConvergenceResult r;
  r.problem = problem.name();
  r.scheme = scheme_name(probe);
  r.claim = judged;
  r.uniform.norm = "uniform";
  r.final_time.norm = "final-time";
  for (const auto& g : options.observables) r.observables.push_back({g.name, {}, {}, {}, {}});

  // One rung: a fresh instance per grid phase (grid_phases.hpp), the worst
  // phase's row, and each observable's worst error over the phases.
  auto run = [&](std::int64_t n) {
    std::vector<double> g_errors(options.observables.size(), 0.0), g_floors(options.observables.size(), 0.0);
    RunRow row = measure_rung(options.phases, [&](double phase) {
      const auto instance = fresh_instance(scheme);
      IntegrateOptions io = options.integrate;
      io.phase = phase;
      if constexpr (!sampled && std::same_as<T, double>) {
        ObservableErrors<Reference> g(options.observables, reference);
        RunRow one = measure_run(problem, instance, reference, n, options.points_per_step, io, g);
        for (std::size_t i = 0; i < options.observables.size(); ++i) {
          g_errors[i] = std::max(g_errors[i], g.errors()[i]);
          g_floors[i] = std::max(g_floors[i], std::max(one.noise_floor, g.noise_floor(i, n)));
        }
        return one;
      } else {
        return measure_run(problem, instance, reference, n, options.points_per_step, io);
      }
    });
    row.noise_floor += options.reference_error;
    row.scheme = r.scheme;
    row.claimed_order = judged.claimed_order();
    row.claim_is_sharp = judged.sharp();
    r.rows.push_back(row);
    r.uniform.errors.push_back(row.error_uniform);
    r.uniform.noise_floors.push_back(row.noise_floor);
    r.final_time.errors.push_back(row.error_final);
    r.final_time.noise_floors.push_back(row.noise_floor);
    for (std::size_t i = 0; i < r.observables.size(); ++i) {
      r.observables[i].errors.push_back(g_errors[i]);
      r.observables[i].noise_floors.push_back(g_floors[i] + options.reference_error);
    }
  };
  for (const std::int64_t n : options.steps.step_counts(span)) run(n);
  const std::size_t given = r.rows.size();
  fit_norms(r, options, given, [&](double h) { run(checked_step_count("check_convergence: a refined rung", span, h)); });
  return r;
}

// Against a reference: any callable t ↦ x(t) (an exact solution, an
// interpolated trajectory) or a SampledReference (compared at its sample
// times; observables need a callable reference). A problem or scheme that
// lacks a member the engine uses is named in one static_assert here
// (sweepcheck/requirements.hpp).
template <class P, class Scheme, class Reference>
  requires(!std::same_as<Reference, ConvergenceOptions> && !std::same_as<Reference, OrderClaim>)
ConvergenceResult check_convergence(const P& problem, const Scheme& scheme, const Reference& reference,
                                    const OrderClaim& claim, ConvergenceOptions options = {}) {
  if constexpr (!problem_meets_requirements<P>())
    return {};
  else if constexpr (!scheme_meets_requirements<Scheme, P>())
    return {};
  else
    return checked_convergence(problem, scheme, reference, claim, std::move(options));
}

template <class P, class Scheme, class Reference>
  requires(!std::same_as<Reference, ConvergenceOptions> && !std::same_as<Reference, OrderClaim>)
ConvergenceResult check_convergence(const P& problem, const Scheme& scheme, const Reference& reference,
                                    const ConvergenceOptions& options = {}) {
  return check_convergence(problem, scheme, reference, options.claim, options);
}

// Against the problem's exact solution x(t) = problem.exact(t) (the rest of
// the problem is checked by the call above).
template <class P>
concept HasExactMember = requires(const P& p, const typename P::Scalar& t) { p.exact(t); };

template <HasExactMember P, class Scheme>
ConvergenceResult check_convergence(const P& problem, const Scheme& scheme, const OrderClaim& claim,
                                    const ConvergenceOptions& options = {}) {
  const auto exact = [&problem](const typename P::Scalar& t) { return problem.exact(t); };
  return check_convergence(problem, scheme, exact, claim, options);
}

template <HasExactMember P, class Scheme>
ConvergenceResult check_convergence(const P& problem, const Scheme& scheme, const ConvergenceOptions& options = {}) {
  return check_convergence(problem, scheme, options.claim, options);
}

}  // namespace sweepcheck
