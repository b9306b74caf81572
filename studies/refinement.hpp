#pragma once
// Refine before judging (studies/fit_order.md, "Refinement"): the one loop
// every slope check goes through — study convergence fits, the crowd study,
// the audit's convergence, violation (13), step bound (14) and consistency
// (15) checks. While the fit is pre-asymptotic (fail or inconclusive with
// local orders that have not settled and move toward the claim) or has too few
// points in its window, one rung at h_min · step_ratio is run, the point
// appended and the fit redone; it stops when the verdict no longer asks for
// refinement (a fail is first confirmed by confirm_rungs new rungs), or at a limit: the work budget (max_new_rungs), the h floor (a
// sampled reference's own step), a run that did not finish, or a new point
// below the noise floor (round-off, solver tolerance or the reference's own
// error). The fit records the rungs added and why the loop stopped.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "studies/fit_order.hpp"

namespace sweepcheck {

struct RefineOptions {
  // Work budget: new rungs per series, each halving h (so each costs about
  // as much as the whole ladder above it). 0 turns refinement off. The default
  // keeps `ci/report.sh` cold within 10 minutes on 2 cores (fit_order.md).
  int max_new_rungs = 4;
  double step_ratio = 0.5;  // h of the next rung = smallest h so far × step_ratio
  // Never refine below this step (e.g. a multiple of a sampled reference's
  // step, below which the reference is no longer much more accurate).
  double h_floor = 0;
  // Work budget in steps: a new rung has at most max_step_factor times the
  // step count of the given series' smallest step (its cost, for a scheme
  // whose cost per step does not depend on h).
  double max_step_factor = 16;
  // A fail (or inconclusive) verdict must survive refinement: it is re-examined
  // with this many halvings even when its local orders look settled on the
  // given steps (a slow approach to the claim shows only over a longer range).
  int confirm_rungs = 2;

  void validate() const {
    if (!(max_step_factor >= 1))
      throw std::invalid_argument(fmt::format("RefineOptions: max_step_factor must be >= 1 (got {})", max_step_factor));
    if (confirm_rungs < 0)
      throw std::invalid_argument(fmt::format("RefineOptions: confirm_rungs must be >= 0 (got {})", confirm_rungs));
    if (max_new_rungs < 0)
      throw std::invalid_argument(fmt::format("RefineOptions: max_new_rungs must be >= 0 (got {})", max_new_rungs));
    if (!(step_ratio > 0 && step_ratio < 1))
      throw std::invalid_argument(fmt::format("RefineOptions: step_ratio must lie in (0, 1) (got {})", step_ratio));
    if (!(h_floor >= 0)) throw std::invalid_argument(fmt::format("RefineOptions: h_floor must be >= 0 (got {})", h_floor));
  }
};

// Whether a fit asks for more rungs: pre-asymptotic; too few points in the
// window while the claim is open; a fail or inconclusive verdict that has not
// yet been confirmed by confirm_rungs new rungs.
inline bool wants_refinement(const OrderFit& fit, const FitOptions& opt, int rungs, const RefineOptions& ro) {
  if (fit.verdict == Verdict::pre_asymptotic) return true;
  if (fit.verdict == Verdict::inconclusive && fit.points_used < opt.min_points) return true;
  return (fit.verdict == Verdict::fail || fit.verdict == Verdict::inconclusive) && rungs < ro.confirm_rungs;
}

// `points`: the series so far (any order); gains the new rungs. run_at(h)
// runs the scheme at (about) h and returns its point, with the h it realised.
template <class RunAt>
OrderFit refine_fit(std::vector<OrderPoint>& points, const FitOptions& opt, const RefineOptions& ro, RunAt&& run_at) {
  ro.validate();
  OrderFit fit = fit_order(points, opt);
  double h_given = std::numeric_limits<double>::infinity();
  for (const auto& p : points)
    if (p.usable && p.h > 0) h_given = std::min(h_given, p.h);
  int rungs = 0;
  std::string stop;
  while (wants_refinement(fit, opt, rungs, ro)) {
    double h_min = std::numeric_limits<double>::infinity();
    for (const auto& p : points)
      if (p.usable && p.h > 0) h_min = std::min(h_min, p.h);
    if (!std::isfinite(h_min)) {
      stop = "no usable run to refine from";
      break;
    }
    if (rungs >= ro.max_new_rungs) {
      stop = fmt::format("work budget reached ({} new rungs)", rungs);
      break;
    }
    const double h = h_min * ro.step_ratio;
    if (h * ro.max_step_factor < h_given * (1 - 1e-9)) {
      stop = fmt::format("work budget reached (next h {:.3g} < {:.3g} / {:g})", h, h_given, ro.max_step_factor);
      break;
    }
    if (h < ro.h_floor) {
      stop = fmt::format("h floor reached (next h {:.3g} < {:.3g}, set by the reference)", h, ro.h_floor);
      break;
    }
    const OrderPoint p = run_at(h);
    points.push_back(p);
    ++rungs;
    fit = fit_order(points, opt);
    if (!p.usable || !(p.error > 0) || !std::isfinite(p.error)) {
      stop = fmt::format("the run at h = {:.3g} did not finish cleanly", p.h);
      break;
    }
    if (p.error < opt.floor_factor * p.noise_floor) {
      stop = fmt::format("noise floor reached at h = {:.3g} (error {:.3g} < {:g} x floor {:.3g})", p.h, p.error,
                         opt.floor_factor, p.noise_floor);
      break;
    }
    if (!(p.h < h_min)) {
      stop = fmt::format("the step {:.3g} could not be realised below {:.3g}", h, h_min);
      break;
    }
  }
  if (stop.empty() && rungs > 0) stop = "local orders settled or the claim decided";
  fit.refined_rungs = rungs;
  fit.refinement_stop = rungs > 0 || wants_refinement(fit, opt, rungs, ro) ? stop : "";
  if (fit.verdict == Verdict::pre_asymptotic && !stop.empty()) fit.reason += "; refinement stopped: " + stop;
  return fit;
}

}  // namespace sweepcheck
