// The verdict rule of issue 23 (studies/engine/fit_order.md, "Testing the rule on
// known answers") on synthetic error sequences whose truth is known: each
// family is run through refine_fit with a run_at that evaluates the family at
// the requested h, multiplies it by (1 + η u) with u ∈ [−1, 1] drawn per rung
// by rapidcheck (η ≤ 1e-3; the jitter families of issue 32 up to 0.05), and
// reports a work cost ∝ 1/h. The budget is stated as the smallest h it
// reaches (budget_reaching); an h floor, when set, ends the ladder as a
// reference's step would. Each property states the
// verdict the rule must give over parameters in stated ranges; a failure
// prints the family, its parameters, the points, the local orders, the
// verdict and its reason (RC_LOG).
//
// Negative control: a rule without settling and without refinement (the
// interval verdict on the given ladder) violates the crossover property.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/refinement.hpp"

namespace sweepcheck {
namespace {

using Family = std::function<double(double)>;
using RunAt = std::function<OrderPoint(double)>;
using Rule = std::function<OrderFit(std::vector<OrderPoint>&, const FitOptions&, const RefineOptions&, const RunAt&)>;

// The rule under test.
OrderFit the_rule(std::vector<OrderPoint>& points, const FitOptions& o, const RefineOptions& ro, const RunAt& run_at) {
  return refine_fit(points, o, ro, run_at);
}

// Work units of a run at h: ∝ 1/h (steps), 100 at h = 1.
constexpr double kCostAtUnitStep = 100;
double cost_at(double h) { return kCostAtUnitStep / h; }

// The budget (work units) that affords exactly the halvings from h_finest down
// to h_budget: the sum of their costs. The next rung would cost twice the
// last one, far beyond the 1e-9 slack.
double budget_reaching(double h_finest, double h_budget) {
  double s = 0;
  for (double h = h_finest * 0.5; h >= h_budget * (1 - 1e-9); h *= 0.5) s += cost_at(h);
  return s * (1 + 1e-9);
}

// One synthetic study: a family, its given ladder h_top · 2^{-i}
// (i < given), the budget's smallest h, a claim, relative noise η with one
// u per rung (indexed by the number of halvings below h_top), and an
// optional noise floor with the errors a run reports below it.
struct Study {
  std::string family;  // name and parameters, for the counterexample
  Family error;
  double h_top = 0.1;
  int given = 5;
  double h_budget = 0.1;
  double claim = 1;
  bool sharp = false;
  double eta = 0;
  std::vector<double> u;          // in [−1, 1]
  double noise_floor = 0;         // OrderPoint::noise_floor of every run
  std::vector<double> below;      // in [0, 1): a run below the floor reports floor · (1 + 9 below) (< 10 floor)
  double h_floor = 0;             // RefineOptions::h_floor (0: none)
};

struct Outcome {
  OrderFit fit;
  std::vector<OrderPoint> points;  // given, then the new rungs in the order they ran
};

int rung_index(const Study& s, double h) { return static_cast<int>(std::lround(std::log2(s.h_top / h))); }

OrderPoint evaluate(const Study& s, double h) {
  const std::size_t i = static_cast<std::size_t>(std::max(0, rung_index(s, h)));
  const double u = s.u.empty() ? 0.0 : s.u[i % s.u.size()];
  double e = s.error(h) * (1 + s.eta * u);
  if (s.noise_floor > 0 && e < FitOptions{}.floor_factor * s.noise_floor) {
    // Below the floor the run measures round-off, not the scheme: garbage
    // under 10 × floor, unrelated to the family.
    const double v = s.below.empty() ? 0.5 : s.below[i % s.below.size()];
    e = s.noise_floor * (1 + 9 * v);
  }
  return OrderPoint{h, e, s.noise_floor, true, cost_at(h)};
}

double finest_given(const Study& s) { return s.h_top * std::exp2(-(s.given - 1)); }

Outcome drive(const Study& s, const Rule& rule = the_rule) {
  Outcome out;
  for (int i = 0; i < s.given; ++i) out.points.push_back(evaluate(s, s.h_top * std::exp2(-i)));
  FitOptions o;
  o.expected_order = s.claim;
  o.expected_is_sharp = s.sharp;
  RefineOptions ro;
  ro.budget_work = budget_reaching(finest_given(s), s.h_budget);
  ro.max_new_rungs = 64;  // the budget, not the cap, ends the loop
  ro.h_floor = s.h_floor;
  out.fit = rule(out.points, o, ro, [&](double h) { return evaluate(s, h); });
  return out;
}

std::string describe(const Study& s, const Outcome& r) {
  std::ostringstream os;
  os.precision(4);
  os << s.family << "; claim " << (s.sharp ? "= " : ">= ") << s.claim << "; noise " << s.eta << "; given "
     << s.given << " rungs from h = " << s.h_top << " to " << finest_given(s) << "; budget reaches h = " << s.h_budget;
  if (s.noise_floor > 0) os << "; noise floor " << s.noise_floor;
  if (s.h_floor > 0) os << "; h floor " << s.h_floor;
  os << "\n  points (h, e):";
  for (const auto& p : r.points) os << " (" << p.h << ", " << p.error << ")";
  os << "\n  local orders:";
  for (const auto& l : r.fit.local_orders) os << " " << l.order;
  os << "\n  verdict " << to_string(r.fit.verdict) << ", order " << r.fit.order << " [" << r.fit.ci_low << ", "
     << r.fit.ci_high << "], settled " << r.fit.settled << " (mean " << r.fit.settle_mean << ", spread "
     << r.fit.settle_spread << ", jitter ±" << r.fit.jitter << ", trend " << r.fit.trend << " [" << r.fit.trend_low << ", " << r.fit.trend_high
     << "]), finest h " << r.fit.finest_h << ", " << r.fit.refinement.rungs << " new rungs\n  reason: " << r.fit.reason
     << "\n  refinement stop: " << r.fit.refinement.stop << "\n";
  return os.str();
}

// ---- generators -----------------------------------------------------------

// Integers in [lo, hi), drawn from the whole range whatever rapidcheck's test
// size (issue 44, item 5): gen::inRange scales its range with the size
// (0 → 100 over a run), so on its own it draws from [lo, lo + (hi − lo) ·
// size / 100] and the families' upper ends (jitter, spread, crossover
// depth) were mostly left out. Fixed at the nominal size 100, every case
// draws from the full stated range; shrinking still goes toward lo.
rc::Gen<int> in_range(int lo, int hi) { return rc::gen::resize(100, rc::gen::inRange(lo, hi)); }
// Uniform on [lo, hi] in 10^6 steps, the whole range in every case; shrinks toward lo.
rc::Gen<double> uniform(double lo, double hi) {
  return rc::gen::map(in_range(0, 1000001), [lo, hi](int k) { return lo + (hi - lo) * k / 1e6; });
}
// Log-uniform on [lo, hi].
rc::Gen<double> log_uniform(double lo, double hi) {
  return rc::gen::map(uniform(std::log(lo), std::log(hi)), [](double x) { return std::exp(x); });
}
// Relative noise η ∈ [0, 1e-3] and one u ∈ [−1, 1] per rung.
void draw_noise(Study& s) {
  s.eta = *uniform(0, 1e-3);
  s.u = *rc::gen::container<std::vector<double>>(80, uniform(-1, 1));
}

std::string fmt_params(std::initializer_list<std::pair<const char*, double>> ps) {
  std::ostringstream os;
  os.precision(5);
  bool first = true;
  for (const auto& [k, v] : ps) {
    os << (first ? "" : ", ") << k << " = " << v;
    first = false;
  }
  return os.str();
}

// ---- 1. C h^p -------------------------------------------------------------
// p ∈ [0.5, 2], C ∈ [0.01, 100], h_top ∈ [0.01, 1], 3–8 given rungs and a
// budget of 0–8 halvings with at least 5 points in all (4 local orders: what
// settling needs).
Study power_law(double q_offset_lo, double q_offset_hi, bool sharp) {
  Study s;
  const double p = *uniform(0.5, 2), C = *log_uniform(0.01, 100);
  s.h_top = *log_uniform(0.01, 1);
  s.given = *in_range(3, 9);
  const int rungs = *in_range(std::max(0, 5 - s.given), 9);
  s.h_budget = finest_given(s) * std::exp2(-rungs);
  s.claim = p + *uniform(q_offset_lo, q_offset_hi);
  s.sharp = sharp;
  s.error = [C, p](double h) { return C * std::pow(h, p); };
  s.family = "C h^p, " + fmt_params({{"C", C}, {"p", p}});
  draw_noise(s);
  return s;
}

RC_GTEST_PROP(VerdictRule, APowerLawPassesAOneSidedClaimAtLeastATenthBelowItsOrder, ()) {
  const Study s = power_law(-1.0, -0.1, false);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::pass);
}

RC_GTEST_PROP(VerdictRule, APowerLawFailsAClaimAtLeastFifteenHundredthsAboveItsOrder, ()) {
  const Study s = power_law(0.15, 1.0, *rc::gen::arbitrary<bool>());
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::fail);
}

RC_GTEST_PROP(VerdictRule, APowerLawFailsASharpClaimAtLeastFifteenHundredthsBelowItsOrder, ()) {
  const Study s = power_law(-1.0, -0.15, true);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::fail);
}

RC_GTEST_PROP(VerdictRule, APowerLawPassesASharpClaimWithinFourHundredthsOfItsOrder, ()) {
  const Study s = power_law(-0.04, 0.04, true);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::pass);
}

// ---- 2. C h^p (1 + a sin(k log h + φ)) ------------------------------------
// d log e / d log h = p + a k cos(·) / (1 + a sin(·)): every local order lies
// within a k / (1 − a) of p. Settling needs the four last local orders'
// least-squares trend to move them by at most 0.05 across three halvings,
// at most 1.2 × their spread, and the spread is at most 2 a k / (1 − a) plus
// noise 2 · 2η / ln 2 ≤ 0.006: a k / (1 − a) ≤ 0.0175 suffices. Range:
// a ∈ [0.01, 0.1], a k ∈ [0, 0.015] (so a k / (1 − a) ≤ 0.0167), φ ∈ [0, 2π].
RC_GTEST_PROP(VerdictRule, AnOscillationWithinTheSettleBandPassesTheClaimedOrder, ()) {
  Study s = power_law(0, 0, *rc::gen::arbitrary<bool>());
  const double a = *uniform(0.01, 0.1), ak = *uniform(0, 0.015), phi = *uniform(0, 2 * std::numbers::pi);
  const double k = ak / a;
  const Family base = s.error;
  s.error = [base, a, k, phi](double h) { return base(h) * (1 + a * std::sin(k * std::log(h) + phi)); };
  s.family += ", times (1 + a sin(k log h + phi)), " + fmt_params({{"a", a}, {"k", k}, {"a k", ak}, {"phi", phi}});
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::pass);
}

// ---- 3. C h + D h^{1/2}: order 1 turning into 1/2 below h_c = (D/C)² ------
// Local order (C h + ½ D h^{1/2}) / (C h + D h^{1/2}) = ½ + ½ r / (1 + r),
// r = (h / h_c)^{1/2}; it falls by (ln 2 / 4) r / (1 + r)² per halving (at
// most 0.043, at h_c). Noise-free, the last four local orders of a ladder
// ending at h_f move by more than the resolution 0.05 (unsettled) for
// h_f ∈ [h_c / 288, 17.9 h_c]; above, they look settled near 1 (a ladder
// ending there passes: nothing has crossed over yet), below they settle
// toward ½ (fail). Range: h_c ∈ [1e-6, 1e-2], C ∈ [0.1, 10], 5–8 given
// rungs ending at h_g ∈ [h_c, 8 h_c] (the local orders visibly drift down
// from 1: 0.97 → 0.89 at 8 h_c), budgets of 0–24 halvings below h_g.
struct Crossover {
  Study s;
  double h_c = 0;
};

Crossover crossover(double budget_halvings_below_hc_lo, double budget_halvings_below_hc_hi) {
  Crossover c;
  Study& s = c.s;
  c.h_c = *log_uniform(1e-6, 1e-2);
  const double C = *log_uniform(0.1, 10), D = C * std::sqrt(c.h_c);
  s.given = *in_range(5, 9);
  const double h_g = c.h_c * std::exp2(*uniform(0, 3));
  s.h_top = h_g * std::exp2(s.given - 1);
  // Budget: the halvings below h_g whose smallest h lies in the requested band below h_c.
  const double below_hc = *uniform(budget_halvings_below_hc_lo, budget_halvings_below_hc_hi);
  const int rungs = std::max(0, static_cast<int>(std::ceil(std::log2(h_g / c.h_c) + below_hc)));
  s.h_budget = h_g * std::exp2(-rungs);
  s.claim = 1;
  s.error = [C, D](double h) { return C * h + D * std::sqrt(h); };
  s.family = "C h + D h^(1/2), " + fmt_params({{"C", C}, {"D", D}, {"h_c", c.h_c}, {"h_g / h_c", h_g / c.h_c}});
  draw_noise(s);
  return c;
}

// The crossover property: never pass order 1 for a scheme whose local orders
// already drift toward 1/2, whatever the budget. Shared with the negative control.
bool crossover_never_passes(const Crossover& c, const Rule& rule, std::string* log = nullptr) {
  const Outcome r = drive(c.s, rule);
  if (log) *log = describe(c.s, r);
  return r.fit.verdict != FitVerdict::pass;
}

RC_GTEST_PROP(VerdictRule, ACrossoverToHalfOrderIsNeverPassedAsOrderOne, ()) {
  const Crossover c = crossover(-3, 21);
  std::string log;
  const bool holds = crossover_never_passes(c, the_rule, &log);
  RC_LOG() << log;
  RC_ASSERT(holds);
}

RC_GTEST_PROP(VerdictRule, ACrossoverIsUnsettledWhileTheBudgetEndsAboveOrNearIt, ()) {
  // Budgets ending between h_g and h_c / 128 (7 halvings below h_c): the
  // local orders still fall (0.97 … 0.58) away from the claim.
  const Crossover c = crossover(-3, 7);
  const Outcome r = drive(c.s);
  RC_LOG() << describe(c.s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::unsettled);
}

RC_GTEST_PROP(VerdictRule, ACrossoverFailsNearHalfOrderOnceTheBudgetReachesTenHalvingsBelowIt, ()) {
  // Budgets ending 10–14 halvings below h_c (h ≤ h_c / 1024): the last four
  // local orders lie within 0.06 of ½ and move by less than 0.05.
  const Crossover c = crossover(10, 14);
  const Outcome r = drive(c.s);
  RC_LOG() << describe(c.s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::fail);
  RC_ASSERT(std::abs(r.fit.order - 0.5) <= 0.1);
  RC_ASSERT(r.fit.ci_high < 1.0);
}

// ---- 4. C h ln(1/h) against the claim 1 -----------------------------------
// Local order 1 − 1/ln(1/h) (derivative), rising by ln 2 / ln²(1/h) per
// halving: across the last four local orders by more than the resolution
// 0.05 while ln(1/h) < 6.45. Computed with the rule (noise-free): a ladder
// ending at h_f ∈ [3.6e-4, 0.0187] is pre-asymptotic (rising toward 1);
// below about 3e-4 the trend moves them by less than 0.05 across three
// halvings and they are settled at 0.85 (1/ln(1/h) ≈ 0.15 below the claim),
// so the claim fails; it stays failed while the trend line's local order at
// the finest step, 1 − 1/ln(1/h_f), lies more than the resolution below 1,
// i.e. for h_f > e^-20 ≈ 2.1e-9 (fitted orders 0.82–0.93). Below that the
// claim lies within the resolution of the finest local order, and the rule
// passes it (issue 32's interval reaches the finest-step estimate; the old
// window held the fit back to 2.6e-11). (The error is not O(h): the verdict
// fail is right; the fitted order is not the limit.)
// Range: C ∈ [0.1, 10], 5–8 given rungs from h_top ∈ [0.02, 0.1].
Study h_log_h(double h_budget_lo, double h_budget_hi) {
  Study s;
  const double C = *log_uniform(0.1, 10);
  s.h_top = *log_uniform(0.02, 0.1);
  s.given = *in_range(5, 9);
  // The given ladder ends no lower than the budget band's top.
  while (s.given > 5 && finest_given(s) < h_budget_hi) --s.given;
  const double target = *log_uniform(h_budget_lo, h_budget_hi);
  const int rungs = std::max(0, static_cast<int>(std::floor(std::log2(finest_given(s) / target))));
  s.h_budget = finest_given(s) * std::exp2(-rungs);
  s.claim = 1;
  s.error = [C](double h) { return C * h * std::log(1 / h); };
  s.family = "C h ln(1/h), " + fmt_params({{"C", C}});
  draw_noise(s);
  return s;
}

RC_GTEST_PROP(VerdictRule, HLogHIsPreAsymptoticAndNeverFailedWhileTheBudgetEndsAboveFiveTenThousandths, ()) {
  // Budgets ending at h ∈ [5e-4, 1e-3] (the switch to settled is at 3.6e-4;
  // 5e-4 leaves room for the noise); the ladder's finest given rung lies in
  // [1.25e-3, 6.25e-3].
  const Study s = h_log_h(5e-4, 1e-3);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.finest_h >= 5e-4);
  RC_ASSERT(r.fit.verdict == FitVerdict::pre_asymptotic);
}

RC_GTEST_PROP(VerdictRule, HLogHFailsOrderOneWithSettledLocalOrdersBelowATenThousandth, ()) {
  // Budgets ending in [4e-9, 1e-4]: 4e-9 stays a halving above e^-20.
  const Study s = h_log_h(4e-9, 1e-4);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::fail);
  RC_ASSERT(r.fit.settled);
  RC_ASSERT(r.fit.order >= 0.8 && r.fit.order <= 0.95);
}

// ---- 5. A transient bump C h (1 + b exp(−ln²(h/h0) / w²)) ------------------
// Local order 1 + b g'(x) / (1 + b g(x)), x = ln(h/h0), |g'| ≤ 0.86 / w: a
// dip below 1 above h0, an overshoot below it, gone a few w below h0. Range:
// w ∈ [0.3, 1] (the bump's half-width up to e¹ in h, 1.4 halvings),
// b ∈ [0.1, 2], h0 ∈ [1e-4, 1e-2], C ∈ [0.1, 10], 6–8 given rungs ending
// inside the bump (h_g ∈ h0 · [e^-w, e^w]).
struct Bump {
  Study s;
  double h0 = 0, w = 0;
};

Bump bump() {
  Bump c;
  Study& s = c.s;
  c.h0 = *log_uniform(1e-4, 1e-2);
  c.w = *uniform(0.3, 1);
  const double b = *uniform(0.1, 2), C = *log_uniform(0.1, 10);
  s.given = *in_range(6, 9);
  const double h_g = c.h0 * std::exp(c.w * *uniform(-1, 1));
  s.h_top = h_g * std::exp2(s.given - 1);
  s.claim = 1;
  const double h0 = c.h0, w = c.w;
  s.error = [C, b, h0, w](double h) {
    const double x = std::log(h / h0);
    return C * h * (1 + b * std::exp(-x * x / (w * w)));
  };
  s.family = "C h (1 + b exp(-ln^2(h/h0)/w^2)), " +
             fmt_params({{"C", C}, {"b", b}, {"h0", h0}, {"w", w}, {"ln(h_g/h0)/w", std::log(h_g / h0) / w}});
  draw_noise(s);
  return c;
}

RC_GTEST_PROP(VerdictRule, ATransientBumpPassesOnceTheBudgetReachesWellBelowIt, ()) {
  Bump c = bump();
  // Well below: the last four local orders span h ∈ [h_b, 16 h_b] and
  // 16 h_b ≤ h0 e^{-3w} (the bump term there is below b · 6/w · e^-9).
  const double target = c.h0 * std::exp(-3 * c.w) / 16 * std::exp2(-*uniform(0, 4));
  const double h_g = finest_given(c.s);
  c.s.h_budget = h_g * std::exp2(-std::ceil(std::log2(h_g / target)));
  const Outcome r = drive(c.s);
  RC_LOG() << describe(c.s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::pass);
}

RC_GTEST_PROP(VerdictRule, ATransientBumpIsNeverFailedWhenTheBudgetEndsInsideIt, ()) {
  Bump c = bump();
  const double target = c.h0 * std::exp(c.w * *uniform(-2, 1));
  const double h_g = finest_given(c.s);
  c.s.h_budget = h_g * std::exp2(-std::max(0.0, std::floor(std::log2(h_g / target))));
  const Outcome r = drive(c.s);
  RC_LOG() << describe(c.s, r);
  RC_ASSERT(r.fit.verdict != FitVerdict::fail);
}

// ---- 6. The noise floor ---------------------------------------------------
// C h^p with a noise floor F between rungs r_F − 1 and r_F (errors below
// 10 F are replaced by garbage under 10 F, unrelated to the family). The
// claim lies 0.15–1 above p, so the rule refines until something stops it:
// the first rung below the floor must stop the loop, and the verdict must
// be the one the points above the floor give. Range: p ∈ [0.5, 2],
// C ∈ [0.01, 100], h_top ∈ [0.01, 1], 3–6 given rungs, r_F ∈ [5, given + 8],
// a budget of 30 halvings.
RC_GTEST_PROP(VerdictRule, TheLoopStopsAtTheNoiseFloorAndNoVerdictRestsOnPointsBelowIt, ()) {
  Study s = power_law(0.15, 1.0, *rc::gen::arbitrary<bool>());
  s.given = *in_range(3, 7);
  const int r_floor = *in_range(5, s.given + 9);
  s.h_budget = finest_given(s) * std::exp2(-30);
  const Family e = s.error;
  // e(h) ≥ 10 F · 2^{p/2} (1 − η) > 10 F at rung r_F − 1; below 10 F at r_F.
  s.noise_floor = e(s.h_top * std::exp2(-(r_floor - 0.5))) / 10;
  s.below = *rc::gen::container<std::vector<double>>(80, uniform(0, 0.999));
  s.family += ", noise floor crossed between rungs " + std::to_string(r_floor - 1) + " and " + std::to_string(r_floor);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  const double cut = FitOptions{}.floor_factor * s.noise_floor;
  // The loop refines (the claim is not yet shown either way) until a settled
  // fail, which is final (issue 44), or the first new rung below the floor,
  // which ends it; no rung runs after either.
  const bool by_floor = r.fit.refinement.stop.find("noise floor") != std::string::npos;
  RC_ASSERT(by_floor || r.fit.verdict == FitVerdict::fail);
  if (by_floor) {
    RC_ASSERT(r.points.size() > static_cast<std::size_t>(s.given));
    RC_ASSERT(r.points.back().error < cut);
  }
  for (std::size_t i = static_cast<std::size_t>(s.given); i + 1 < r.points.size(); ++i)
    RC_ASSERT(r.points[i].error >= cut);
  for (int i : r.fit.used) RC_ASSERT(r.points[static_cast<std::size_t>(i)].error >= cut);
  const double h_floor = s.h_top * std::exp2(-r_floor);
  for (const auto& l : r.fit.local_orders) RC_ASSERT(l.h_small > h_floor * 1.5);
  // The verdict is the one the points above the floor give on their own.
  std::vector<OrderPoint> above;
  for (const auto& p : r.points)
    if (p.error >= cut) above.push_back(p);
  FitOptions o;
  o.expected_order = s.claim;
  o.expected_is_sharp = s.sharp;
  const OrderFit alone = fit_order(above, o);
  RC_ASSERT(alone.verdict == r.fit.verdict);
  RC_ASSERT(alone.order == r.fit.order);
  // And it is the power law's: fail when at least 5 points lie above the floor.
  if (r_floor >= 5) RC_ASSERT(r.fit.verdict == FitVerdict::fail);
}

// ---- 7. Jitter (issue 32): C h^p (1 + σ ε_i) ------------------------------
// Event jitter where contacts switch: one ε_i ∈ [−1, 1] per rung, σ ≤ 0.05,
// so a local order scatters by up to ±2σ/ln 2 ≈ ±0.14 (standard deviation
// ≈ 0.06). The rule measures it (residuals of log e about a curvature fit
// over the 6 finest points) and carries it into the interval: at most
// t_{0.975,3} · 1.23 · σ_log ≈ 0.11 at the finest step, so the interval
// stays well under 0.5 wide and reaches p. A false drift (the curvature test
// at the 95 % level) delays the pass by a rung; the budget gives 4–8 rungs.
// Range: the power-law family's p, C, h_top; 5–8 given rungs.
Study jittered_power_law(bool sharp) {
  Study s = power_law(0, 0, sharp);
  s.given = *in_range(5, 9);
  s.h_budget = finest_given(s) * std::exp2(-*in_range(4, 9));
  s.eta = *uniform(0, 0.05);
  s.family += ", jitter sigma = " + std::to_string(s.eta);
  return s;
}

RC_GTEST_PROP(VerdictRule, AJitteredPowerLawPassesItsOrder, ()) {
  const Study s = jittered_power_law(*rc::gen::arbitrary<bool>());
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict == FitVerdict::pass);
  RC_ASSERT(r.fit.ci_high - r.fit.ci_low <= FitOptions{}.max_ci_width);
}

// The crossover (family 3) with the same jitter: never a pass of order 1,
// whatever the budget. Below h_c the local orders fall under 0.75 and the
// jitter-widened interval stays below 1; above it the curvature test, or
// failing that the interval of the finest step's trend line, holds it back.
RC_GTEST_PROP(VerdictRule, AJitteredCrossoverToHalfOrderIsNeverPassedAsOrderOne, ()) {
  Crossover c = crossover(-3, 21);
  c.s.eta = *uniform(0, 0.05);
  c.s.family += ", jitter sigma = " + std::to_string(c.s.eta);
  const Outcome r = drive(c.s);
  RC_LOG() << describe(c.s, r);
  RC_ASSERT(r.fit.verdict != FitVerdict::pass);
}

// ---- 8. Scatter by ±1 around p: never a pass ------------------------------
// Local orders p + δ_i with |δ_i| ∈ [0.5, 1] (issue 32's Venel on the crowd:
// 1.04, 0.37, 1.48, −0.74, 2.31, …). With signs alternating (random phase)
// the scatter is around p in every window: no claim of p, one-sided or
// sharp, passes. With random signs a run of equal signs is a settled order
// p ± 0.75 for a while, which a one-sided claim may rightly pass when above
// it, so random signs are tested against a sharp claim. Range: p ∈ [0.5, 2],
// 5–8 given rungs, budgets of 0–10 halvings.
Study scattered(bool alternating, bool sharp) {
  Study s;
  const double p = *uniform(0.5, 2), C = *log_uniform(0.01, 100);
  s.h_top = *log_uniform(0.01, 1);
  s.given = *in_range(5, 9);
  s.h_budget = finest_given(s) * std::exp2(-*in_range(0, 11));
  s.claim = p;
  s.sharp = sharp;
  const auto mags = *rc::gen::container<std::vector<double>>(80, uniform(0.5, 1));
  std::vector<bool> signs = *rc::gen::container<std::vector<bool>>(80, rc::gen::arbitrary<bool>());
  const bool phase = *rc::gen::arbitrary<bool>();
  if (alternating)
    for (std::size_t i = 0; i < signs.size(); ++i) signs[i] = (i % 2 == 0) == phase;
  // log2 e at rung i: log2 C + p log2 h_top − Σ_{j<i} (p + δ_j).
  std::vector<double> log2e = {std::log2(C) + p * std::log2(s.h_top)};
  for (std::size_t i = 0; i < mags.size(); ++i) log2e.push_back(log2e.back() - (p + (signs[i] ? 1 : -1) * mags[i]));
  const double h_top = s.h_top;
  s.error = [log2e, h_top](double h) {
    const auto i = static_cast<std::size_t>(std::clamp<long>(std::lround(std::log2(h_top / h)), 0, 79));
    return std::exp2(log2e[i]);
  };
  s.family = std::string("local orders p ± [0.5, 1], ") + (alternating ? "alternating signs, " : "random signs, ") +
             fmt_params({{"C", C}, {"p", p}});
  return s;
}

RC_GTEST_PROP(VerdictRule, LocalOrdersScatteredByOneAroundTheClaimNeverPass, ()) {
  const Study s = scattered(true, *rc::gen::arbitrary<bool>());
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict != FitVerdict::pass);
}

RC_GTEST_PROP(VerdictRule, LocalOrdersScatteredByOneWithRandomSignsNeverPassASharpClaim, ()) {
  const Study s = scattered(false, true);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.verdict != FitVerdict::pass);
}

// ---- 9. Order 1 cut off by a floor after 3–5 points ------------------------
// C h (1 + η u), η ≤ 1e-3, with an h floor just below the given ladder's
// finest rung: refinement cannot run, and the points that exist are judged.
// No drift can be shown (3 points: none; 4–5: the curvature test), so a
// claim of 1 passes, one-sided or sharp, and the reason says the floor ended
// refinement. The same cut-off of a crossover ladder (family 3, local orders
// ≤ 0.87) never passes order 1.
RC_GTEST_PROP(VerdictRule, OrderOneCutOffByAFloorAfterThreeToFivePointsPasses, ()) {
  Study s = power_law(0, 0, *rc::gen::arbitrary<bool>());
  s.claim = 1;
  const double C = *log_uniform(0.01, 100);
  s.error = [C](double h) { return C * h; };
  s.family = "C h cut off by an h floor, " + fmt_params({{"C", C}});
  s.given = *in_range(3, 6);
  s.h_floor = finest_given(s) * 0.7;
  s.h_budget = finest_given(s) * std::exp2(-8);
  const Outcome r = drive(s);
  RC_LOG() << describe(s, r);
  RC_ASSERT(r.fit.refinement.rungs == 0);
  RC_ASSERT(r.fit.verdict == FitVerdict::pass);
  if (s.given < 5) {  // fewer than 4 local orders: only the floor lets them be judged
    RC_ASSERT(r.fit.refinement.ended_by_floor);
    RC_ASSERT(r.fit.reason.find("floor ended refinement") != std::string::npos);
  }
}

RC_GTEST_PROP(VerdictRule, ACrossoverCutOffByAFloorAfterThreeToFivePointsNeverPasses, ()) {
  Crossover c = crossover(-3, 21);
  const double h_g = finest_given(c.s);
  c.s.given = *in_range(3, 6);
  c.s.h_top = h_g * std::exp2(c.s.given - 1);  // the same finest rung h_g
  c.s.h_floor = finest_given(c.s) * 0.7;
  const Outcome r = drive(c.s);
  RC_LOG() << describe(c.s, r);
  RC_ASSERT(r.fit.verdict != FitVerdict::pass);
}

// ---- Negative control -----------------------------------------------------
// A rule without settling, without a window and without refinement: the
// symmetric interval of the least-squares fit over the whole given ladder
// decides (pass when the claim lies in it, or below it for a one-sided
// claim). It passes a crossover whose local orders drift from 1 toward ½
// when the ladder's top rungs pull the slope, and the drift its interval
// up, to the claim.
OrderFit interval_only_rule(std::vector<OrderPoint>& points, const FitOptions& given, const RefineOptions&,
                            const RunAt&) {
  const FitOptions& o = given;
  OrderFit f = fit_order(points, o);
  // Every given point in the fit: least squares of log e on log h.
  const double n = double(points.size());
  double mx = 0, my = 0;
  for (const auto& p : points) {
    mx += std::log(p.h) / n;
    my += std::log(p.error) / n;
  }
  double sxx = 0, sxy = 0;
  for (const auto& p : points) {
    sxx += (std::log(p.h) - mx) * (std::log(p.h) - mx);
    sxy += (std::log(p.h) - mx) * (std::log(p.error) - my);
  }
  const double slope = sxy / sxx;
  double ssr = 0;
  for (const auto& p : points) {
    const double r = std::log(p.error) - my - slope * (std::log(p.h) - mx);
    ssr += r * r;
  }
  const double t_interval = 2.0 * std::sqrt(ssr / (n - 2) / sxx);  // t_{0.975} ≈ 2 for ten points
  f.order = slope;
  // The interval of issue 23's rule without its settling: slope ± the largest
  // of the t-interval, |slope − local order of the two smallest steps| and the
  // resolution (symmetric, so a drift down widens it up as well).
  const double half = std::max({t_interval, std::abs(slope - f.local_orders.back().order), o.resolution});
  f.ci_low = f.order - half;
  f.ci_high = f.order + half;
  const double p = o.expected_order;
  const bool in = f.ci_low <= p && p <= f.ci_high;
  const bool above = !o.expected_is_sharp && f.ci_low > p;
  f.verdict = in || above ? FitVerdict::pass : FitVerdict::fail;
  return f;
}

// A fixed case: h_c = 1e-4, C = 1, D = 0.01, 10 given rungs from 4096 h_c
// down to 8 h_c (local orders 0.991 … 0.885), a budget of 6 halvings. The
// broken rule fits all ten points: order 0.957, interval [0.885, 1.029],
// pass. The rule refines to h_c / 8 and says unsettled (local orders 0.81 …
// 0.65, trend −0.041 per halving).
Crossover fixed_crossover() {
  Crossover c;
  c.h_c = 1e-4;
  const double C = 1, D = C * std::sqrt(c.h_c);
  c.s.given = 10;
  c.s.h_top = 8 * c.h_c * std::exp2(c.s.given - 1);
  c.s.h_budget = 8 * c.h_c / 64;
  c.s.claim = 1;
  c.s.error = [C, D](double h) { return C * h + D * std::sqrt(h); };
  c.s.family = "C h + D h^(1/2), C = 1, D = 0.01, h_c = 1e-4 (fixed case)";
  return c;
}

TEST(VerdictRuleNegativeControl, ARuleWithoutSettlingOrRefinementPassesACrossoverToHalfOrder) {
  const Crossover c = fixed_crossover();
  std::string broken_log, rule_log;
  EXPECT_FALSE(crossover_never_passes(c, interval_only_rule, &broken_log))
      << "the broken rule was expected to pass order 1 here:\n" << broken_log;
  EXPECT_TRUE(crossover_never_passes(c, the_rule, &rule_log)) << rule_log;
  // The same property over random crossovers: the broken rule violates it.
  const bool passed = rc::check("interval-only rule never passes a crossover (expected to FAIL)", [] {
    const Crossover r = crossover(-3, 21);
    RC_ASSERT(crossover_never_passes(r, interval_only_rule));
  });
  EXPECT_FALSE(passed);
}

}  // namespace
}  // namespace sweepcheck
