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
};

struct FitOptions {
  double expected_order = std::numeric_limits<double>::quiet_NaN();  // NaN: none claimed
  bool expected_is_lower_bound = false;  // judge "order >= expected" (a proven, non-sharp bound)
  int min_points = 3;            // fewer points in the window: inconclusive
  double floor_factor = 10;      // points with error < floor_factor · noise_floor are dropped
  double window_tolerance = 0.2;   // a larger step joins the window while its local order is within this of the fit
  double resolution = 0.05;      // smallest half-width of the interval: orders closer than this are not told apart
  double max_ci_width = 0.5;     // a wider confidence interval is inconclusive
  double confidence = 0.95;
  // Settling (fit_order.md, "Refinement"): the local orders have settled when
  // the last settle_count of them (at the smallest steps) lie within
  // settle_spread of each other. A fail or inconclusive fit whose local orders
  // have not settled, and are not moving away from the claim, is
  // pre-asymptotic: more refinement is the answer, not a verdict.
  int settle_count = 3;
  double settle_spread = 0.2;  // = window_tolerance: the same notion of "one regime"

  void validate() const;
};

// pre_asymptotic: the ladder (and any refinement) ended before the local
// orders settled, while they still move toward the claim (fit_order.md).
enum class Verdict { pass, fail, inconclusive, none_claimed, pre_asymptotic };
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
  bool expected_is_lower_bound = false;
  // Settling of the local orders at the smallest steps (fit_order.md):
  bool settled = false;
  double trend = std::numeric_limits<double>::quiet_NaN();  // change of the local order per halving of h (last settle_count)
  double finest_h = std::numeric_limits<double>::quiet_NaN();  // smallest usable h above the floor
  double suggested_h = std::numeric_limits<double>::quiet_NaN();  // where the trend reaches the claim (pre-asymptotic)
  // Set by the refinement loop (studies/refinement.hpp): rungs added, and why it stopped.
  int refined_rungs = 0;
  std::string refinement_stop;
  Verdict verdict = Verdict::inconclusive;
  std::string reason;  // one sentence: why this verdict
};

OrderFit fit_order(const std::vector<OrderPoint>& points, const FitOptions& options = {});

}  // namespace sweepcheck
