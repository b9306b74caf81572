#pragma once
// Check 5, consistency (seed 000, Definition 2.9, (15)): the defect of the
// step at probe points near S(t) (checks/consistency_probe.hpp) must tend to 0
// with h. What it tests and why: studies/audit/audit.md.
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"
#include "studies/audit/checks/slope_rule.hpp"

namespace sweepcheck {

// Consistency defect vs h, (15).
inline Judgement judge_consistency(MeasuredSeries d, const AuditThresholds& th, const Refiner& more = {}) {
  using namespace slope_rule;
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
  if (f.verdict == FitVerdict::pre_asymptotic || f.verdict == FitVerdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

namespace consistency_check {

inline OrderPoint point(const ProbeRow& r) { return OrderPoint{r.h, r.defect, r.floor, std::isfinite(r.defect)}; }

inline CheckOutcome on_problem(const ProblemRows& p, const AuditThresholds& th) {
  if (!p.can_probe) return {{}, "no projection onto S(t) is available for this problem"};
  MeasuredSeries d;
  for (const auto& r : p.probes) d.push_back(point(r));
  Refiner more;
  if (p.more_probes) more = [&p](double h) { return point(p.more_probes(h)); };
  return {judge_consistency(std::move(d), th, more), {}};
}

}  // namespace consistency_check

inline constexpr Check kConsistencyCheck{
    .id = "consistency",
    .title = "Consistency probe",
    .theorem = "seed 000, Definition 2.9, (15)",
    .tags = per_problem | slope | figure,
    .needs = unsigned(RunKind::probe),
    .rests_on = RunKind::probe,
    .on_problem = consistency_check::on_problem,
};

}  // namespace sweepcheck
