#pragma once
// Where a series' error stops falling: the "breakdown of the convergence" of
// a penalty method (seed 000, Section 4.3), whose error converges, as h → 0,
// to the distance between the penalised ODE's solution and the inclusion's
// instead of to 0. find_stall reads a series; extend_until_stall halves its
// smallest step until it stalls or a limit is reached. The rule and its
// reasoning: app/pbd_paper.md, "Penalty: breakdown by γ".
//
// Not refine_fit (studies/engine/refinement.hpp): that loop judges an order fit
// against a claimed order, and the penalty claims none; the question here is
// whether the error has stopped falling, so the loop stops on a stall. It
// keeps refine_fit's other limits (a rung budget, the h floor of a sampled
// reference, a run that did not finish, the noise floor), with a budget in
// rungs so that the rows it adds are the same on every run and machine.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

struct StallRule {
  // The series has stalled when its last `rungs` local orders (those between
  // its finest steps) all lie below `local_order`. With e(h) = e∞ + C h (a
  // first-order scheme converging to a level e∞ > 0), the local order over a
  // halving is log2((e∞ + C h)/(e∞ + C h/2)): below 0.1 exactly when
  // C h < 0.155 e∞, i.e. the error is within 16% of the level it converges
  // to. Five in a row (h over a factor 32): a series can sit on a plateau
  // before it converges, and the longest such plateau on the default
  // report's ladders is four local orders below 0.1 (the sliding case's PBD
  // at h >= 0.05, 0.01–0.05, its error 1.5, half the problem's scale, before
  // it converges with order 1); a stall must be longer than that.
  double local_order = 0.1;
  int rungs = 5;

  void validate() const;  // names the field and the rule
};

struct Stall {
  bool stalled = false;
  int tail = 0;  // consecutive local orders below the rule's threshold, ending at the finest step
  // The largest step of that tail: where the error stopped falling (NaN if tail = 0).
  double onset_h = std::numeric_limits<double>::quiet_NaN();
  double level = std::numeric_limits<double>::quiet_NaN();  // the error at the finest step (the plateau if stalled)
  double finest_h = std::numeric_limits<double>::quiet_NaN();
  double last_order = std::numeric_limits<double>::quiet_NaN();  // between the two finest steps
  std::vector<OrderPoint> ladder;  // the usable points (finite error > 0), h descending
  std::vector<double> local_orders;  // between consecutive points of `ladder`
};

// Reads a series (any order; unusable points and points without a finite
// positive error are skipped).
Stall find_stall(const std::vector<OrderPoint>& points, const StallRule& rule);

struct StallLadderOptions {
  // Budget: new rungs per series, each halving the smallest step (so each
  // costs about as much as all rungs before it). 0 turns the extension off.
  int max_new_rungs = 6;
  double step_ratio = 0.5;  // h of the next rung = smallest h so far × step_ratio
  double h_floor = 0;       // never below this step (10 h_ref for a sampled reference)
  // A rung whose error is below floor_factor × its noise floor ends the
  // ladder (FitOptions::floor_factor: the same rule the order fits use).
  double floor_factor = FitOptions{}.floor_factor;

  void validate() const;  // names the field and the rule
};

struct StallLadder {
  Stall stall;
  int new_rungs = 0;
  std::string stop;  // why the ladder ended: "stalled ...", the budget, the h floor, the noise floor, a failed run
  bool budget_ended = false;  // a limit (budget, floor, failed run), not a stall, ended it
};

// Extends `points` (which gains the new rungs) by runs at h_min · step_ratio,
// h_min · step_ratio², … until the series stalls or a limit is reached.
// run_at(h) runs the scheme at (about) h and returns its point with the h it
// realised.
template <class RunAt>
StallLadder extend_until_stall(std::vector<OrderPoint>& points, const StallRule& rule, const StallLadderOptions& opt,
                               RunAt&& run_at) {
  rule.validate();
  opt.validate();
  StallLadder out;
  out.stall = find_stall(points, rule);
  while (true) {
    if (out.stall.stalled) {
      out.stop = fmt::format("stalled ({} local orders < {:g} down to h = {:.3g})", out.stall.tail, rule.local_order,
                             out.stall.finest_h);
      return out;
    }
    out.budget_ended = true;
    if (out.stall.ladder.empty()) {
      out.stop = "no usable run to extend from";
      return out;
    }
    if (out.new_rungs >= opt.max_new_rungs) {
      out.stop = fmt::format("budget reached ({} new rungs) before a stall", out.new_rungs);
      return out;
    }
    const double h = out.stall.finest_h * opt.step_ratio;
    if (h < opt.h_floor) {
      out.stop = fmt::format("h floor reached (next h {:.3g} < {:.3g}, set by the reference) before a stall", h,
                             opt.h_floor);
      return out;
    }
    const OrderPoint p = run_at(h);
    points.push_back(p);
    ++out.new_rungs;
    const double before = out.stall.finest_h;
    out.stall = find_stall(points, rule);
    if (!p.usable || !(p.error > 0) || !std::isfinite(p.error)) {
      out.stop = fmt::format("the run at h = {:.3g} did not finish cleanly", p.h);
      return out;
    }
    if (p.error < opt.floor_factor * p.noise_floor) {
      out.stop = fmt::format("noise floor reached at h = {:.3g} (error {:.3g} < {:g} x floor {:.3g})", p.h, p.error,
                             opt.floor_factor, p.noise_floor);
      return out;
    }
    if (!(p.h < before)) {
      out.stop = fmt::format("the step {:.3g} could not be realised below {:.3g}", h, before);
      return out;
    }
    out.budget_ended = false;
  }
}

}  // namespace sweepcheck
