#pragma once
// A convergence check without an exact solution or a reference run
// (DiffEqDevTools' analyticless_test_convergence), installed as
// <sweepcheck/reference_free_check.hpp>:
//
//   auto r = check_convergence_reference_free(problem, scheme);                          // the scheme's own claim
//   auto r = check_convergence_reference_free(problem, scheme, OrderClaim::at_least(1), options);
//
// runs a fresh instance of the scheme on every step of the given steps,
// compares successive runs at `samples` equally spaced times through their
// piecewise-linear interpolants, and returns the engine's Richardson / GCI
// estimate (studies/engine/richardson.md, the one `sweepcheck study
// --problem-plugin` and the audit use): the observed order of the finest
// triple of steps, its grid convergence index (an estimated bound on the
// finest run's error) and Roache's asymptotic-range indicator. A verdict is
// given only where the indicator allows one: when the two finest triples
// agree on the order (|p1 − p2| <= 0.1); otherwise inconclusive, with the
// reason. No refinement: to go deeper, give finer steps.
#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/scheme_instance.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/steps.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {

struct ReferenceFreeOptions {
  Steps steps = Steps::standard();  // at least four distinct steps for a verdict
  OrderClaim claim = OrderClaim::schemes_own();  // a claim passed as an argument replaces it
  int samples = 16;  // comparison times t0 + i (T − t0)/samples, i = 1..samples (the audit's count)
  // Roache's safety factor and the asymptotic-range tolerance; its
  // resolution is the claim's.
  RichardsonOptions richardson;
  IntegrateOptions integrate;
  void validate() const;  // std::invalid_argument naming the option
};

struct ReferenceFreeResult {
  std::string problem;
  std::string scheme;
  OrderClaim claim = OrderClaim::none();  // resolved, as in ConvergenceResult
  // One per given step, in run order; error_uniform is the distance to the
  // next finer run at the sample times (NaN for the finest), the other error
  // columns NaN: there is no reference.
  std::vector<RunRow> rows;
  RichardsonEstimate estimate;

  Verdict verdict() const { return estimate.verdict; }
  const std::string& reason() const { return estimate.reason; }
  bool passed() const { return estimate.verdict == Verdict::pass; }
  bool asymptotic() const { return estimate.asymptotic; }  // the indicator allows a verdict
  double order() const { return estimate.order; }
  double gci() const { return estimate.gci; }
  double indicator() const { return estimate.indicator; }

  // One line for a log: the verdict, scheme, problem, claim, the Richardson
  // order with its drift and indicator, and the steps.
  std::string summary() const;
  // error_vs_h (distances to the next finer run), local_orders (each triple's
  // order) and work_precision into the existing folder `dir` (sweepcheck/figures.hpp).
  std::vector<std::string> write_figures(const std::string& dir) const;
};

std::string describe(const ReferenceFreeResult& r);
inline void PrintTo(const ReferenceFreeResult& r, std::ostream* os) { *os << r.summary(); }  // GoogleTest's value line
// The first lines of a failure message, at most three: claim, observed order, reason.
std::string headline(const ReferenceFreeResult& r);
std::ostream& operator<<(std::ostream& os, const ReferenceFreeResult& r);
// Fills in the rows' distances and the estimate from the runs (reference_free_check.cpp).
void estimate_reference_free(ReferenceFreeResult& r, const std::vector<LadderRun>& runs, const ReferenceFreeOptions& o);

template <Problem P, class Scheme>
  requires std::same_as<typename P::Scalar, double>
ReferenceFreeResult checked_reference_free(const P& problem, const Scheme& scheme, const OrderClaim& claim,
                                           ReferenceFreeOptions options) {
  options.claim = claim;
  options.validate();
  const auto probe = fresh_instance(scheme);
  const double span = problem_span(problem, "check_convergence_reference_free");
  ReferenceFreeResult r;
  r.problem = problem.name();
  r.scheme = scheme_name(probe);
  r.claim = resolve_claim(claim, probe);
  const auto times = equally_spaced_samples(double(problem.t0()), double(problem.t_end()), options.samples);
  std::vector<LadderRun> runs;
  for (const std::int64_t n : options.steps.step_counts(span)) {
    const auto instance = fresh_instance(scheme);
    SampleRecorder<double> rec(times);
    ViolationObserver<double, std::decay_t<decltype(problem.constraints())>> viol(problem.constraints());
    auto obs = observers(rec, viol);
    const RunSummary s = integrate(problem, instance, n, obs, options.integrate);
    RunRow row = measured_row(problem, n, span / double(n), s, viol, inner_tolerance_of(instance, viol.scale()));
    row.scheme = r.scheme;
    row.error_uniform = row.error_grid = row.error_final = std::numeric_limits<double>::quiet_NaN();
    row.claimed_order = r.claim.judged() ? r.claim.order : std::numeric_limits<double>::quiet_NaN();
    row.claim_is_sharp = r.claim.sharp();
    const bool ok = s.status == RunStatus::ok && rec.complete();
    runs.push_back({row.h, ok ? rec.samples() : std::vector<Vec<double>>{}, row.noise_floor, ok});
    r.rows.push_back(row);
  }
  estimate_reference_free(r, runs, options);
  return r;
}

// A problem or scheme lacking a member the engine uses is named in one
// static_assert here (sweepcheck/requirements.hpp).
template <class P, class Scheme>
ReferenceFreeResult check_convergence_reference_free(const P& problem, const Scheme& scheme, const OrderClaim& claim,
                                                     ReferenceFreeOptions options = {}) {
  if constexpr (!problem_meets_requirements<P>()) {
    return {};
  } else if constexpr (!scheme_meets_requirements<Scheme, P>()) {
    return {};
  } else {
    static_assert(std::same_as<typename P::Scalar, double>,
                  "sweepcheck: check_convergence_reference_free needs a problem in double precision");
    return checked_reference_free(problem, scheme, claim, std::move(options));
  }
}

template <class P, class Scheme>
ReferenceFreeResult check_convergence_reference_free(const P& problem, const Scheme& scheme,
                                                     const ReferenceFreeOptions& options = {}) {
  return check_convergence_reference_free(problem, scheme, options.claim, options);
}

}  // namespace sweepcheck
