#pragma once
// Check 4, large-step robustness: no NaN/inf and a bounded error for h up to
// the problem's time scale, from the given start and from seeded perturbed
// ones (audit_thresholds.hpp). What it tests and why: studies/audit/audit.md.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"

namespace sweepcheck {

// The worst run decides; a failure is reported from the smallest
// perturbation that shows one, and when the given start showed none, the
// evidence says so (the instability needs a seed).
inline Judgement judge_large_steps(const std::vector<LargeStepRun>& runs, double bound, const AuditThresholds&) {
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

namespace large_steps_check {

inline CheckOutcome on_problem(const ProblemRows& p, const AuditThresholds& th) {
  return {judge_large_steps(p.large_steps, p.large_step_bound, th), {}};
}

}  // namespace large_steps_check

inline constexpr Check kLargeStepsCheck{
    .id = "large-steps",
    .title = "Large-step robustness",
    .theorem = "no NaN/inf and bounded error for h up to the problem's time scale",
    .tags = unsigned(per_problem),
    .needs = unsigned(RunKind::large_step),
    .rests_on = RunKind::large_step,
    .on_problem = large_steps_check::on_problem,
};

}  // namespace sweepcheck
