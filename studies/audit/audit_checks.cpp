#include "studies/audit/audit_checks.hpp"

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
    case CheckVerdict::pre_asymptotic: return "PRE-ASYMPTOTIC";
    case CheckVerdict::unsettled: return "UNSETTLED";
  }
  return "?";
}

CheckVerdict worst(CheckVerdict a, CheckVerdict b) {
  auto rank = [](CheckVerdict v) {
    switch (v) {
      case CheckVerdict::fail: return 5;
      case CheckVerdict::unsettled: return 4;
      case CheckVerdict::pre_asymptotic: return 3;
      case CheckVerdict::inconclusive: return 2;
      case CheckVerdict::pass: return 1;
      case CheckVerdict::info: return 0;
    }
    return 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

namespace {

// The one slope rule of the audit (fit_order.md): a one-sided claim on the
// slope, refined while pre-asymptotic when more data can be had.
OrderFit judged_fit(MeasuredSeries& s, const AuditThresholds& th, double floor_factor, double expected, bool sharp,
                    const Refiner& more) {
  FitOptions o = th.fit;
  o.expected_order = expected;
  o.expected_is_sharp = sharp;
  o.floor_factor = floor_factor;
  if (!more) return fit_order(s, o);
  return refine_fit(s, o, th.refine, more);
}

std::string interval(const OrderFit& f) {
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] over h in [{:.2g}, {:.2g}] ({} points)", f.order, f.ci_low, f.ci_high,
                     f.h_min, f.h_max, f.points_used);
}

std::string refinement(const OrderFit& f) {
  if (f.refined_rungs == 0 && f.refinement_stop.empty()) return "";
  return fmt::format("; refined by {} rungs to h = {:.2g} ({})", f.refined_rungs, f.finest_h, f.refinement_stop);
}

CheckVerdict check_verdict(Verdict v) {
  switch (v) {
    case Verdict::pass: return CheckVerdict::pass;
    case Verdict::fail: return CheckVerdict::fail;
    case Verdict::inconclusive: return CheckVerdict::inconclusive;
    case Verdict::pre_asymptotic: return CheckVerdict::pre_asymptotic;
    case Verdict::unsettled: return CheckVerdict::unsettled;
    case Verdict::none_claimed: return CheckVerdict::info;
  }
  return CheckVerdict::inconclusive;
}

}  // namespace

Judgement judge_convergence(MeasuredSeries error, double claimed, const AuditThresholds& th, const Refiner& more,
                            bool sharp) {
  Judgement j;
  // Without a claim, the claim is the audit's: order >= min_order.
  const bool none = std::isnan(claimed);
  j.fit = judged_fit(error, th, th.fit.floor_factor, none ? th.min_order : claimed, !none && sharp, more);
  const OrderFit& f = j.fit;
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no order fit: " + f.reason + refinement(f);
    return j;
  }
  if (none && f.verdict == Verdict::fail) {
    j.verdict = CheckVerdict::fail;
    j.evidence = fmt::format("the error does not tend to 0 at a rate >= {:g}: order {}{}", th.min_order, interval(f),
                             refinement(f));
    return j;
  }
  j.verdict = check_verdict(f.verdict);
  if (none)
    j.evidence = fmt::format("no order claimed; order {} (needs >= {:g}){}", interval(f), th.min_order, refinement(f));
  else
    j.evidence = fmt::format("order {} vs claimed {}{:g}{}", interval(f), sharp ? "= " : ">= ", claimed, refinement(f));
  // One-sided claims (fit_order.md): an error falling faster than claimed passes, and says so.
  if (!none && f.verdict == Verdict::pass && f.ci_low > claimed) j.evidence += "; exceeds the claim";
  if (f.verdict == Verdict::pre_asymptotic || f.verdict == Verdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

namespace {

// Whether the `rungs` smallest usable steps of `s` (there must be that
// many) all have error <= factor × their noise floor: the quantity is at
// round-off there. The rule of a zero violation (check 2) and of a
// consistency defect at round-off (check 5).
bool at_round_off_at_smallest_steps(const MeasuredSeries& s, int rungs, double factor) {
  std::vector<OrderPoint> by_h = s;
  std::sort(by_h.begin(), by_h.end(), [](const auto& a, const auto& b) { return a.h < b.h; });
  int zero = 0, considered = 0;
  for (const auto& p : by_h) {
    if (!p.usable) continue;
    if (++considered > rungs) break;
    if (p.error <= factor * p.noise_floor) ++zero;
  }
  return considered >= rungs && zero == rungs;
}

}  // namespace

Judgement judge_violation(MeasuredSeries v, const AuditThresholds& th, const Refiner& more) {
  Judgement j;
  double k_max = 0;
  for (const auto& p : v)
    if (p.usable && p.h > 0) k_max = std::max(k_max, p.error / p.h);
  // Zero violation: the smallest steps leave the set exactly (round-off).
  if (at_round_off_at_smallest_steps(v, th.zero_rungs, th.zero_violation)) {
    j.verdict = CheckVerdict::pass;
    j.evidence = fmt::format("zero violation (at round-off) at the {} smallest steps; max_h violation/h = {:.3g}",
                             th.zero_rungs, k_max);
    return j;
  }
  // (13) is "violation / h bounded": judge the ratio (audit_thresholds.hpp).
  MeasuredSeries ratio;
  for (const auto& p : v) ratio.push_back({p.h, p.error / p.h, p.noise_floor / p.h, p.usable, p.cost, p.seconds});
  Refiner ratio_more;
  if (more)
    ratio_more = [&](double h) {
      OrderPoint p = more(h);
      return OrderPoint{p.h, p.error / p.h, p.noise_floor / p.h, p.usable, p.cost, p.seconds};
    };
  j.fit = judged_fit(ratio, th, th.zero_violation, th.bounded_ratio_slope, false, ratio_more);
  const OrderFit& f = j.fit;
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no slope fit for violation/h: " + f.reason + refinement(f);
    return j;
  }
  for (const auto& p : ratio)
    if (p.usable) k_max = std::max(k_max, p.error);
  j.verdict = check_verdict(f.verdict);
  j.evidence = fmt::format("violation/h ~ h^{} (13): bounded needs a slope >= {:g}; max_h violation/h = {:.3g}{}",
                           interval(f), th.bounded_ratio_slope, k_max, refinement(f));
  if (f.verdict == Verdict::pre_asymptotic || f.verdict == Verdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

Judgement judge_step_bound(MeasuredSeries m, const AuditThresholds& th, const Refiner& more) {
  Judgement j;
  double m_max = 0;
  for (const auto& p : m)
    if (p.usable) m_max = std::max(m_max, p.error);
  if (!std::isfinite(m_max)) {
    j.verdict = CheckVerdict::fail;
    j.evidence = "a step was not finite";
    return j;
  }
  j.fit = judged_fit(m, th, 0, th.bounded_ratio_slope, false, more);
  const OrderFit& f = j.fit;
  for (const auto& p : m)
    if (p.usable) m_max = std::max(m_max, p.error);
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no slope fit for max|x_{k+1}-x_k|/h: " + f.reason + refinement(f);
    return j;
  }
  j.verdict = check_verdict(f.verdict);
  j.evidence = fmt::format("max_k |x_(k+1) - x_k|/h ~ h^{} (14): bounded needs a slope >= {:g}; largest value {:.3g}{}",
                           interval(f), th.bounded_ratio_slope, m_max, refinement(f));
  if (f.verdict == Verdict::pre_asymptotic || f.verdict == Verdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

Judgement judge_large_steps(const std::vector<LargeStepRun>& runs, double bound, const AuditThresholds&) {
  Judgement j;
  j.verdict = runs.empty() ? CheckVerdict::inconclusive : CheckVerdict::pass;
  auto bad = [bound](const LargeStepRun& r) { return r.diverged || !std::isfinite(r.error) || r.error > bound; };
  auto from = [](double size) {
    return size == 0 ? std::string("from the given start")
                     : fmt::format("from the start perturbed by {:g} (relative to max(1, |x0|), seeded direction)", size);
  };
  // The failing run with the smallest perturbation (the given start first),
  // the largest step first among those (the runs come in that order).
  const LargeStepRun* fail = nullptr;
  double worst_error = 0, worst_h = 0, worst_size = 0, given_worst = 0;
  std::vector<double> sizes;
  for (const auto& r : runs) {
    if (std::find(sizes.begin(), sizes.end(), r.perturbation) == sizes.end()) sizes.push_back(r.perturbation);
    if (bad(r)) {
      if (!fail || r.perturbation < fail->perturbation) fail = &r;
      continue;
    }
    if (r.perturbation == 0) given_worst = std::max(given_worst, r.error);
    if (r.error > worst_error) {
      worst_error = r.error;
      worst_h = r.h;
      worst_size = r.perturbation;
    }
    if (r.capped) j.verdict = worst(j.verdict, CheckVerdict::inconclusive);
  }
  if (fail) {
    j.verdict = CheckVerdict::fail;
    j.evidence = fail->diverged || !std::isfinite(fail->error)
                     ? fmt::format("h = {:.3g} {}: the run diverged (non-finite or blown-up state)", fail->h,
                                   from(fail->perturbation))
                     : fmt::format("h = {:.3g} {}: error {:.3g} exceeds the bound {:.3g}", fail->h,
                                   from(fail->perturbation), fail->error, bound);
    if (fail->perturbation > 0)
      j.evidence += fmt::format("; from the given start every run stayed within the bound (largest error {:.3g}): "
                                "the instability needs a seed",
                                given_worst);
    return j;
  }
  const auto perturbed = std::count_if(sizes.begin(), sizes.end(), [](double s) { return s > 0; });
  j.evidence = fmt::format("largest error {:.3g} (at h = {:.3g}, {}) <= bound {:.3g}", worst_error, worst_h,
                           from(worst_size), bound);
  if (perturbed > 0) j.evidence += fmt::format(", over the given start and {} perturbed starts", perturbed);
  if (j.verdict == CheckVerdict::inconclusive) j.evidence += "; an inner solver hit its cap";
  return j;
}

Judgement judge_consistency(MeasuredSeries d, const AuditThresholds& th, const Refiner& more) {
  Judgement j;
  // At round-off at the zero_rungs smallest probe steps: the defect has
  // reached 0 within resolution, which is (15); the same rule as a zero
  // violation in check 2 (a defect that tends to a non-zero limit, as an
  // inconsistent step's does, stays above the floor there). Venel's step
  // is consistent to round-off on the crease from h ~ 0.05 on.
  if (at_round_off_at_smallest_steps(d, th.zero_rungs, 1)) {
    j.verdict = CheckVerdict::pass;
    j.evidence = fmt::format("the consistency defect is at round-off level at the {} smallest probe steps",
                             th.zero_rungs);
    return j;
  }
  j.fit = judged_fit(d, th, 1, th.min_consistency_rate, false, more);
  const OrderFit& f = j.fit;
  double at_min = std::numeric_limits<double>::quiet_NaN(), h_min = std::numeric_limits<double>::infinity();
  for (const auto& p : d)
    if (p.usable && p.h < h_min) {
      h_min = p.h;
      at_min = p.error;
    }
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no slope fit for the consistency defect: " + f.reason + refinement(f);
    return j;
  }
  j.verdict = check_verdict(f.verdict);
  j.evidence = fmt::format("defect dist((Phi_h(y)-y)/h - f(y), -N) ~ h^{} (needs >= {:g}); {:.3g} at h = {:.2g}{}",
                           interval(f), th.min_consistency_rate, at_min, h_min, refinement(f));
  if (f.verdict == Verdict::pre_asymptotic || f.verdict == Verdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

Judgement judge_reference_free(const RichardsonEstimate& e, const AuditThresholds& th) {
  Judgement j;
  j.evidence = "reference-free, " + describe(e) + ": " + e.reason;
  switch (e.verdict) {
    case Verdict::pass: j.verdict = CheckVerdict::pass; break;
    case Verdict::fail: j.verdict = CheckVerdict::fail; break;
    case Verdict::none_claimed:
      j.verdict = e.asymptotic ? (e.order >= th.min_order ? CheckVerdict::pass : CheckVerdict::fail)
                               : CheckVerdict::inconclusive;
      if (e.asymptotic) j.evidence += fmt::format(" (needs >= {:g})", th.min_order);
      break;
    default: j.verdict = CheckVerdict::inconclusive; break;
  }
  return j;
}

}  // namespace sweepcheck
