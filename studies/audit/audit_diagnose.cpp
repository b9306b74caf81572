// The audit's diagnose phase (audit_session.hpp; what it says and why:
// studies/audit/diagnosis/diagnosis.hpp, studies/audit/audit.md "Diagnosis"). After the
// checks: a few coarse traced runs per problem (audit_trace.hpp), isolated
// like every run of the audited scheme, then the findings.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "studies/audit/audit_session.hpp"
#include "studies/audit/diagnosis/component_evidence.hpp"
#include "studies/audit/diagnosis/contact_frame.hpp"
#include "studies/audit/diagnosis/state_stencil.hpp"
#include "studies/audit/diagnosis/untested_features.hpp"
#include "studies/runs/child_value.hpp"
#include "studies/runs/parallel_runs.hpp"

namespace sweepcheck::audit_detail {

namespace {

// The traced runs of one problem: four step sizes, halving from the ladder's
// coarsest (at least 8 steps over the interval), so a stencil's dependence on
// h can be fitted. Each traces the first steps only, at most
// kTraceEvaluations / (constraints + 1) of them and at least 12: whole runs on
// the few-constraint problems, a few steps of the disks and the crowd (their
// steps cost as much as the 780 constraints). Work, not seconds: the same
// runs on every machine.
constexpr int kTraceRuns = 4;
constexpr std::int64_t kTraceEvaluations = 4096;
constexpr std::int64_t kGrowthSteps = 200;

// `compute()` here, or, when `isolate`, in a child through `child`
// (AuditSession::isolated: the run budget and limits) with its result sent
// back encoded. A child that delivers nothing readable leaves `out` as it is
// and returns its status and detail (crashed when its payload cannot be read).
template <class T, class Compute, class Child>
std::pair<RunStatus, std::string> compute_maybe_isolated(bool isolate, const Compute& compute, const Child& child,
                                                         T& out) {
  if (!isolate) {
    out = compute();
    return {RunStatus::ok, {}};
  }
  const ChildResult c = child([&] { return child_value(compute()); });
  if (c.status != RunStatus::ok) return {c.status, c.detail};
  try {
    T decoded;
    read_child_value(c.payload, decoded);
    out = std::move(decoded);
  } catch (const std::exception& e) {
    return {RunStatus::crashed, std::string("the traced run's result could not be read: ") + e.what()};
  }
  return {RunStatus::ok, {}};
}

}  // namespace

TraceRun AuditSession::traced(std::size_t i, std::int64_t n, std::int64_t steps) {
  const AuditProblem& p = problems_[i];
  TraceRun out;
  out.n = n;
  out.h = (p.t_end - p.t0) / double(n);
  const auto [status, fault] = compute_maybe_isolated(
      opt_.isolate || !p.untrusted.empty(), [&] { return trace_run(p, scheme_, n, steps); },
      [&](const std::function<std::string()>& work) { return isolated(work, steps, i); }, out);
  if (status != RunStatus::ok) out.status = status, out.fault = fault;
  return out;
}

// The traced runs of problem i, (n, steps) each, in one child when isolated:
// one fork a problem, not one a run (the diagnosis's cost on an isolated
// audit is its forks; issue 57: under 2 % of the audit). A child that
// crashes is retried run by run, so one run's crash keeps the others'
// evidence; a time limit, a problem fault or a spent budget is every run's.
std::vector<TraceRun> AuditSession::traced_problem(std::size_t i,
                                                   const std::vector<std::pair<std::int64_t, std::int64_t>>& runs) {
  const AuditProblem& p = problems_[i];
  std::int64_t total = 0;
  for (const auto& [n, steps] : runs) total += steps;
  std::vector<TraceRun> out;
  const auto [status, fault] = compute_maybe_isolated(
      opt_.isolate || !p.untrusted.empty(),
      [&] {
        std::vector<TraceRun> v;
        for (const auto& [n, steps] : runs) v.push_back(trace_run(p, scheme_, n, steps));
        return v;
      },
      [&](const std::function<std::string()>& work) { return isolated(work, total, i); }, out);
  if (status == RunStatus::ok) return out;  // one TraceRun per run: trace_run's, decoded whole
  out.clear();
  for (const auto& [n, steps] : runs) {
    if (status == RunStatus::crashed) {
      out.push_back(traced(i, n, steps));
      continue;
    }
    TraceRun t;
    t.n = n;
    t.h = (p.t_end - p.t0) / double(n);
    t.status = status;
    t.fault = fault;
    out.push_back(std::move(t));
  }
  return out;
}

// Check 4 failed on problem i from a perturbed start while the given start's
// run with the same step kept its bound: the two runs side by side, to
// measure the growth per step and its direction (the smallest such step).
void AuditSession::diagnose_growth(std::size_t i, Diagnosis& d) {
  std::size_t pick = tasks_.size();
  for (std::size_t k = n_ladder_; k < tasks_.size(); ++k) {
    if (tasks_[k].problem != i || tasks_[k].start == 0 || !large_step_broke_bound(k)) continue;
    bool given_kept = false;
    for (std::size_t g = n_ladder_; g < tasks_.size(); ++g)
      if (tasks_[g].problem == i && tasks_[g].start == 0 && tasks_[g].n == tasks_[k].n)
        given_kept = !large_step_broke_bound(g);
    if (given_kept && (pick == tasks_.size() || tasks_[k].n > tasks_[pick].n)) pick = k;
  }
  if (pick == tasks_.size()) return;
  const Task& t = tasks_[pick];
  const AuditProblem& given = starts_[i][0];
  const AuditProblem& perturbed = starts_[i][t.start];
  const std::int64_t steps = std::min(t.n, kGrowthSteps);
  GrowthTrace g;
  const auto [status, fault] = compute_maybe_isolated(
      opt_.isolate || !given.untrusted.empty(), [&] { return trace_growth(given, perturbed, scheme_, t.n, steps); },
      [&](const std::function<std::string()>& work) { return isolated(work, 2 * steps, i); }, g);
  if (status != RunStatus::ok) return;  // nothing measured: no finding
  d.findings.push_back(growth_finding(problem_label(problems_[i]), start_sizes_[i][t.start], g));
}

void AuditSession::diagnose() {
  Diagnosis& d = res_.diagnosis;
  struct TraceTask {
    std::size_t problem;
    std::int64_t n, steps;
  };
  std::vector<TraceTask> plan;  // problem by problem, kTraceRuns each
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    if (!problem_fault_reason_[i].empty()) continue;  // not judged (issue 37): nothing to diagnose
    const AuditProblem& p = problems_[i];
    d.tags[problem_label(p)] = p.tags;
    const double span = p.t_end - p.t0;
    const std::int64_t n0 = std::max<std::int64_t>(8, (p.ladder ? *p.ladder : th_.ladder).step_counts(span).front());
    const std::int64_t cap =
        std::max<std::int64_t>(12, kTraceEvaluations / (std::int64_t(constraint_counts_[i]) + 1));
    for (int r = 0; r < kTraceRuns; ++r) plan.push_back({i, n0 << r, std::min(n0 << r, cap)});
  }
  // One task (one child when isolated) per problem: its kTraceRuns runs.
  const auto per_problem = run_tasks<std::vector<TraceRun>>(
      plan.size() / kTraceRuns, opt_.executor,
      [&](std::size_t g) {
        std::vector<std::pair<std::int64_t, std::int64_t>> runs;
        for (std::size_t k = g * kTraceRuns; k < (g + 1) * kTraceRuns; ++k) runs.emplace_back(plan[k].n, plan[k].steps);
        return traced_problem(plan[g * kTraceRuns].problem, runs);
      },
      {});
  std::vector<TraceRun> traces;
  for (const auto& g : per_problem) traces.insert(traces.end(), g.begin(), g.end());

  // Per problem: the stencil of f and S, the coverage, the free steps.
  std::map<std::string, const ConstraintCoverage*> coverage_by_problem;
  d.coverage.reserve(problems_.size());
  std::vector<Finding> free_steps;
  std::vector<StateStencil> states;
  std::vector<double> field_scale(problems_.size(), 0.0);  // max |f(t_k, x_k)| over the traced steps
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    std::vector<TraceRun> runs;
    for (std::size_t k = 0; k < plan.size(); ++k)
      if (plan[k].problem == i && traces[k].steps > 0) runs.push_back(traces[k]);
    if (runs.empty()) continue;
    for (const auto& r : runs) field_scale[i] = std::max(field_scale[i], r.field_scale);
    const std::string label = problem_label(problems_[i]);
    d.stencil.push_back(fit_stencil("f", label, runs));
    d.stencil.push_back(fit_stencil("S", label, runs));
    d.coverage.push_back(coverage_of(label, runs));
    states.push_back(state_stencil_of(label, runs));
    // The free steps, per coordinate or body where the split says more than
    // the whole vector's gain. Not where f itself is queried at the wrong time
    // or state (a defect of the time or state stencil, named there): the gain
    // compares Φ_h(x) − x with h f(t_k, x_k), so it would measure that mismatch
    // coordinate by coordinate (measured on held-out schemes with f at t + 0.25
    // and at x_0: "coordinates 1-2 move with g = 0.58" on the circuit, whose
    // source term alone depends on t), not a fault of the update.
    const auto defect = [](const std::vector<Finding>& fs) {
      return std::any_of(fs.begin(), fs.end(), [](const Finding& f) { return f.defect; });
    };
    if (defect(stencil_findings({d.stencil[d.stencil.size() - 2]})) || defect(state_stencil_findings({states.back()})))
      continue;
    // The contact frame (issue 57): not where S's time is itself a defect (the
    // frame would measure that mismatch), nor in a non-identity metric.
    const auto& tags = problems_[i].tags;
    if (!defect(stencil_findings({d.stencil.back()})) &&
        std::find(tags.begin(), tags.end(), "non-identity metric") == tags.end())
      for (auto& f : contact_frame_findings(label, runs)) free_steps.push_back(std::move(f));
    for (auto& f : free_step_evidence(label, runs, problems_[i].body_dim, res_.claim.claimed_order())) free_steps.push_back(std::move(f));
  }
  for (const auto& c : d.coverage) coverage_by_problem[c.problem] = &c;
  for (auto& f : stencil_findings(d.stencil)) d.findings.push_back(std::move(f));
  for (auto& f : state_stencil_findings(states)) d.findings.push_back(std::move(f));
  for (auto& f : coverage_findings(d.coverage)) d.findings.push_back(std::move(f));
  for (auto& f : free_steps) d.findings.push_back(std::move(f));

  // What the rows show, per problem whose convergence or violation judgement is not a pass.
  auto verdict_of = [&](std::string_view check, const std::string& label) {
    if (const CheckResult* c = res_.find(check))
      for (const auto& p : c->per_problem)
        if (p.problem == label) return p.judgement.verdict;
    return CheckVerdict::pass;
  };
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    const std::string label = problem_label(problems_[i]);
    const bool conv_failed = verdict_of(kConvergenceCheck.id, label) == CheckVerdict::fail;
    const bool viol_failed = verdict_of(kViolationCheck.id, label) == CheckVerdict::fail;
    const bool cons_failed = verdict_of(kConsistencyCheck.id, label) == CheckVerdict::fail;
    std::vector<RunRow> rows;
    for (const auto& r : res_.ladder_rows)
      if (problem_label(r) == label) rows.push_back(r);
    {
      // The consistency defect as a law c h^q (issue 57), whatever the checks say.
      std::vector<ProbeLevel> levels;
      for (const auto& r : res_.probe_rows)
        if (r.problem == label) levels.push_back({r.h, r.defect, r.floor});
      for (auto& f : defect_law_findings(label, std::move(levels), res_.claim.claimed_order()))
        d.findings.push_back(std::move(f));
    }
    if (cons_failed) {
      // The probe's defect times h against the round-off floors (issue 47),
      // with the state's size from the ladder rows (max_k |x_k|).
      double scale = 0;
      for (const auto& r : rows)
        if (r.status == RunStatus::ok && std::isfinite(r.scale)) scale = std::max(scale, r.scale);
      std::vector<std::pair<double, double>> h_defect;
      for (const auto& r : res_.probe_rows)
        if (r.problem == label) h_defect.push_back({r.h, r.defect});
      for (auto& f : step_floor_findings(label, std::move(h_defect), scale, field_scale[i])) d.findings.push_back(std::move(f));
    }
    if (!conv_failed && !viol_failed) continue;
    const auto it = coverage_by_problem.find(label);
    for (auto& f : row_findings(label, rows, conv_failed, viol_failed,
                                it == coverage_by_problem.end() ? nullptr : it->second))
      d.findings.push_back(std::move(f));
  }

  // Large steps that fail from a perturbed start only: the unstable mode.
  if (const CheckResult* big = res_.find(kLargeStepsCheck.id); big && big->verdict == CheckVerdict::fail)
    for (std::size_t i = 0; i < problems_.size(); ++i)
      if (verdict_of(kLargeStepsCheck.id, problem_label(problems_[i])) == CheckVerdict::fail) diagnose_growth(i, d);

  // Patterns across the battery, per failing check judged per problem (the check list's tag).
  for (const auto& c : res_.checks) {
    const Check* check = find_check(c.id, opt_.checks);
    if (c.verdict != CheckVerdict::fail || !check || !check->has(CheckTag::per_problem)) continue;
    std::vector<ProblemVerdict> v;
    for (const auto& p : c.per_problem)
      if (p.judgement.verdict == CheckVerdict::fail || p.judgement.verdict == CheckVerdict::pass)
        v.push_back({p.problem, p.judgement.verdict == CheckVerdict::fail});
    for (auto& f : pattern_findings(c.id, v, d.tags)) d.findings.push_back(std::move(f));
  }

  bool all_pass = true;
  for (const auto& c : res_.checks)
    all_pass = all_pass && (c.verdict == CheckVerdict::pass || c.verdict == CheckVerdict::info);
  d.untested = untested_features(d.tags);
  // A defect found is never hidden (issue 57): shown whether or not a check failed.
  d.shown = opt_.diagnose || !all_pass || d.any_defect();
}

}  // namespace sweepcheck::audit_detail
