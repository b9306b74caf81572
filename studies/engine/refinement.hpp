#pragma once
// Refine before judging (studies/engine/fit_order.md, "Refinement"): the one loop
// every slope check goes through — study convergence fits, the crowd study,
// the audit's convergence, violation (13), step bound (14) and consistency
// (15) checks, check_convergence and, on the distances of successive runs,
// check_convergence_reference_free. While the fit's verdict is not a pass on settled local orders
// (or there is no claim to judge), one rung at h_min · step_ratio is run, the
// point appended and the fit redone: a fail must stand at the deepest rung
// the budget affords. It stops when the verdict no longer asks for more, or
// at a limit: the work budget (deterministic work units of the new rungs,
// never wall seconds, and a cap on their number), the h floor (a sampled reference's own step), a run that
// did not finish, or a new point below the noise floor (round-off, solver
// tolerance or the reference's own error). When a floor ends the ladder, the
// points that exist are judged (FitOptions::ladder_ended_by_floor). The fit
// records the rungs added, their work (and, as information, their seconds)
// and why the loop stopped. Same inputs, same rungs, same verdict, on any
// machine and under any load.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

// Work units of a run: a deterministic count, the same on every machine
// (studies/engine/run_row.hpp, work_units: steps + constraint evaluations +
// inner-solver iterations). The defaults, and what they cost in seconds on
// the machine they were measured on: fit_order.md, "Refinement".
inline constexpr double kStudyRefineWork = 2e8;  // per series in the studies (--refine-work)
inline constexpr double kAuditRefineWork = 6e7;  // per series in the audit and in check_convergence
struct RefineOptions {
  // Work budget per series, in work units (OrderPoint::cost): a new rung is
  // run only while the work of the new rungs, plus the next rung's predicted
  // work (the finest run's work / step ratio: work ∝ steps), stays within it.
  // A cheap scheme goes deep; an expensive one stops early and says so.
  // Never wall seconds: a verdict must not depend on the machine or its load.
  double budget_work = kStudyRefineWork;
  // A cap on the number of new rungs, whatever they cost (12 halvings: 4096×
  // the steps). 0 turns refinement off.
  int max_new_rungs = 12;
  double step_ratio = 0.5;  // h of the next rung = smallest h so far × step_ratio
  // Never refine below this step (e.g. a multiple of a sampled reference's
  // step, below which the reference is no longer much more accurate).
  double h_floor = 0;

  void validate() const {
    if (!(budget_work >= 0 && std::isfinite(budget_work)))
      throw std::invalid_argument(
          fmt::format("RefineOptions: budget_work must be a finite number of work units >= 0 (got {})", budget_work));
    if (max_new_rungs < 0)
      throw std::invalid_argument(fmt::format("RefineOptions: max_new_rungs must be >= 0 (got {})", max_new_rungs));
    if (!(step_ratio > 0 && step_ratio < 1))
      throw std::invalid_argument(fmt::format("RefineOptions: step_ratio must lie in (0, 1) (got {})", step_ratio));
    if (!(h_floor >= 0)) throw std::invalid_argument(fmt::format("RefineOptions: h_floor must be >= 0 (got {})", h_floor));
  }
};

// Whether a fit asks for more rungs: a claim is judged, and the data show
// neither it nor its failure yet (inconclusive, pre-asymptotic, unsettled).
// A pass and a settled fail are final (fit_order.md, "Looks"): every further
// look would be one more chance of a wrong verdict, and a known failure says
// so at once.
inline bool wants_refinement(const OrderFit& fit) {
  return fit.verdict != FitVerdict::pass && fit.verdict != FitVerdict::fail && fit.verdict != FitVerdict::none_claimed;
}

// The looks a refinement plan may take on `points`: the given ladder's, and
// one per rung the plan affords before its first limit (the rung cap, the
// work budget at work ∝ 1/h from the finest run's, the h floor). Each look's
// interval is then at confidence 1 − (1 − confidence) / looks (Bonferroni).
// The rungs a plan still affords below the finest usable point of `points`,
// `taken` rungs and `spent` work units into it: until the rung cap, the work
// budget (work ∝ 1/h from the finest run's) or, unless `past_floor`, the h floor.
inline int affordable_rungs(const std::vector<OrderPoint>& points, const RefineOptions& ro, int taken, double spent,
                            bool past_floor) {
  const OrderPoint* finest = nullptr;
  for (const auto& p : points)
    if (p.usable && p.h > 0 && (!finest || p.h < finest->h)) finest = &p;
  if (!finest) return 0;
  int rungs = 0;
  double cost = finest->cost, h = finest->h;
  // (64: a bound where the work is unknown, cost 0, and the cap is large.)
  while (taken + rungs < ro.max_new_rungs && rungs < 64) {
    const double next_h = h * ro.step_ratio, next_cost = cost / ro.step_ratio;
    if (spent + next_cost > ro.budget_work || (!past_floor && next_h < ro.h_floor)) break;
    spent += next_cost;
    cost = next_cost;
    h = next_h;
    ++rungs;
  }
  return rungs;
}

inline int planned_looks(const std::vector<OrderPoint>& points, const RefineOptions& ro) {
  return 1 + affordable_rungs(points, ro, 0, 0, false);
}

// `points`: the series so far (any order); gains the new rungs. run_at(h)
// runs the scheme at (about) h and returns its point, with the h it realised
// and its work units (cost; seconds as information).
template <class RunAt>
OrderFit refine_fit(std::vector<OrderPoint>& points, const FitOptions& opt, const RefineOptions& ro, RunAt&& run_at) {
  ro.validate();
  FitOptions looked = opt;
  looked.looks = std::max(opt.looks, planned_looks(points, ro));
  OrderFit fit = fit_order(points, looked);
  int rungs = 0;
  double spent = 0, seconds = 0;
  bool by_h_floor = false, by_noise_floor = false;
  std::string stop;
  while (wants_refinement(fit)) {
    const OrderPoint* finest = nullptr;
    for (const auto& p : points)
      if (p.usable && p.h > 0 && (!finest || p.h < finest->h)) finest = &p;
    if (!finest) {
      stop = "no usable run to refine from";
      break;
    }
    const double h_min = finest->h;
    if (rungs >= ro.max_new_rungs) {
      stop = fmt::format("rung cap reached ({} new rungs)", rungs);
      break;
    }
    const double h = h_min * ro.step_ratio;
    const double predicted = finest->cost / ro.step_ratio;
    if (spent + predicted > ro.budget_work) {
      stop = fmt::format("work budget reached (next h {:.3g} would take about {:.3g} work units; {:.3g} of {:.3g} spent)",
                         h, predicted, spent, ro.budget_work);
      break;
    }
    if (h < ro.h_floor) {
      stop = fmt::format("h floor reached (next h {:.3g} < {:.3g}, set by the reference)", h, ro.h_floor);
      by_h_floor = true;
      break;
    }
    const OrderPoint p = run_at(h);
    points.push_back(p);
    ++rungs;
    spent += p.cost;
    seconds += p.seconds;
    fit = fit_order(points, looked);
    if (!p.usable || !(p.error > 0) || !std::isfinite(p.error)) {
      stop = fmt::format("the run at h = {:.3g} did not finish cleanly", p.h);
      break;
    }
    if (p.error < opt.floor_factor * p.noise_floor) {
      stop = fmt::format("noise floor reached at h = {:.3g} (error {:.3g} < {:g} x floor {:.3g})", p.h, p.error,
                         opt.floor_factor, p.noise_floor);
      by_noise_floor = true;
      break;
    }
    if (!(p.h < h_min)) {
      stop = fmt::format("the step {:.3g} could not be realised below {:.3g}", h, h_min);
      break;
    }
  }
  // A floor ended the ladder: nothing finer can be run, so the points that
  // exist are judged (fit_order.md, "Judging at the floor").
  if (by_h_floor || by_noise_floor) {
    FitOptions at_floor = looked;
    at_floor.ladder_ended_by_floor = true;
    fit = fit_order(points, at_floor);
  }
  // The reference, not the budget, stopped a series still undecided (issue
  // 55): say how much finer it must be for the halvings the budget and the
  // rung cap still afford.
  if (by_h_floor && wants_refinement(fit)) {
    // At least one: the rung the floor refused had passed the budget's test.
    const int more = affordable_rungs(points, ro, rungs, spent, true);
    const double factor = std::pow(1 / ro.step_ratio, more);
    if (more > 0)
      stop += fmt::format("; the budget affords {} more rung{}: a reference {:g} times finer (its h floor {:.3g}) "
                          "would let {} run",
                          more, more == 1 ? "" : "s", factor, ro.h_floor / factor, more == 1 ? "it" : "them");
  }
  if (stop.empty() && rungs > 0) stop = "local orders settled";
  fit.refinement.rungs = rungs;
  fit.refinement.work = spent;
  fit.refinement.seconds = seconds;
  fit.refinement.ended_by_floor = by_h_floor;
  fit.refinement.ended_by_noise_floor = by_noise_floor;
  fit.refinement.stop = rungs > 0 || wants_refinement(fit) || by_h_floor || by_noise_floor ? stop : "";
  if (fit.verdict != FitVerdict::none_claimed && !stop.empty() && (by_h_floor || by_noise_floor || wants_refinement(fit)))
    fit.reason += "; refinement stopped: " + stop;
  return fit;
}

}  // namespace sweepcheck
