#pragma once
// A convergence check as one call, for a user's own tests (installed as
// <sweepcheck/testing.hpp>, target sweepcheck::engine):
//
//   auto r = sweepcheck::check_convergence(problem, scheme);             // against problem.exact(t)
//   auto r = sweepcheck::check_convergence(problem, scheme, reference);  // any t ↦ x(t), or a SampledReference
//
// runs the scheme over a step ladder, measures the uniform error of its
// piecewise-linear interpolant, fits the order against the claim, refines by
// the engine's rule (studies/engine/fit_order.md, "Refinement": a fail must
// stand at the deepest rung the budget affords) and returns the value: the
// rows, the fit, the verdict and its reason, the local orders and the
// refinement trail. Serial: one run at a time, on the calling thread.
// GoogleTest assertions on the value: <sweepcheck/gtest.hpp>.
//
// `problem`: any type of the Problem concept (solvers/problem.hpp): the
// in-tree problems of analytic/ or the user's own. `scheme`: an in-tree
// scheme (solvers/pbd.hpp, ...), any type with
//   StepStatus step(const P&, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work&) const
// (and optionally static claimed_order(), claim_is_sharp, name()), or a
// plugin::Stepper (solvers/plugin_api.hpp, the scheme a plugin exports), run
// through the plugin view of the problem exactly as the audit runs it.
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "solvers/plugin_api.hpp"
#include "solvers/problem.hpp"
#include "solvers/problem_view_of.hpp"
#include "solvers/resource_limits.hpp"
#include "solvers/scalar.hpp"
#include "solvers/template_stepper.hpp"
#include "studies/engine/fit_order.hpp"
#include "studies/engine/integrate.hpp"
#include "studies/engine/measure_run.hpp"
#include "studies/engine/refinement.hpp"
#include "studies/engine/step_ladder.hpp"
#include "studies/engine/study_fits.hpp"

namespace sweepcheck {

struct ConvergenceOptions {
  // The step ladder. Unset: 8 rungs, geometric from span/10 to span/1000
  // (span = t_end − t0).
  std::optional<StepLadder> ladder;
  // The order to judge against. NaN: the scheme's own claim (its
  // claimed_order()); no claim at all gives no verdict (none_claimed).
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  // false (default): the claim is one-sided, order >= claimed_order, as a
  // convergence theorem bounds the error from above; a scheme more accurate
  // than claimed passes. true: the order is exactly the claim.
  // Unset with claimed_order NaN: the scheme's own claim_is_sharp.
  std::optional<bool> claim_is_sharp;
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  // The reference's own error (0 for an exact solution), added to every
  // row's noise floor: no fitted error may be comparable to it.
  double reference_error = 0;
  FitOptions fit;  // expected_order and expected_is_sharp come from the claim
  // Refinement before judging; budget_work bounds the work units (steps +
  // constraint evaluations + inner iterations) of the new rungs, so a test
  // refines alike on every machine; max_new_rungs = 0 judges the ladder alone.
  RefineOptions refine = default_refine();
  IntegrateOptions integrate;

  // A unit test's budget: the audit's, kAuditRefineWork work units of new
  // rungs (fixed and deterministic: a gtest built on it is never flaky).
  static RefineOptions default_refine() {
    RefineOptions r;
    r.budget_work = kAuditRefineWork;
    return r;
  }
  void validate() const;  // std::invalid_argument naming the option
};

struct ConvergenceResult {
  std::string problem;
  std::string scheme;
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  bool claim_is_sharp = false;
  // The ladder's runs, then the rungs refinement added (row.refined), in run order.
  std::vector<RunRow> rows;
  OrderFit fit;         // the verdict: over the ladder and the refined rungs
  OrderFit ladder_fit;  // over the ladder alone, shown beside it
  FitOptions fit_options;  // the fit's rules (with the claim), for judging the rows again

  Verdict verdict() const { return fit.verdict; }
  const std::string& reason() const { return fit.reason; }
  const std::vector<LocalOrder>& local_orders() const { return fit.local_orders; }
  bool passed() const { return fit.verdict == Verdict::pass; }
  // The same rows judged against another claim: no new runs, so the depth is
  // what the run's own claim refined to.
  OrderFit judged_against(double order, bool sharp) const;
};

// What a failing assertion prints: the verdict and its reason, the fit, the
// error table (h, steps, error, violation, status, refined), the local
// orders and the refinement trail.
std::string describe(const ConvergenceResult& r);
std::ostream& operator<<(std::ostream& os, const ConvergenceResult& r);

namespace testing_detail {

// A plugin::Stepper run as a template scheme: each step goes through the
// plugin view of the problem (solvers/problem_view_of.hpp), as in the audit.
class StepperScheme {
 public:
  explicit StepperScheme(plugin::Stepper& s) : s_(s) {}
  template <Problem P>
    requires std::same_as<typename P::Scalar, double>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& work) const {
    const ProblemViewOf<P> view(p);
    out.resize(x.size());
    return s_.step(t, std::span<const double>(x.data(), std::size_t(x.size())), h, view,
                   std::span<double>(out.data(), std::size_t(out.size())), work);
  }
  // An in-tree scheme behind the plugin interface declares its inner
  // solver's tolerance (the noise floor, as in the audit); a plugin does not.
  double inner_tolerance(double scale) const {
    const auto* it = dynamic_cast<const InnerTolerance*>(&s_);
    return it ? it->inner_tolerance(scale) : 0.0;
  }

 private:
  plugin::Stepper& s_;
};

template <class Scheme>
std::string scheme_name(const Scheme& scheme) {
  if constexpr (requires { scheme.name(); })
    return std::string(scheme.name());
  else
    return "scheme";
}

template <class Scheme>
double own_claim(const Scheme& scheme) {
  if constexpr (requires { scheme.claimed_order(); })
    return double(scheme.claimed_order());
  else
    return std::numeric_limits<double>::quiet_NaN();
}

template <class Scheme>
bool own_claim_is_sharp() {
  if constexpr (requires { Scheme::claim_is_sharp; })
    return bool(Scheme::claim_is_sharp);
  else
    return false;
}

// The claim judged: the option's, else the scheme's own.
template <class Scheme>
void resolve_claim(const Scheme& scheme, const ConvergenceOptions& opt, double& order, bool& sharp) {
  if (std::isnan(opt.claimed_order)) {
    order = own_claim(scheme);
    sharp = opt.claim_is_sharp.value_or(own_claim_is_sharp<Scheme>());
  } else {
    order = opt.claimed_order;
    sharp = opt.claim_is_sharp.value_or(false);
  }
}

template <Problem P, class Scheme, class Reference>
ConvergenceResult check(const P& problem, const Scheme& scheme, const std::string& name, double claim, bool sharp,
                        const Reference& reference, const ConvergenceOptions& opt) {
  const double span = to_double(problem.t_end() - problem.t0());
  if (!(span > 0) || !std::isfinite(span))
    throw std::invalid_argument("check_convergence: the problem's t_end must be > t0 (span " + std::to_string(span) + ")");
  const StepLadder ladder = opt.ladder.value_or(StepLadder{span / 10, span / 1000, 8});
  auto run = [&](std::int64_t n) {
    RunRow row = measure_run(problem, scheme, reference, n, opt.points_per_step, opt.integrate);
    row.noise_floor += opt.reference_error;
    row.scheme = name;
    row.claimed_order = claim;
    row.claim_is_sharp = sharp;
    return row;
  };
  ConvergenceResult r;
  r.problem = problem.name();
  r.scheme = name;
  r.claimed_order = claim;
  r.claim_is_sharp = sharp;
  for (const std::int64_t n : ladder.step_counts(span)) r.rows.push_back(run(n));
  const auto fits = refine_rows(r.rows, opt.fit, opt.refine, 1, [&](const RunRow&, double h) {
    return run(checked_step_count("check_convergence: a refined rung", span, h));
  });
  r.fit_options = opt.fit;
  r.fit = fits.at(0).fit;
  r.ladder_fit = fits.at(0).ladder_fit;
  return r;
}

}  // namespace testing_detail

// Against a reference: any callable t ↦ x(t) (an exact solution, an
// interpolated trajectory) or a SampledReference (compared at its sample times).
template <Problem P, class Scheme, class Reference>
  requires(!std::same_as<Reference, ConvergenceOptions>)
ConvergenceResult check_convergence(const P& problem, Scheme&& scheme, const Reference& reference,
                                    const ConvergenceOptions& options = {}) {
  using S = std::remove_cvref_t<Scheme>;
  options.validate();
  double claim = 0;
  bool sharp = false;
  testing_detail::resolve_claim<S>(scheme, options, claim, sharp);
  if constexpr (std::is_base_of_v<plugin::Stepper, S>) {
    static_assert(!std::is_const_v<std::remove_reference_t<Scheme>>,
                  "check_convergence: a plugin::Stepper steps through a non-const reference");
    const testing_detail::StepperScheme adapter(scheme);
    return testing_detail::check(problem, adapter, scheme.name(), claim, sharp, reference, options);
  } else {
    return testing_detail::check(problem, static_cast<const S&>(scheme), testing_detail::scheme_name(scheme), claim, sharp, reference,
                         options);
  }
}

// Against the problem's exact solution x(t) = problem.exact(t).
template <HasExactSolution P, class Scheme>
ConvergenceResult check_convergence(const P& problem, Scheme&& scheme, const ConvergenceOptions& options = {}) {
  const auto exact = [&problem](const typename P::Scalar& t) { return problem.exact(t); };
  return check_convergence(problem, std::forward<Scheme>(scheme), exact, options);
}

}  // namespace sweepcheck
