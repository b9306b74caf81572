#pragma once
// A convergence check without an exact solution or a reference run
// (DiffEqDevTools' analyticless_test_convergence), installed as
// <sweepcheck/reference_free_check.hpp>:
//
//   auto r = check_convergence_reference_free(problem, scheme);                          // the scheme's own claim
//   auto r = check_convergence_reference_free(problem, scheme, OrderClaim::at_least(1), options);
//
// runs a fresh instance of the scheme on every step of the given steps and
// compares successive runs at `samples` equally spaced times through their
// piecewise-linear interpolants: d_i = max_j |x_{h_i}(τ_j) − x_{h_{i+1}}(τ_j)|.
// The distances are judged as check_convergence judges errors (issue 48):
// one point per distance (studies/engine/reference_free.hpp,
// difference_points), refined through the same loop (refine_fit: one
// halving of the finest step at a time, within the same deterministic work
// budget, ReferenceFreeOptions::refine) and judged by the same rule
// (fit_order.md): the successive estimates are the local orders of the
// distances, which are the Richardson orders of successive triples; a
// verdict needs at least three of them (four unless a floor ends the
// ladder) and a measured drift that is not shown, and a settled fail is
// final. The reason states the successive estimates and their drift.
// Beside the verdict, as information: Roache's grid convergence index of
// the finest run (an estimated bound on its error) and the triples' orders
// (studies/engine/richardson.md).
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/scheme_instance.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/steps.hpp"
#include "sweepcheck/studies/engine/error_observers.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {

struct ReferenceFreeOptions {
  // The given steps; refinement adds rungs below the finest. A verdict needs
  // at least five distinct steps (four distances, three successive
  // estimates) once a floor ends the ladder, six otherwise.
  Steps steps = Steps::standard();
  OrderClaim claim = OrderClaim::schemes_own();  // a claim passed as an argument replaces it
  int samples = 16;  // comparison times t0 + i (T − t0)/samples, i = 1..samples (the audit's count)
  // Refinement before judging, check_convergence's: kAuditRefineWork work
  // units of new rungs (deterministic: a gtest built on it is never flaky),
  // at most 12 new rungs; max_new_rungs = 0 judges the given steps alone.
  RefineOptions refine = ConvergenceOptions::default_refine();
  // Each rung over grid phases (studies/engine/grid_phases.hpp), as
  // check_convergence: where the plain grid's run has an event, K − 1
  // shifted grids more, and successive rungs compared phase by phase
  // (reference_free.hpp, LadderRun); GridPhases::none(): the plain grid only.
  GridPhases phases;
  // Roache's safety factor for the GCI (information beside the verdict).
  RichardsonOptions richardson;
  IntegrateOptions integrate;
  void validate() const;  // std::invalid_argument naming the option
};

struct ReferenceFreeResult {
  std::string problem;
  std::string scheme;
  OrderClaim claim = OrderClaim::none();  // resolved, as in ConvergenceResult
  // One per step, in run order: the given steps, then the rungs refinement
  // added (RunRow::refined). error_uniform is the distance to the next finer
  // run at the sample times (NaN for the finest), the other error columns
  // NaN: there is no reference.
  std::vector<RunRow> rows;
  // The verdict: the distances' fit (fit_order on difference_points, refined
  // by refine_fit), with its successive estimates (local_orders), drift
  // (trend per halving of h, with its interval) and reason.
  OrderFit fit;
  OrderFit ladder_fit;  // the same rule on the given steps alone (information)
  // Information: Richardson / GCI over all rows (richardson.md). Its own
  // asymptotic flag and verdict compare only the two finest triples and are
  // not the check's.
  RichardsonEstimate estimate;

  FitVerdict verdict() const { return fit.verdict; }
  const std::string& reason() const { return fit.reason; }
  bool passed() const { return fit.verdict == FitVerdict::pass; }
  // The successive estimates are settled: enough of them (three at the
  // least), and no drift shown. Never on two.
  bool asymptotic() const { return fit.settled; }
  double order() const { return fit.order; }  // the distances' fitted order
  double drift() const { return fit.trend; }  // change of the successive estimates per halving of h
  double gci() const { return estimate.gci; }
  double indicator() const { return estimate.indicator; }

  // One line for a log: the verdict, scheme, problem, claim, the order with
  // its interval, the last successive estimates and their drift, and the steps.
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
// The rule of the check (richardson.md, "Refined and judged as a
// convergence fit"): the claim's fit options, with at least four points
// (three successive estimates) for a verdict even where a floor ends the
// ladder, where fit_order otherwise judges three points (two local orders).
// A reference-free verdict never rests on two estimates.
FitOptions reference_free_fit_options(const OrderClaim& claim);
// Judges the given runs, refining through refine_at(h) (which runs the
// scheme at h and appends its run and row), and fills in the rows'
// distances, the fits and the estimate (reference_free_check.cpp).
void judge_reference_free(ReferenceFreeResult& r, std::vector<LadderRun>& runs, const ReferenceFreeOptions& o,
                          const std::function<void(double h)>& refine_at);
// "successive estimates 0.270 -> 0.330 -> 0.380 -> 0.410, drift +0.047 per
// halving of h [+0.021, +0.073]": the judge window's local orders (its last five) and trend.
std::string successive_estimates(const OrderFit& fit);

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
  using Set = std::decay_t<decltype(problem.constraints())>;
  // One grid of n steps and phase φ: its row and its states at the sample
  // times (empty when it did not finish).
  auto run_grid = [&](std::int64_t n, double phase) {
    const auto instance = fresh_instance(scheme);
    SampleRecorder<double> rec(times);
    ViolationObserver<double, Set> viol(problem.constraints());
    ActiveSetObserver<double, Set> events(problem.constraints());
    auto obs = observers(rec, viol, events);
    IntegrateOptions io = options.integrate;
    io.phase = phase;
    const RunSummary s = integrate(problem, instance, n, obs, io);
    RunRow row = measured_row(problem, n, span / double(n), s, viol, inner_tolerance_of(instance, viol.scale()));
    row.phase = phase;
    row.events = events.has_event();
    const bool ok = s.status == RunStatus::ok && rec.complete();
    return std::pair{row, ok ? rec.samples() : std::vector<Vec<double>>{}};
  };
  // One rung: the plain grid, then the other phases where options.phases
  // spends them; a phase that does not finish makes the rung its row.
  auto run = [&](std::int64_t n) {
    auto [row, samples] = run_grid(n, 0.0);
    LadderRun lr{row.h, std::move(samples), row.noise_floor, false, row.work_units(), row.wall_seconds, {}};
    lr.usable = !lr.samples.empty();
    const auto phases = options.phases.phases(row.events > 0);
    for (std::size_t i = 1; lr.usable && i < phases.size(); ++i) {
      auto [more, more_samples] = run_grid(n, phases[i]);
      lr.cost += more.work_units();
      lr.seconds += more.wall_seconds;
      if (more_samples.empty()) {
        row = more;
        row.phase_work_units = lr.cost;
        lr.usable = false;
        break;
      }
      lr.phase_samples.push_back(std::move(more_samples));
      lr.noise_floor = std::max(lr.noise_floor, more.noise_floor);
      row.violation = std::max(row.violation, more.violation);
      row.max_increment = std::max(row.max_increment, more.max_increment);
      row.noise_floor = lr.noise_floor;
    }
    if (lr.usable && phases.size() > 1) {
      row.phases = static_cast<int>(phases.size());
      row.phase_work_units = lr.cost;
    }
    row.scheme = r.scheme;
    row.error_uniform = row.error_grid = row.error_final = std::numeric_limits<double>::quiet_NaN();
    row.claimed_order = r.claim.claimed_order();
    row.claim_is_sharp = r.claim.sharp();
    runs.push_back(std::move(lr));
    r.rows.push_back(row);
  };
  for (const std::int64_t n : options.steps.step_counts(span)) run(n);
  judge_reference_free(r, runs, options, [&](double h) {
    run(checked_step_count("check_convergence_reference_free: a refined rung", span, h));
  });
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
