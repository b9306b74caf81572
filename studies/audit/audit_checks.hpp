#pragma once
// The audit's verdicts as pure functions of measured numbers, so each can be
// tested on hand-made data (a check that cannot fail is no check). Theory and
// thresholds: studies/audit/audit.md and studies/audit/audit_thresholds.hpp.
#include <functional>
#include <string>
#include <vector>

#include "studies/audit/audit_thresholds.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"

namespace sweepcheck {

// pre_asymptotic and unsettled: a slope whose local orders had not settled
// when the refinement budget ended, moving toward the claim or away from it
// (fit_order.md, "Verdicts"). Neither is a pass: the audit exits 3 on them.
enum class CheckVerdict { pass, fail, inconclusive, info, pre_asymptotic, unsettled };
std::string to_string(CheckVerdict v);
// fail > unsettled > pre-asymptotic > inconclusive > pass > info: the verdict
// of a check over several problems.
CheckVerdict worst(CheckVerdict a, CheckVerdict b);

struct Judgement {
  CheckVerdict verdict = CheckVerdict::inconclusive;
  std::string evidence;  // one sentence with the numbers
  OrderFit fit;          // the slope fit the verdict rests on (when there is one)
};

// (h, value, noise floor, usable) series, descending or ascending h.
using MeasuredSeries = std::vector<OrderPoint>;
// More data on demand: the series' point at (about) step h, from a new run.
// Empty: judge the series as given. With it, a pre-asymptotic slope is refined
// first (studies/engine/refinement.hpp, th.refine); the series gains the new points.
using Refiner = std::function<OrderPoint(double h)>;

// Check 1: uniform error vs h against the claimed order (NaN: none
// claimed). The claim is one-sided, "order >= claimed_order", as a
// convergence theorem bounds the error from above: a higher order passes.
// With sharp, the claim is the exact order and exceeding it fails too.
Judgement judge_convergence(MeasuredSeries error, double claimed_order, const AuditThresholds& th,
                            const Refiner& more = {}, bool sharp = false);
// Check 2: max_k d_S(x_k) vs h, (13): violation / h bounded.
Judgement judge_violation(MeasuredSeries violation, const AuditThresholds& th, const Refiner& more = {});
// Check 3: max_k |x_{k+1} − x_k| / h vs h, (14): bounded.
Judgement judge_step_bound(MeasuredSeries increments_over_h, const AuditThresholds& th, const Refiner& more = {});
// Check 4: errors at large steps; `diverged`/`capped` flag runs that blew up
// or whose inner solver hit its cap; `perturbation` is the relative size of
// the run's start perturbation (0: the given start; studies/engine/perturbed_starts.hpp).
// The worst run decides; a failure is reported from the smallest
// perturbation that shows one, and when the given start showed none, the
// evidence says so (the instability needs a seed).
struct LargeStepRun {
  double h, error;
  bool diverged, capped;
  double perturbation = 0;
};
Judgement judge_large_steps(const std::vector<LargeStepRun>& runs, double error_bound, const AuditThresholds& th);
// Check 5: consistency defect vs h, (15).
Judgement judge_consistency(MeasuredSeries defect, const AuditThresholds& th, const Refiner& more = {});

// The audit's convergence check on a reference-free problem: the estimate's
// verdict (pass / fail / inconclusive). Without a claim: pass when in the
// asymptotic range with order >= th.min_order, fail when in it with a lower
// order, otherwise inconclusive (the same rule as judge_convergence).
Judgement judge_reference_free(const RichardsonEstimate& e, const AuditThresholds& th);

}  // namespace sweepcheck
