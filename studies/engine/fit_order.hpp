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
  // Deterministic work of the run (studies/engine/run_row.hpp, work_units:
  // steps + constraint evaluations + inner iterations; 0: unknown). The
  // refinement budget counts it, so the same inputs refine alike on any machine.
  double cost = 0;
  double seconds = 0;  // measured wall seconds of the run: information only, never a budget
};

struct FitOptions {
  double expected_order = std::numeric_limits<double>::quiet_NaN();  // NaN: none claimed
  // false (the default): the claim is one-sided, "order >= expected", as a
  // convergence theorem bounds the error from above; true: the claim is the
  // exact order, and exceeding it fails too (fit_order.md, "Verdicts").
  bool expected_is_sharp = false;
  int min_points = 3;            // fewer points in the window: inconclusive
  double floor_factor = 10;      // points with error < floor_factor · noise_floor are dropped
  // Unused since issue 44 (the window is chosen by Lepski's rule against the
  // measured jitter, fit_order.md, "Window"); kept so that code setting it builds.
  double window_tolerance = 0.1;
  // The indifference zone δ (fit_order.md, "Verdicts"): a one-sided claim
  // "order >= p" passes when the lower confidence bound of the order at the
  // finest steps is >= p − resolution and fails when the upper bound is
  // below it. Orders closer than this are not told apart.
  double resolution = 0.05;
  double max_ci_width = 0.5;     // a wider confidence interval never passes (scatter never passes)
  double confidence = 0.95;      // two-sided, over the whole sequence of looks (see looks)
  // How many times the data may be looked at in one series: 1 for a single
  // fit; the refinement loop sets it to 1 + the rungs its plan affords
  // (refinement.hpp). Each look's interval is at confidence
  // 1 − (1 − confidence) / looks (Bonferroni), so the chance that any look
  // of the sequence passes a wrong claim or fails a right one stays within
  // 1 − confidence (fit_order.md, "Looks").
  int looks = 1;
  // Settling (fit_order.md, "Settling"): the judge window is the
  // judge_points smallest steps. log e is regressed on log h with a curvature
  // term over it; the residuals' spread is the measured jitter. The local
  // orders drift when the curvature's trend (change of local order per
  // halving of h) is significant against that jitter and moves the order by
  // more than the resolution across settle_count − 1 halvings, or when the
  // means of the two halves of the last settle_count local orders differ
  // significantly against the jitter and by more than the resolution. Only
  // local orders that do not drift carry a fail (a fail is final); a pass
  // needs the lower bound of the order at the finest steps (issue 44), drift
  // or not. Neither shown: refined, and if the budget ends first they are
  // pre-asymptotic (toward the claim), unsettled (away from it) or
  // inconclusive (fit_order.md, "Verdicts").
  int settle_count = 4;   // local orders a verdict needs without a floor; the span of the drift test
  int judge_points = 6;   // points of the judge window (>= settle_count + 1; 6: 3 residual degrees of freedom)
  // Set by the refinement loop when the h floor or the noise floor ended the
  // ladder: the points that exist are judged (fewer than settle_count local
  // orders, down to min_points points, suffice) and the reason says so.
  bool ladder_ended_by_floor = false;

  void validate() const;
};

// The verdict of an order fit on a claimed order (fit_order.md, "Verdicts"):
// pass and fail rest on settled local orders; pre_asymptotic: the local
// orders still move toward the claim; unsettled: they move away from it, or
// scatter; none_claimed: no claim, no verdict. It is one of three verdict
// vocabularies, each its own enum because each says something different:
//   FitVerdict   (here)                            an order fit against a claimed order;
//   CheckVerdict (studies/audit/checks/judgement.hpp) an audit check, which may only
//                inform (info) and worsens over problems (worst);
//   ClaimVerdict (studies/cases/paper_claim.hpp)    a paper's claim: supported or not.
// Each of the other two is made from a FitVerdict by one function beside it
// (check_verdict, claim_verdict).
enum class FitVerdict { pass, fail, inconclusive, none_claimed, pre_asymptotic, unsettled };
std::string to_string(FitVerdict v);
// The name before FitVerdict, for users' tests that compare r.verdict() with it.
using Verdict [[deprecated("sweepcheck::Verdict is now sweepcheck::FitVerdict")]] = FitVerdict;

struct LocalOrder {
  double h_large, h_small, order;
};

// The refinement loop's bookkeeping on a fit (studies/engine/refinement.hpp):
// rungs added, why it stopped, and what they cost.
struct RefinementRecord {
  int rungs = 0;
  std::string stop;             // why it stopped, a sentence ("local orders settled", ...); empty: none was needed
  bool ended_by_floor = false;  // the h floor (a reference's own step) ended it, not the budget
  bool ended_by_noise_floor = false;  // a new rung fell below the noise floor
  double work = 0;              // work units of the new rungs (the budget counts these)
  double seconds = 0;           // their measured wall seconds (information only)
};

struct OrderFit {
  double order = std::numeric_limits<double>::quiet_NaN();
  double std_error = std::numeric_limits<double>::quiet_NaN();
  double ci_low = std::numeric_limits<double>::quiet_NaN();
  double ci_high = std::numeric_limits<double>::quiet_NaN();
  double intercept = std::numeric_limits<double>::quiet_NaN();  // log e ≈ intercept + order · log h
  // The interval (fit_order.md, "Interval") is the hull of the order ± the
  // largest of statistical_half_width, resolution and jitter_half_width, and
  // the finest-step interval [finest_order_low, finest_order_high]:
  double statistical_half_width = std::numeric_limits<double>::quiet_NaN();  // t quantile (at the look's confidence) × standard error
  double look_confidence = std::numeric_limits<double>::quiet_NaN();
  // Halvings of h from the finest step to the window's centre (log-mean h):
  // how far back the slope looks. A fail allows the trend's rise over them.
  double window_offset = std::numeric_limits<double>::quiet_NaN();
  // What a fail allows for a drift it cannot rule out: the upper (rise) and
  // lower (fall) 95 % bounds of the trend of the local orders over the window
  // (its curvature fit; the judge window's when the window is not larger),
  // times window_offset, when they point toward the claim (fit_order.md, "Verdicts").
  double rise_allowance = 0, fall_allowance = 0;  // confidence of this look's interval (Bonferroni over the looks)
  double drift = std::numeric_limits<double>::quiet_NaN();  // |order − the trend line's local order at the finest step|
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
  bool moving = false;  // a drift is shown: significant against the jitter and larger than the resolution
  double trend = std::numeric_limits<double>::quiet_NaN();  // change of the local order per halving of h (last settle_count)
  double trend_low = std::numeric_limits<double>::quiet_NaN();   // its confidence interval
  double trend_high = std::numeric_limits<double>::quiet_NaN();
  double settle_mean = std::numeric_limits<double>::quiet_NaN();    // mean of the judge window's local orders
  double settle_median = std::numeric_limits<double>::quiet_NaN();  // their median (a fail needs it to miss the claim too)
  double settle_spread = std::numeric_limits<double>::quiet_NaN();  // their max − min (information)
  // The measured jitter of the judge window: the residual standard deviation
  // of log e about its curvature fit, and what it means for one local order
  // (its standard deviation, ±). NaN: too few points to measure it.
  double jitter_log = std::numeric_limits<double>::quiet_NaN();
  double jitter = std::numeric_limits<double>::quiet_NaN();
  double jitter_half_width = std::numeric_limits<double>::quiet_NaN();  // the jitter's share of the interval
  // The trend line's local order at the finest step, with its interval (at
  // least ± resolution): the finest-window interval of fit_order.md.
  double finest_order = std::numeric_limits<double>::quiet_NaN();
  double finest_order_low = std::numeric_limits<double>::quiet_NaN();
  double finest_order_high = std::numeric_limits<double>::quiet_NaN();
  double finest_order_se = std::numeric_limits<double>::quiet_NaN();  // its standard error under the jitter
  double jitter_df = 0;  // residual degrees of freedom of the jitter estimate
  double finest_h = std::numeric_limits<double>::quiet_NaN();  // smallest usable h above the floor
  double suggested_h = std::numeric_limits<double>::quiet_NaN();  // where the trend reaches the claim (pre-asymptotic)
  // What the refinement loop did (studies/engine/refinement.hpp); all zero
  // for a fit it did not refine.
  RefinementRecord refinement;
  FitVerdict verdict = FitVerdict::inconclusive;
  std::string reason;  // one sentence: why this verdict
};

OrderFit fit_order(const std::vector<OrderPoint>& points, const FitOptions& options = {});

}  // namespace sweepcheck
