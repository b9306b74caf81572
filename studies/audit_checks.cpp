#include "studies/audit_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sweepcheck {

std::string to_string(CheckVerdict v) {
  switch (v) {
    case CheckVerdict::pass: return "PASS";
    case CheckVerdict::fail: return "FAIL";
    case CheckVerdict::inconclusive: return "INCONCLUSIVE";
    case CheckVerdict::info: return "INFO";
  }
  return "?";
}

CheckVerdict worst(CheckVerdict a, CheckVerdict b) {
  auto rank = [](CheckVerdict v) {
    switch (v) {
      case CheckVerdict::fail: return 3;
      case CheckVerdict::inconclusive: return 2;
      case CheckVerdict::pass: return 1;
      case CheckVerdict::info: return 0;
    }
    return 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

namespace {

OrderFit slope_fit(const MeasuredSeries& s, const AuditThresholds& th, double floor_factor) {
  FitOptions o = th.fit;
  o.expected_order = std::numeric_limits<double>::quiet_NaN();
  o.floor_factor = floor_factor;
  return fit_order(s, o);
}

std::string interval(const OrderFit& f) {
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] over h in [{:.2g}, {:.2g}] ({} points)", f.order, f.ci_low, f.ci_high,
                     f.h_min, f.h_max, f.points_used);
}

}  // namespace

Judgement judge_convergence(const MeasuredSeries& error, double claimed, const AuditThresholds& th) {
  Judgement j;
  FitOptions o = th.fit;
  o.expected_order = claimed;
  j.fit = fit_order(error, o);
  const OrderFit& f = j.fit;
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no order fit: " + f.reason;
    return j;
  }
  if (f.ci_high < th.min_order) {
    j.verdict = CheckVerdict::fail;
    j.evidence = fmt::format("the error does not tend to 0 at a rate >= {:g}: order {}", th.min_order, interval(f));
    return j;
  }
  if (std::isnan(claimed)) {
    j.verdict = f.ci_low >= th.min_order ? CheckVerdict::pass : CheckVerdict::inconclusive;
    j.evidence = fmt::format("no order claimed; order {} (needs >= {:g})", interval(f), th.min_order);
    return j;
  }
  switch (f.verdict) {
    case Verdict::pass: j.verdict = CheckVerdict::pass; break;
    case Verdict::fail: j.verdict = CheckVerdict::fail; break;
    default: j.verdict = CheckVerdict::inconclusive; break;
  }
  j.evidence = fmt::format("order {} vs claimed {:g}", interval(f), claimed);
  return j;
}

Judgement judge_violation(const MeasuredSeries& v, const AuditThresholds& th) {
  Judgement j;
  // Zero violation: the smallest steps leave the set exactly (round-off).
  std::vector<OrderPoint> by_h = v;
  std::sort(by_h.begin(), by_h.end(), [](const auto& a, const auto& b) { return a.h < b.h; });
  int zero = 0, considered = 0;
  for (const auto& p : by_h) {
    if (!p.usable) continue;
    if (++considered > th.zero_rungs) break;
    if (p.error <= th.zero_violation * p.noise_floor) ++zero;
  }
  double k_max = 0;
  for (const auto& p : v)
    if (p.usable && p.h > 0) k_max = std::max(k_max, p.error / p.h);
  if (considered >= th.zero_rungs && zero == th.zero_rungs) {
    j.verdict = CheckVerdict::pass;
    j.evidence = fmt::format("zero violation (at round-off) at the {} smallest steps; max_h violation/h = {:.3g}",
                             th.zero_rungs, k_max);
    return j;
  }
  j.fit = slope_fit(v, th, th.zero_violation);
  const OrderFit& f = j.fit;
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no slope fit for the violation: " + f.reason;
    return j;
  }
  j.verdict = f.ci_high >= th.violation_order ? CheckVerdict::pass : CheckVerdict::fail;
  j.evidence = fmt::format("violation ~ h^{} (13) needs >= {:g}; max_h violation/h = {:.3g}", interval(f),
                           th.violation_order, k_max);
  return j;
}

Judgement judge_step_bound(const MeasuredSeries& m, const AuditThresholds& th) {
  Judgement j;
  double m_max = 0;
  for (const auto& p : m)
    if (p.usable) m_max = std::max(m_max, p.error);
  j.fit = slope_fit(m, th, 0);
  const OrderFit& f = j.fit;
  if (!std::isfinite(m_max)) {
    j.verdict = CheckVerdict::fail;
    j.evidence = "a step was not finite";
    return j;
  }
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no slope fit for max|x_{k+1}-x_k|/h: " + f.reason;
    return j;
  }
  j.verdict = f.ci_high >= th.step_bound_slope ? CheckVerdict::pass : CheckVerdict::fail;
  j.evidence = fmt::format("max_k |x_(k+1) - x_k|/h ~ h^{} (bounded needs >= {:g}); largest value {:.3g}", interval(f),
                           th.step_bound_slope, m_max);
  return j;
}

Judgement judge_large_steps(const std::vector<LargeStepRun>& runs, double bound, const AuditThresholds&) {
  Judgement j;
  j.verdict = runs.empty() ? CheckVerdict::inconclusive : CheckVerdict::pass;
  double worst_error = 0, worst_h = 0;
  for (const auto& r : runs) {
    if (r.diverged || !std::isfinite(r.error)) {
      j.verdict = CheckVerdict::fail;
      j.evidence = fmt::format("h = {:.3g}: the run diverged (non-finite or blown-up state)", r.h);
      return j;
    }
    if (r.error > worst_error) {
      worst_error = r.error;
      worst_h = r.h;
    }
    if (r.error > bound) {
      j.verdict = CheckVerdict::fail;
      j.evidence = fmt::format("h = {:.3g}: error {:.3g} exceeds the bound {:.3g}", r.h, r.error, bound);
      return j;
    }
    if (r.capped) j.verdict = worst(j.verdict, CheckVerdict::inconclusive);
  }
  j.evidence = fmt::format("largest error {:.3g} (at h = {:.3g}) <= bound {:.3g}{}", worst_error, worst_h, bound,
                           j.verdict == CheckVerdict::inconclusive ? "; an inner solver hit its cap" : "");
  return j;
}

Judgement judge_consistency(const MeasuredSeries& d, const AuditThresholds& th) {
  Judgement j;
  bool all_zero = !d.empty();
  for (const auto& p : d) all_zero = all_zero && p.usable && p.error <= p.noise_floor;
  if (all_zero) {
    j.verdict = CheckVerdict::pass;
    j.evidence = "the consistency defect is at round-off level at every probe step";
    return j;
  }
  j.fit = slope_fit(d, th, 1);
  const OrderFit& f = j.fit;
  double at_min = std::numeric_limits<double>::quiet_NaN(), h_min = std::numeric_limits<double>::infinity();
  for (const auto& p : d)
    if (p.usable && p.h < h_min) {
      h_min = p.h;
      at_min = p.error;
    }
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no slope fit for the consistency defect: " + f.reason;
    return j;
  }
  if (f.ci_low >= th.min_consistency_rate)
    j.verdict = CheckVerdict::pass;
  else if (f.ci_high < th.min_consistency_rate)
    j.verdict = CheckVerdict::fail;
  else
    j.verdict = CheckVerdict::inconclusive;
  j.evidence = fmt::format("defect dist((Phi_h(y)-y)/h - f(y), -N) ~ h^{} (needs >= {:g}); {:.3g} at h = {:.2g}",
                           interval(f), th.min_consistency_rate, at_min, h_min);
  return j;
}

}  // namespace sweepcheck
