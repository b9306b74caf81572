#pragma once
// Check 3, step bound (seed 000, Definition 2.8, (14)): M(h) = max_k
// |x_{k+1} − x_k| / h stays bounded as h -> 0 (audit_thresholds.hpp says
// how it is judged). What it tests and why: studies/audit/audit.md.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"
#include "studies/audit/checks/slope_rule.hpp"

namespace sweepcheck {

// max_k |x_{k+1} − x_k| / h vs h, (14): bounded.
inline Judgement judge_step_bound(MeasuredSeries m, const AuditThresholds& th, const Refiner& more = {}) {
  using namespace slope_rule;
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
  if (f.verdict == FitVerdict::pre_asymptotic || f.verdict == FitVerdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

namespace step_bound_check {

// A ladder row as a point of the M(h) series (a run that ended early is not used).
inline OrderPoint point(const RunRow& r) {
  return OrderPoint{r.h, r.max_increment / r.h, 0.0, !ended_early(r.status), r.rung_work_units(), r.wall_seconds};
}

inline CheckOutcome on_problem(const ProblemRows& p, const AuditThresholds& th) {
  MeasuredSeries m;
  for (const auto& r : p.ladder) m.push_back(point(r));
  Refiner more;
  if (p.more_ladder) more = [&p](double h) { return point(p.more_ladder(h)); };
  return {judge_step_bound(std::move(m), th, more), {}};
}

}  // namespace step_bound_check

inline constexpr Check kStepBoundCheck{
    .id = "step-bound",
    .title = "Step bound",
    .theorem = "seed 000, Definition 2.8, (14)",
    .tags = per_problem | slope | figure,
    .needs = unsigned(RunKind::ladder),
    .rests_on = RunKind::ladder,
    .on_problem = step_bound_check::on_problem,
};

}  // namespace sweepcheck
