// The audit's judge phase (audit_session.hpp): every check of the check list
// (checks/check_list.hpp) on the rows, refining where a slope has not settled
// (what each check tests and why: audit.md).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "studies/audit/audit_session.hpp"
#include "studies/runs/parallel_runs.hpp"

namespace sweepcheck::audit_detail {

namespace {

void add(CheckResult& c, const std::string& problem, const Judgement& j) {
  c.per_problem.push_back({problem, j});
  c.verdict = worst(c.verdict, j.verdict);
}

// The summary sentence: the first failing (else inconclusive, else first) problem's evidence.
void summarise(CheckResult& c) {
  if (c.per_problem.empty()) {
    c.verdict = CheckVerdict::inconclusive;
    c.evidence = c.skipped.empty() ? "no problem supports this check"
                                   : "skipped on every problem: " + c.skipped.front().reason;
    return;
  }
  int n_fail = 0, n_inc = 0, n_open = 0;
  for (const auto& p : c.per_problem) {
    n_fail += p.judgement.verdict == CheckVerdict::fail;
    n_inc += p.judgement.verdict == CheckVerdict::inconclusive;
    n_open += p.judgement.verdict == CheckVerdict::pre_asymptotic || p.judgement.verdict == CheckVerdict::unsettled;
  }
  const ProblemJudgement* pick = &c.per_problem.front();
  for (const auto& p : c.per_problem)
    if (p.judgement.verdict == c.verdict) {
      pick = &p;
      break;
    }
  c.evidence = fmt::format("{} of {} problems pass", c.per_problem.size() - n_fail - n_inc - n_open,
                           c.per_problem.size());
  if (n_fail) c.evidence += fmt::format(", {} fail", n_fail);
  if (n_open) c.evidence += fmt::format(", {} not settled (pre-asymptotic or unsettled)", n_open);
  if (n_inc) c.evidence += fmt::format(", {} inconclusive", n_inc);
  c.evidence += fmt::format(". {}: {}", pick->problem, pick->judgement.evidence);
  if (!c.skipped.empty()) c.evidence += fmt::format(" (skipped on {} problems, see their notes)", c.skipped.size());
}

// A check's judgement on a problem where some of its runs failed as a
// program: FAIL, naming the first cause (all of them: audit.md, Faults). A
// scheme of the seeds is defined for every h > 0 and every state near S
// (seed 000, Definition 2.8); a run that crashes, hangs, throws or returns
// NaN is a scheme without a Φ_h there, whatever the other runs show.
Judgement with_faults(Judgement j, const std::vector<RunFault>& faults, const std::string& kind,
                      const std::string& problem) {
  std::vector<const RunFault*> mine;
  for (const auto& f : faults)
    if (f.kind == kind && f.problem == problem) mine.push_back(&f);
  if (mine.empty()) return j;
  j.verdict = CheckVerdict::fail;
  j.evidence = fmt::format("{} {} run{} failed as a program: {}{}. The other runs: {}", mine.size(), kind,
                           mine.size() > 1 ? "s" : "", mine.front()->sentence(),
                           mine.size() > 1 ? fmt::format(" (and {} more, see Faults)", mine.size() - 1) : "",
                           j.evidence);
  return j;
}

}  // namespace

// The rows problem i is judged on. A check refining a slope asks for a
// smaller step through more_ladder (more_probes); each run is cached by its
// step count so the checks share the new rungs, and goes through scheme_run
// (probe_run), as every run of the audited scheme: isolated when asked,
// journaled when resuming.
ProblemRows AuditSession::rows_of(std::size_t i) {
  const AuditProblem& p = problems_[i];
  ProblemRows rows;
  rows.problem = problem_label(p);
  rows.claim = &res_.claim;
  for (const auto& r : res_.ladder_rows)
    if (r.problem == p.name && r.parameters == p.parameters) rows.ladder.push_back(r);
  const double span = p.t_end - p.t0;
  rows.more_ladder = [this, i, span, &p](double h) -> RunRow {
    const auto n = std::max<std::int64_t>(1, std::llround(span / h));
    for (const auto& r : refined_[i])
      if (r.steps == n) return r;
    Outcome o = scheme_run(i, n, 0, true);
    o.row.refined = true;
    if (o.row.status == RunStatus::problem_fault) {
      std::lock_guard lock(faults_mutex_);
      record_problem_fault(i, {kind_name(RunKind::ladder), problem_label(p), o.row.h, o.row.steps, o.row.status, o.fault, o.steps_done});
    }
    if (is_fault(o.row.status)) {
      std::lock_guard lock(faults_mutex_);
      record_fault({kind_name(RunKind::ladder), problem_label(p), o.row.h, o.row.steps, o.row.status, o.fault, o.steps_done});
    }
    if (o.row.status == RunStatus::not_run) {
      std::lock_guard lock(faults_mutex_);
      note_not_run(kind_name(RunKind::ladder), i, o.fault);
    }
    refined_[i].push_back(std::move(o.row));
    return refined_[i].back();
  };
  rows.reference_error = p.reference_error;
  rows.velocity_scale = velocity_scales_[i];
  if (p.reference_free()) rows.reference_free = &estimates_[i];
  for (std::size_t k = n_ladder_; k < tasks_.size(); ++k)
    if (tasks_[k].problem == i) {
      const RunRow& r = rows_[k];
      rows.large_steps.push_back({r.h, r.error_uniform, ended_early(r.status), inner_trouble(r.status),
                                  start_sizes_[i][tasks_[k].start]});
    }
  rows.large_step_bound = large_step_bound(i);
  rows.can_probe = static_cast<bool>(p.project);
  for (const auto& r : res_.probe_rows)
    if (r.problem == rows.problem) rows.probes.push_back(r);
  rows.more_probes = [this, i, &p](double h) -> ProbeRow {
    TaskResult t = probe_run(i, h);
    if (t.probe_status == RunStatus::not_run) {
      std::lock_guard lock(faults_mutex_);
      note_not_run(kind_name(RunKind::probe), i, t.fault);
    } else if (t.probe_status != RunStatus::ok) {
      std::lock_guard lock(faults_mutex_);
      record_fault({kind_name(RunKind::probe), problem_label(p), h, probe_steps(p), t.probe_status, t.fault, t.steps_done});
    }
    refined_probes_[i].push_back(std::move(t.probe));
    return refined_probes_[i].back();
  };
  return rows;
}

// Every check judged per problem, in the list's order, on problem i
// (refining before judging: fit_order.md). Problems refine in parallel.
void AuditSession::refine_and_judge(std::size_t i) {
  if (!problem_fault_reason_[i].empty()) return;  // the problem failed: not judged
  // The same thresholds for every problem; only how far refinement may go
  // depends on the problem's reference (AuditProblem::h_floor).
  AuditThresholds th_p = th_;
  th_p.refine.h_floor = std::max(th_.refine.h_floor, problems_[i].h_floor);
  const ProblemRows rows = rows_of(i);
  for (std::size_t c = 0; c < opt_.checks.size(); ++c)
    if (opt_.checks[c].on_problem) outcomes_[c][i] = opt_.checks[c].on_problem(rows, th_p);
}

// The budget stopped the plugin: say why, naming the first run that hung
// (or crashed) — the determinism run if it did, it ran first.
void AuditSession::explain_gave_up() {
  if (not_started_reason_.empty() && determinism_status_ != RunStatus::not_run) return;
  res_.gave_up = not_started_reason_.empty() ? determinism_fault_ : not_started_reason_;
  const bool hangs = res_.gave_up.find("hangs") != std::string::npos;
  auto counts = [&](RunStatus s) {
    return hangs ? s == RunStatus::timed_out : (s == RunStatus::crashed || s == RunStatus::threw);
  };
  std::string first;
  if (counts(determinism_status_)) {
    first = RunFault{kind_name(RunKind::determinism), problem_label(problems_[0]),
                     (problems_[0].t_end - problems_[0].t0) / th_.determinism_steps, th_.determinism_steps,
                     determinism_status_, determinism_fault_, determinism_steps_done_}
                .sentence();
    first = "the determinism run on " + problem_label(problems_[0]) + ", " + first;
  } else {
    for (const auto& f : res_.faults)
      if (counts(f.status)) {
        first = fmt::format("the {} run on {}, {}", f.kind, f.problem, f.sentence());
        break;
      }
  }
  if (!first.empty()) res_.gave_up += fmt::format(". The first: {}", first);
}

// Adds problem i's judgement to check c, or FAIL "not run" when some of the
// runs it rests on (of this kind) were not started.
void AuditSession::not_run_if(Judgement j, const std::string& kind, std::size_t i, CheckResult& c) {
  const auto it = not_started_.find({kind, i});
  if (it == not_started_.end()) return add(c, problem_label(problems_[i]), j);
  Judgement n;
  n.verdict = CheckVerdict::fail;
  // The reason's head ("the plugin hangs"); the whole of it is the check's
  // evidence and the report's top.
  n.evidence = fmt::format("not run: {} {} run{} on this problem not started ({})", it->second, kind,
                           it->second > 1 ? "s" : "", res_.gave_up.substr(0, res_.gave_up.find(':')));
  add(c, problem_label(problems_[i]), n);
  c.per_problem.back().not_run = true;
  c.not_run = res_.gave_up;
}

double AuditSession::large_step_bound(std::size_t i) const {
  const AuditProblem& p = problems_[i];
  return th_.large_step_error_factor * (1 + p.x0.norm() + (p.t_end - p.t0) * (velocity_scales_[i] - 1));
}

// What judge_large_steps counts against a run: it ended early, or its error is not within the bound.
bool AuditSession::large_step_broke_bound(std::size_t k) const {
  const RunRow& r = rows_[k];
  return ended_early(r.status) || !(r.error_uniform <= large_step_bound(tasks_[k].problem));
}

// Every check's result, in the list's order: a per-problem check from its
// outcomes, the faults and the runs not started; a check over the battery
// from the battery's rows.
void AuditSession::judge_checks() {
  std::vector<CheckResult> results;
  for (const auto& check : opt_.checks) results.push_back(check.result());
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    const AuditProblem& p = problems_[i];
    const std::string label = problem_label(p);
    if (!problem_fault_reason_[i].empty()) {
      // A problem plugin that failed is not evidence about the scheme (issue 37).
      const CheckResult::Skipped why{label, "not judged: " + problem_fault_reason_[i]};
      for (std::size_t c = 0; c < opt_.checks.size(); ++c)
        if (opt_.checks[c].on_problem) results[c].skipped.push_back(why);
      res_.not_judged.push_back(why);
      res_.problems.push_back({label, p.error_measure, p.notes});
      continue;
    }
    for (std::size_t c = 0; c < opt_.checks.size(); ++c) {
      const Check& check = opt_.checks[c];
      if (!check.on_problem) continue;
      const CheckOutcome& o = outcomes_[c][i];
      if (!o.skipped.empty()) {
        results[c].skipped.push_back({label, o.skipped});
        continue;
      }
      const std::string kind = kind_name(check.rests_on);
      not_run_if(with_faults(o.judgement, res_.faults, kind, label), kind, i, results[c]);
    }
    res_.problems.push_back({label, p.error_measure, p.notes});
  }
  const BatteryRows battery = battery_rows();
  for (std::size_t c = 0; c < opt_.checks.size(); ++c) {
    const Check& check = opt_.checks[c];
    CheckResult& r = results[c];
    if (check.on_battery) {
      BatteryOutcome o = check.on_battery(battery, check, th_);
      r = std::move(o.result);
      res_.work.insert(res_.work.end(), o.work.begin(), o.work.end());
      continue;
    }
    r.skipped.insert(r.skipped.end(), res_.not_run.begin(), res_.not_run.end());
    summarise(r);
    if (!r.not_run.empty()) {
      int n = 0;
      for (const auto& pj : r.per_problem) n += pj.not_run;
      r.evidence = fmt::format("Not run on {} of {} problems: {}. {}", n, r.per_problem.size(), r.not_run, r.evidence);
    }
  }
  res_.checks = std::move(results);
}

// What the checks over the battery see: the first problem's runs.
BatteryRows AuditSession::battery_rows() const {
  BatteryRows b;
  b.scheme = res_.scheme;
  b.reference_scheme = opt_.reference_scheme;
  b.first_problem = problem_label(problems_[0]);
  b.ladder = &res_.ladder_rows;
  b.reference = &res_.reference_rows;
  b.first_problem_not_started = not_started_.count({kind_name(RunKind::ladder), 0}) > 0;
  b.gave_up = res_.gave_up;
  b.determinism.steps = th_.determinism_steps;
  b.determinism.status = determinism_status_;
  b.determinism.fault = determinism_fault_sentence_;
  b.determinism.hash[0] = determinism_first_.hash;
  b.determinism.hash[1] = determinism_second_.hash;
  b.determinism.error[0] = determinism_first_.row.error_uniform;
  b.determinism.error[1] = determinism_second_.row.error_uniform;
  return b;
}

// The velocity scale of a problem (its free motion's sup over t of |f(t, x0)|,
// plus the set's speed): on a problem plugin computed in a child at plan time
// (AuditSession::plan_starts), never in the host.
double velocity_scale(const AuditProblem& p) {
  Vec<double> f(p.x0.size());
  double sup = 0;
  constexpr int kTimes = 1000;
  for (int i = 0; i <= kTimes; ++i) {
    const double t = p.t0 + (p.t_end - p.t0) * double(i) / kTimes;
    p.view->f(t, as_span(p.x0), as_span(f));
    sup = std::max(sup, f.norm());
  }
  return 1 + sup + p.set_speed;
}

}  // namespace sweepcheck::audit_detail
