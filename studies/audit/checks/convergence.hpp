#pragma once
// Check 1, convergence (seed 000, Theorem 2.11 / 3.8): the uniform error
// against h, judged against the claimed order, or on a reference-free problem
// its Richardson estimate. What it tests and why: studies/audit/audit.md.
#include <cmath>

#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"
#include "studies/audit/checks/slope_rule.hpp"

namespace sweepcheck {

// Uniform error vs h against the claim (resolved: at_least, exactly or
// none). A claim at_least(p) is one-sided, "order >= p", as a convergence
// theorem bounds the error from above: a higher order passes; exactly(p)
// fails when exceeded too. The tolerance is the thresholds' (th.fit.resolution).
inline Judgement judge_convergence(MeasuredSeries error, const OrderClaim& claim, const AuditThresholds& th,
                                   const Refiner& more = {}) {
  using namespace slope_rule;
  Judgement j;
  // Without a claim, the claim is the audit's: order >= min_order.
  const bool none = !claim.judged();
  const double claimed = claim.order;
  const bool sharp = claim.sharp();
  j.fit = judged_fit(error, th, th.fit.floor_factor, none ? th.min_order : claimed, !none && sharp, more);
  const OrderFit& f = j.fit;
  if (f.points_used < th.fit.min_points || !std::isfinite(f.ci_high)) {
    j.verdict = CheckVerdict::inconclusive;
    j.evidence = "no order fit: " + f.reason + refinement(f);
    return j;
  }
  if (none && f.verdict == FitVerdict::fail) {
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
  if (!none && f.verdict == FitVerdict::pass && f.ci_low > claimed) j.evidence += "; exceeds the claim";
  if (f.verdict == FitVerdict::pre_asymptotic || f.verdict == FitVerdict::unsettled) j.evidence += ": " + f.reason;
  return j;
}

// The check on a reference-free problem: the estimate's verdict (pass /
// fail / inconclusive). Without a claim: pass when in the asymptotic range
// with order >= th.min_order, fail when in it with a lower order, otherwise
// inconclusive (the same rule as judge_convergence).
inline Judgement judge_reference_free(const RichardsonEstimate& e, const AuditThresholds& th) {
  Judgement j;
  j.evidence = "reference-free, " + describe(e) + ": " + e.reason;
  switch (e.verdict) {
    case FitVerdict::pass: j.verdict = CheckVerdict::pass; break;
    case FitVerdict::fail: j.verdict = CheckVerdict::fail; break;
    case FitVerdict::none_claimed:
      j.verdict = e.asymptotic ? (e.order >= th.min_order ? CheckVerdict::pass : CheckVerdict::fail)
                               : CheckVerdict::inconclusive;
      if (e.asymptotic) j.evidence += fmt::format(" (needs >= {:g})", th.min_order);
      break;
    default: j.verdict = CheckVerdict::inconclusive; break;
  }
  return j;
}

namespace convergence_check {

// A ladder row as a point of the error series: a sampled reference's own
// error is noise to the fit (AuditProblem::reference_error).
inline OrderPoint point(const ProblemRows& p, const RunRow& r) {
  return OrderPoint{r.h, r.error_uniform, r.noise_floor + p.reference_error, r.status == RunStatus::ok,
                    r.rung_work_units(), r.wall_seconds};
}

// A reference-free problem's order comes from its Richardson estimate
// (studies/engine/richardson.md), not refined: its errors are differences of
// successive runs, which a new rung would change.
inline CheckOutcome on_problem(const ProblemRows& p, const AuditThresholds& th) {
  if (p.reference_free) return {judge_reference_free(*p.reference_free, th), {}};
  MeasuredSeries e;
  for (const auto& r : p.ladder) e.push_back(point(p, r));
  Refiner more;
  if (p.more_ladder) more = [&p](double h) { return point(p, p.more_ladder(h)); };
  return {judge_convergence(std::move(e), p.claim ? *p.claim : OrderClaim::none(), th, more), {}};
}

}  // namespace convergence_check

inline constexpr Check kConvergenceCheck{
    .id = "convergence",
    .title = "Convergence to the known solution",
    .theorem = "seed 000, Theorem 2.11 (consistent + stable => uniform convergence), Theorem 3.8",
    .tags = per_problem | slope | figure,
    .needs = unsigned(RunKind::ladder),
    .rests_on = RunKind::ladder,
    .on_problem = convergence_check::on_problem,
};

}  // namespace sweepcheck
