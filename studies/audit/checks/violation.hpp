#pragma once
// Check 2, bounded constraint violation (seed 000, Definition 2.8, (13)):
// max_k d_S(x_k) <= K h, judged as "violation / h bounded"
// (audit_thresholds.hpp says how). What it tests and why: studies/audit/audit.md.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"
#include "studies/audit/checks/slope_rule.hpp"

namespace sweepcheck {

// max_k d_S(x_k) vs h, (13): violation / h bounded.
inline Judgement judge_violation(MeasuredSeries v, const AuditThresholds& th, const Refiner& more = {}) {
  using namespace slope_rule;
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
  if (f.verdict == FitVerdict::pre_asymptotic || f.verdict == FitVerdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

namespace violation_check {

// A ladder row as a point of the violation series. Its noise floor is at
// least negligible_violation h (1 + |f|) (audit_thresholds.hpp); a diverged
// run's violation is not used.
inline OrderPoint point(const ProblemRows& p, const AuditThresholds& th, const RunRow& r) {
  return OrderPoint{r.h, r.violation, std::max(r.noise_floor, th.negligible_violation * r.h * p.velocity_scale),
                    r.status != RunStatus::diverged, r.rung_work_units(), r.wall_seconds};
}

inline CheckOutcome on_problem(const ProblemRows& p, const AuditThresholds& th) {
  MeasuredSeries v;
  for (const auto& r : p.ladder) v.push_back(point(p, th, r));
  Refiner more;
  if (p.more_ladder) more = [&p, &th](double h) { return point(p, th, p.more_ladder(h)); };
  return {judge_violation(std::move(v), th, more), {}};
}

}  // namespace violation_check

inline constexpr Check kViolationCheck{
    .id = "violation",
    .title = "Bounded constraint violation",
    .theorem = "seed 000, Definition 2.8, (13)",
    .tags = per_problem | slope | figure,
    .needs = unsigned(RunKind::ladder),
    .rests_on = RunKind::ladder,
    .on_problem = violation_check::on_problem,
};

}  // namespace sweepcheck
