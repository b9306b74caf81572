#pragma once
// Observed order of convergence from (h, error) pairs: least squares of
// log e on log h over an automatically chosen asymptotic window, with standard
// error, confidence interval, local pairwise orders and a verdict. The window
// rule is documented in fit_order.md and implemented in fit_order.cpp.
#include <limits>
#include <string>
#include <vector>

namespace sweepcheck {

struct OrderPoint {
  double h = 0;
  double error = 0;
  double noise_floor = 0;  // error level below which round-off / solver tolerance dominate
  bool usable = true;      // false for diverged or capped runs
  double cost = 0;         // measured wall seconds of the run (0: unknown); the refinement budget counts it
};

struct FitOptions {
  double expected_order = std::numeric_limits<double>::quiet_NaN();  // NaN: none claimed
  // false (the default): the claim is one-sided, "order >= expected", as a
  // convergence theorem bounds the error from above; true: the claim is the
  // exact order, and exceeding it fails too (fit_order.md, "Verdicts").
  bool expected_is_sharp = false;
  int min_points = 3;            // fewer points in the window: inconclusive
  double floor_factor = 10;      // points with error < floor_factor · noise_floor are dropped
  // A larger step joins the window while its local order is within this of
  // the fit: 2 × resolution, the width of one settled regime (fit_order.md).
  double window_tolerance = 0.1;
  double resolution = 0.05;      // smallest half-width of the interval: orders closer than this are not told apart
  double max_ci_width = 0.5;     // a wider confidence interval is inconclusive
  double confidence = 0.95;
  // Settling (fit_order.md, "Settling"): the last settle_count local orders
  // (at the smallest steps) have settled when they lie within settle_spread
  // of each other and show no trend: the slope of local order against log2 h
  // has a confidence interval containing 0, or moves the order by at most
  // the resolution across them. Only settled local orders carry pass or
  // fail; drifting ones are refined, and if the budget ends first they are
  // pre-asymptotic (toward the claim) or unsettled (away from it).
  int settle_count = 4;
  double settle_spread = 0.1;  // = window_tolerance: the width of one regime

  void validate() const;
};

// fit_order.md, "Verdicts": pass and fail rest on settled local orders;
// pre_asymptotic: the local orders still move toward the claim; unsettled:
// they move away from it, or scatter; none_claimed: no claim, no verdict.
enum class Verdict { pass, fail, inconclusive, none_claimed, pre_asymptotic, unsettled };
std::string to_string(Verdict v);

struct LocalOrder {
  double h_large, h_small, order;
};

struct OrderFit {
  double order = std::numeric_limits<double>::quiet_NaN();
  double std_error = std::numeric_limits<double>::quiet_NaN();
  double ci_low = std::numeric_limits<double>::quiet_NaN();
  double ci_high = std::numeric_limits<double>::quiet_NaN();
  double intercept = std::numeric_limits<double>::quiet_NaN();  // log e ≈ intercept + order · log h
  // The interval's half-width is the largest of these three (fit_order.md):
  double statistical_half_width = std::numeric_limits<double>::quiet_NaN();  // t quantile × standard error
  double drift = std::numeric_limits<double>::quiet_NaN();  // |order − local order of the two smallest steps|
  double resolution = std::numeric_limits<double>::quiet_NaN();
  int points_used = 0;
  double h_min = std::numeric_limits<double>::quiet_NaN();
  double h_max = std::numeric_limits<double>::quiet_NaN();
  std::vector<int> used;               // indices into the input, ascending h
  std::vector<LocalOrder> local_orders;  // consecutive usable points above the floor, descending h
  int dropped_unusable = 0, dropped_floor = 0, dropped_preasymptotic = 0;
  double expected_order = std::numeric_limits<double>::quiet_NaN();
  bool expected_is_sharp = false;
  // Settling of the local orders at the smallest steps (fit_order.md):
  bool settled = false;
  bool moving = false;  // the trend is told apart from 0 (its interval excludes 0 and it moves more than the resolution)
  double trend = std::numeric_limits<double>::quiet_NaN();  // change of the local order per halving of h (last settle_count)
  double trend_low = std::numeric_limits<double>::quiet_NaN();   // its confidence interval
  double trend_high = std::numeric_limits<double>::quiet_NaN();
  double settle_mean = std::numeric_limits<double>::quiet_NaN();    // mean of the last settle_count local orders
  double settle_spread = std::numeric_limits<double>::quiet_NaN();  // their max − min
  double finest_h = std::numeric_limits<double>::quiet_NaN();  // smallest usable h above the floor
  double suggested_h = std::numeric_limits<double>::quiet_NaN();  // where the trend reaches the claim (pre-asymptotic)
  // Set by the refinement loop (studies/engine/refinement.hpp): rungs added, and why it stopped.
  int refined_rungs = 0;
  std::string refinement_stop;
  bool refinement_ended_by_floor = false;  // the h floor (a reference's own step) ended it, not the budget
  double refinement_seconds = 0;           // measured cost of the new rungs
  Verdict verdict = Verdict::inconclusive;
  std::string reason;  // one sentence: why this verdict
};

OrderFit fit_order(const std::vector<OrderPoint>& points, const FitOptions& options = {});

}  // namespace sweepcheck
