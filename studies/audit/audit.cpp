// `sweepcheck audit`: run_audit. The audit itself is an AuditSession in
// phases (audit_session.hpp): plan (audit_plan.cpp), execute
// (audit_execute.cpp), judge (audit_judge.cpp), diagnose (audit_diagnose.cpp).
#include "studies/audit/audit.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "studies/audit/audit_session.hpp"
#include "studies/runs/parallel_runs.hpp"

namespace sweepcheck {

std::string RunFault::sentence() const {
  return fmt::format("h={:.4g} ({} steps) {}: {}{}", h, steps, to_string(status), detail,
                     steps_done >= 0 ? fmt::format(" (in step {}: {} steps done)", steps_done + 1, steps_done) : "");
}

namespace audit_detail {

AuditSession::AuditSession(const SchemeFactory& scheme, const AuditOptions& opt)
    : scheme_(scheme), opt_(opt), th_(opt.thresholds), budget_(opt.budget), problem_budget_(opt.budget) {}

// The phases in order. The determinism check's first run comes before every
// other run of the scheme, its second after all of them (check 7).
AuditResult AuditSession::run(const std::vector<AuditProblem>& all_problems) {
  const auto start = std::chrono::steady_clock::now();
  select_problems(all_problems);
  res_.isolated = opt_.isolate;
  plan_starts();
  run_determinism_first();
  plan_runs();
  execute_batch();
  const std::size_t n = problems_.size();
  outcomes_.assign(opt_.checks.size(), std::vector<CheckOutcome>(n));
  refined_.assign(n, {}), refined_probes_.assign(n, {});
  parallel_for(n, opt_.executor.jobs, [&](std::size_t i) { refine_and_judge(i); });
  for (std::size_t i = 0; i < n; ++i) {
    res_.ladder_rows.insert(res_.ladder_rows.end(), refined_[i].begin(), refined_[i].end());
    res_.probe_rows.insert(res_.probe_rows.end(), refined_probes_[i].begin(), refined_probes_[i].end());
  }
  explain_gave_up();
  finish_determinism();
  judge_checks();
  const auto diagnose_start = std::chrono::steady_clock::now();
  diagnose();
  res_.diagnosis.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - diagnose_start).count();
  res_.child_runs = child_runs_;
  res_.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return std::move(res_);
}

}  // namespace audit_detail

AuditResult run_audit(const SchemeFactory& scheme, const std::vector<AuditProblem>& all_problems,
                      const AuditOptions& opt) {
  opt.validate();
  return audit_detail::AuditSession(scheme, opt).run(all_problems);
}

}  // namespace sweepcheck
