// The audit's judge phase (audit_session.hpp): refinement where a slope has
// not settled, then the seven checks (what each tests and why: audit.md).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "studies/audit/audit_session.hpp"
#include "studies/runs/parallel_runs.hpp"

namespace sweepcheck::audit_detail {

namespace {

// 1 + sup_t |f(t, x0)| + the set's speed: how fast the free motion from x0
// and the set can move (a moving set drags a solution even where f = 0).
// The sup over t (1001 equally spaced times of
// [t0, T], the ends included) matters for a time-dependent field: the
// circuit's source is −0.5 at t0 and reaches 16.5, so |f(t0, x0)| alone
// would put the large-step bound below the exact solution's own size.
// Log-log interpolation of work at error e over (error, work) points.
double work_at(std::vector<std::pair<double, double>> pts, double e) {
  std::sort(pts.begin(), pts.end());
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const auto [e0, w0] = pts[i];
    const auto [e1, w1] = pts[i + 1];
    if (e0 <= e && e <= e1) {
      if (e1 == e0) return std::min(w0, w1);
      const double s = std::log(e / e0) / std::log(e1 / e0);
      return std::exp(std::log(w0) + s * (std::log(w1) - std::log(w0)));
    }
  }
  return std::numeric_limits<double>::quiet_NaN();
}

std::vector<std::pair<double, double>> error_work(const std::vector<RunRow>& rows, const std::string& problem) {
  std::vector<std::pair<double, double>> pts;
  for (const auto& r : rows)
    if (r.problem + " " + r.parameters == problem && r.status == RunStatus::ok && r.error_uniform > 0 &&
        r.work.constraint_evaluations > 0)
      pts.emplace_back(r.error_uniform, double(r.work.constraint_evaluations));
  return pts;
}

CheckResult make_check(std::string id, std::string title, std::string theorem) {
  CheckResult c;
  c.id = std::move(id);
  c.title = std::move(title);
  c.theorem = std::move(theorem);
  c.verdict = CheckVerdict::pass;
  return c;
}

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

// Checks 1-3 and 5 on problem i, refining before judging (fit_order.md): a
// slope check may ask for smaller steps; each run is cached by its step
// count so the checks share the new rungs. Problems refine in parallel.
void AuditSession::refine_and_judge(std::size_t i) {
  const AuditProblem& p = problems_[i];
  if (!problem_fault_reason_[i].empty()) return;  // the problem failed: not judged
  // The same thresholds for every problem; only how far refinement may go
  // depends on the problem's reference (AuditProblem::h_floor).
  AuditThresholds th_p = th_;
  th_p.refine.h_floor = std::max(th_.refine.h_floor, p.h_floor);
  MeasuredSeries e, v, m;
  const double vs = velocity_scales_[i];
  auto error_point = [&](const RunRow& r) {
    // A sampled reference's own error is noise to the fit (audit_problems.hpp).
    return OrderPoint{r.h, r.error_uniform, r.noise_floor + p.reference_error, r.status == RunStatus::ok, r.work_units(), r.wall_seconds};
  };
  auto violation_point = [&](const RunRow& r) {
    return OrderPoint{r.h, r.violation, std::max(r.noise_floor, th_.negligible_violation * r.h * vs),
                      r.status != RunStatus::diverged, r.work_units(), r.wall_seconds};
  };
  auto increment_point = [&](const RunRow& r) {
    return OrderPoint{r.h, r.max_increment / r.h, 0.0, !ended_early(r.status), r.work_units(), r.wall_seconds};
  };
  for (const auto& r : res_.ladder_rows) {
    if (r.problem != p.name || r.parameters != p.parameters) continue;
    e.push_back(error_point(r));
    v.push_back(violation_point(r));
    m.push_back(increment_point(r));
  }
  const double span = p.t_end - p.t0;
  auto row_at = [&](double h) -> const RunRow& {
    const auto n = std::max<std::int64_t>(1, std::llround(span / h));
    for (const auto& r : refined_[i])
      if (r.steps == n) return r;
    // Through scheme_run, as every run of the audited scheme: isolated
    // when asked, journaled when resuming.
    Outcome o = scheme_run(i, n);
    o.row.refined = true;
    if (o.row.status == RunStatus::problem_fault) {
      std::lock_guard lock(faults_mutex_);
      record_problem_fault(i, {"ladder", problem_label(p), o.row.h, o.row.steps, o.row.status, o.fault, o.steps_done});
    }
    if (is_fault(o.row.status)) {
      std::lock_guard lock(faults_mutex_);
      record_fault({"ladder", problem_label(p), o.row.h, o.row.steps, o.row.status, o.fault, o.steps_done});
    }
    if (o.row.status == RunStatus::not_run) {
      std::lock_guard lock(faults_mutex_);
      note_not_run("ladder", i, o.fault);
    }
    refined_[i].push_back(std::move(o.row));
    return refined_[i].back();
  };
  // A reference-free problem's order comes from its Richardson estimate
  // (studies/engine/richardson.md), not refined: its errors are differences of
  // successive runs, which a new rung would change.
  j_conv_[i] = p.reference_free()
                   ? judge_reference_free(estimates_[i], th_p)
                   : judge_convergence(
                         e, res_.claimed_order, th_p, [&](double h) { return error_point(row_at(h)); },
                         res_.claim_is_sharp);
  j_viol_[i] = judge_violation(v, th_p, [&](double h) { return violation_point(row_at(h)); });
  j_bound_[i] = judge_step_bound(m, th_p, [&](double h) { return increment_point(row_at(h)); });
  if (!p.project) return;
  MeasuredSeries d;
  for (const auto& r : res_.probe_rows)
    if (r.problem == problem_label(p)) d.push_back({r.h, r.defect, r.floor, std::isfinite(r.defect)});
  j_cons_[i] = judge_consistency(d, th_p, [&](double h) {
    TaskResult t = probe_run(i, h);
    if (t.probe_status == RunStatus::not_run) {
      std::lock_guard lock(faults_mutex_);
      note_not_run("probe", i, t.fault);
    } else if (t.probe_status != RunStatus::ok) {
      std::lock_guard lock(faults_mutex_);
      record_fault({"probe", problem_label(p), h, probe_steps(p), t.probe_status, t.fault, t.steps_done});
    }
    refined_probes_[i].push_back(std::move(t.probe));
    const ProbeRow& r = refined_probes_[i].back();
    return OrderPoint{r.h, r.defect, r.floor, std::isfinite(r.defect)};
  });
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
    first = RunFault{"determinism", problem_label(problems_[0]),
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

// Checks 1-5 from the per-problem judgements, the large-step runs and the faults.
void AuditSession::judge_checks_one_to_five() {
  CheckResult conv = make_check("convergence", "Convergence to the known solution",
                                "seed 000, Theorem 2.11 (consistent + stable => uniform convergence), Theorem 3.8");
  CheckResult viol = make_check("violation", "Bounded constraint violation", "seed 000, Definition 2.8, (13)");
  CheckResult bound = make_check("step-bound", "Step bound", "seed 000, Definition 2.8, (14)");
  CheckResult big = make_check("large-steps", "Large-step robustness",
                               "no NaN/inf and bounded error for h up to the problem's time scale");
  CheckResult cons = make_check("consistency", "Consistency probe", "seed 000, Definition 2.9, (15)");
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    const AuditProblem& p = problems_[i];
    const std::string label = problem_label(p);
    if (!problem_fault_reason_[i].empty()) {
      // A problem plugin that failed is not evidence about the scheme (issue 37).
      const CheckResult::Skipped why{label, "not judged: " + problem_fault_reason_[i]};
      for (auto* c : {&conv, &viol, &bound, &big, &cons}) c->skipped.push_back(why);
      res_.not_judged.push_back(why);
      res_.problems.push_back({label, p.error_measure, p.notes});
      continue;
    }
    not_run_if(with_faults(j_conv_[i], res_.faults, "ladder", label), "ladder", i, conv);
    not_run_if(with_faults(j_viol_[i], res_.faults, "ladder", label), "ladder", i, viol);
    not_run_if(with_faults(j_bound_[i], res_.faults, "ladder", label), "ladder", i, bound);
    std::vector<LargeStepRun> runs;
    for (std::size_t k = n_ladder_; k < tasks_.size(); ++k)
      if (tasks_[k].problem == i) {
        const RunRow& r = rows_[k];
        runs.push_back({r.h, r.error_uniform, ended_early(r.status), inner_trouble(r.status),
                        start_sizes_[i][tasks_[k].start]});
      }
    not_run_if(with_faults(judge_large_steps(runs, large_step_bound(i), th_), res_.faults, "large-step", label),
               "large-step", i, big);
    if (p.project) {
      not_run_if(with_faults(j_cons_[i], res_.faults, "probe", label), "probe", i, cons);
    } else {
      cons.skipped.push_back({label, "no projection onto S(t) is available for this problem"});
    }
    res_.problems.push_back({label, p.error_measure, p.notes});
  }
  for (auto* c : {&conv, &viol, &bound, &big, &cons}) {
    c->skipped.insert(c->skipped.end(), res_.not_run.begin(), res_.not_run.end());
    summarise(*c);
    if (!c->not_run.empty()) {
      int n = 0;
      for (const auto& pj : c->per_problem) n += pj.not_run;
      c->evidence = fmt::format("Not run on {} of {} problems: {}. {}", n, c->per_problem.size(), c->not_run, c->evidence);
    }
  }
  res_.checks = {conv, viol, bound, big, cons};
}

// Check 6: precision–work against the reference scheme (information).
CheckResult AuditSession::judge_precision_work() {
  CheckResult pw = make_check("precision-work", "Precision-work against " + opt_.reference_scheme,
                              "information only: constraint evaluations (counted by the host) at matched errors");
  pw.verdict = CheckVerdict::info;
  const std::string p0 = problem_label(problems_[0]);
  const auto a = error_work(res_.ladder_rows, p0);
  const auto b = error_work(res_.reference_rows, p0);
  auto range = [](const auto& pts) {
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& [e, w] : pts) lo = std::min(lo, e), hi = std::max(hi, e);
    return std::pair{lo, hi};
  };
  if (a.size() < 2 || b.size() < 2) {
    pw.evidence = "not enough converged runs to compare";
  } else {
    const auto [alo, ahi] = range(a);
    const auto [blo, bhi] = range(b);
    const double lo = std::max(alo, blo), hi = std::min(ahi, bhi);
    // Matching errors only means something over a range the errors actually
    // traverse: at least a factor 10 (a non-converging scheme has none).
    if (!(hi > 10 * lo)) {
      pw.evidence = fmt::format("no common error range spanning a factor 10 ({} reaches [{:.2g}, {:.2g}], {} "
                                "[{:.2g}, {:.2g}])",
                                res_.scheme, alo, ahi, opt_.reference_scheme, blo, bhi);
    } else {
      std::string ev;
      for (double s : {0.1, 0.5, 0.9}) {
        const double e = std::exp(std::log(lo) + s * (std::log(hi) - std::log(lo)));
        WorkComparison c{e, work_at(a, e), work_at(b, e)};
        res_.work.push_back(c);
        ev += fmt::format("{}error {:.2g}: {:.3g} vs {:.3g} evaluations (ratio {:.2f})", ev.empty() ? "" : "; ", e,
                          c.work_scheme, c.work_reference, c.work_scheme / c.work_reference);
      }
      pw.evidence = fmt::format("on {}: {}", p0, ev);
    }
  }
  if (not_started_.count({"ladder", 0})) {
    pw.not_run = res_.gave_up;
    pw.evidence = fmt::format("not run (some runs on {} were not started: {}); {}", p0, res_.gave_up, pw.evidence);
  }
  return pw;
}

// Check 7: determinism (the first run was made before everything else).
CheckResult AuditSession::judge_determinism() {
  CheckResult det = make_check("determinism", "Determinism",
                               "two runs with fresh scheme instances, first and last of the audit, identical bit for bit");
  const std::string p0 = problem_label(problems_[0]);
  if (determinism_status_ == RunStatus::not_run) {
    det.verdict = CheckVerdict::fail;
    det.not_run = res_.gave_up;
    det.evidence = fmt::format("not run: {}", res_.gave_up);
  } else if (determinism_status_ != RunStatus::ok) {
    record_fault({"determinism", p0, (problems_[0].t_end - problems_[0].t0) / th_.determinism_steps,
                  th_.determinism_steps, determinism_status_, determinism_fault_, determinism_steps_done_});
    det.verdict = CheckVerdict::fail;
    det.evidence = fmt::format("{} steps on {}: the runs failed as a program: {}", th_.determinism_steps, p0,
                               res_.faults.back().sentence());
  } else {
    const auto& r1 = determinism_first_;
    const auto r2 = opt_.isolate ? determinism_second_ : run_stepper(problems_[0], scheme_, th_.determinism_steps, 1);
    res_.determinism_hash[0] = r1.hash;
    res_.determinism_hash[1] = r2.hash;
    const bool same = r1.hash == r2.hash && r1.row.error_uniform == r2.row.error_uniform;
    det.verdict = same ? CheckVerdict::pass : CheckVerdict::fail;
    det.evidence = fmt::format("{} steps on {}: state hashes {:016x} and {:016x}{}", th_.determinism_steps, p0,
                               r1.hash, r2.hash, same ? " (identical)" : " differ");
  }
  return det;
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
