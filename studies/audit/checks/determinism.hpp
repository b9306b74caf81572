#pragma once
// Check 7, determinism: two runs with fresh scheme instances on the first
// problem, the first before every other run of the audit and the second after
// all of them, identical bit for bit (state hidden in a plugin shows up as a
// difference). Why: studies/audit/audit.md.
#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"

namespace sweepcheck::determinism_check {

inline BatteryOutcome on_battery(const BatteryRows& b, const Check& check, const AuditThresholds&) {
  BatteryOutcome out;
  CheckResult& det = out.result;
  det = check.result();
  const auto& d = b.determinism;
  if (d.status == RunStatus::not_run) {
    det.verdict = CheckVerdict::fail;
    det.not_run = b.gave_up;
    det.evidence = fmt::format("not run: {}", b.gave_up);
  } else if (d.status != RunStatus::ok) {
    det.verdict = CheckVerdict::fail;
    det.evidence = fmt::format("{} steps on {}: the runs failed as a program: {}", d.steps, b.first_problem, d.fault);
  } else {
    const bool same = d.hash[0] == d.hash[1] && d.error[0] == d.error[1];
    det.verdict = same ? CheckVerdict::pass : CheckVerdict::fail;
    det.evidence = fmt::format("{} steps on {}: state hashes {:016x} and {:016x}{}", d.steps, b.first_problem,
                               d.hash[0], d.hash[1], same ? " (identical)" : " differ");
  }
  return out;
}

}  // namespace sweepcheck::determinism_check

namespace sweepcheck {

inline constexpr Check kDeterminismCheck{
    .id = "determinism",
    .title = "Determinism",
    .theorem = "two runs with fresh scheme instances, first and last of the audit, identical bit for bit",
    .tags = 0,
    .needs = unsigned(RunKind::determinism),
    .rests_on = RunKind::determinism,
    .on_battery = determinism_check::on_battery,
};

}  // namespace sweepcheck
