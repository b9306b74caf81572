// The audit's execute phase (audit_session.hpp): every run of the audited
// scheme, isolated and journaled as asked, the one batch of independent runs
// over the Executor, and what became of each run.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <optional>

#include "studies/audit/audit_session.hpp"
#include "studies/runs/child_value.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "studies/runs/problem_guard.hpp"
#include "studies/runs/run_journal.hpp"
#include "studies/runs/run_row_text.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"

namespace sweepcheck {

// Bit-exact encoding for the MPI ranks and the children (studies/runs/run_codec.hpp,
// studies/runs/child_value.hpp).
static_assert(sizeof(ProbeRow) == sizeof(std::string) + 40,
              "ProbeRow changed: update its encoding in audit_execute.cpp");
template <class Io, class T>
void probe_fields(Io& io, T& x) {
  io(x.problem), io(x.h), io(x.defect), io(x.floor), io(x.max_residual), io(x.points);
}
// A probe back from the child that made it (beside the type: argument-dependent lookup).
static void encode(codec::Writer& w, const ProbeRow& x) {
  auto io = [&w](const auto& v) { codec::encode(w, v); };
  probe_fields(io, x);
}
static void decode(codec::Reader& r, ProbeRow& x) {
  auto io = [&r](auto& v) { codec::decode(r, v); };
  probe_fields(io, x);
}

}  // namespace sweepcheck

namespace sweepcheck::audit_detail {

namespace {

template <class Io, class T>
void task_fields(Io& io, T& x) {
  io(x.row), io(x.samples), io(x.probe.problem), io(x.probe.h), io(x.probe.defect), io(x.probe.floor),
      io(x.probe.max_residual), io(x.probe.points), io(x.probe_status), io(x.fault), io(x.steps_done);
}

}  // namespace

void encode(codec::Writer& w, const TaskResult& x) {
  auto io = [&w](const auto& v) { codec::encode(w, v); };
  task_fields(io, x);
}
void decode(codec::Reader& r, TaskResult& x) {
  auto io = [&r](auto& v) { codec::decode(r, v); };
  task_fields(io, x);
}

// Isolated runs (opt.isolate): each run of the audited scheme in its own
// child process, with a time limit; a fault becomes the row's status and a
// RunFault with its cause. The budget (studies/runs/run_budget.hpp) sets each
// run's time limit from what the plugin's finished runs on the same problem
// took, and once the plugin has hung on opt.budget.max_timeouts runs (or
// crashed on its first max_crashes runs) starts no more of them: those end as
// not_run, with the reason. Runs on a problem plugin (AuditProblem::untrusted)
// are always isolated, under the problem's own budget (problem_budget_), so a
// hanging problem stops its own runs, not the rest of the battery.
ChildResult AuditSession::isolated(const std::function<std::string()>& work, std::int64_t steps, std::size_t problem) {
  const bool untrusted_problem = !problems_[problem].untrusted.empty();
  RunBudget& budget = untrusted_problem ? problem_budget_ : budget_;
  std::optional<std::string> why;
  // A problem plugin that already failed (in the plan, or an earlier run of
  // this problem's refinement): none of its runs is started.
  if (untrusted_problem && !problem_fault_reason_[problem].empty())
    why = "not started, it already failed: " + problem_fault_reason_[problem];
  if (!why) why = budget.refusal();
  if (why) {
    // Problem-side: the reason starts with the problem plugin's name (collect() tells them apart).
    ChildResult c;
    c.status = RunStatus::not_run;
    c.detail = untrusted_problem ? problems_[problem].untrusted + ": " + *why : std::move(*why);
    return c;
  }
  if (untrusted_problem && opt_.isolate)
    if (auto scheme_why = budget_.refusal()) {
      ChildResult c;
      c.status = RunStatus::not_run;
      c.detail = std::move(*scheme_why);
      return c;
    }
  // child_runs counts the audited scheme's isolation (opt.isolate), as audit.md reports it;
  // the runs a problem plugin alone sends to children are not counted (each MPI rank would count its own).
  if (opt_.isolate) ++child_runs_;
  const int constraints = constraint_counts_[problem];
  ChildLimits limits = untrusted_problem ? problem_plugin_child_limits() : ChildLimits{};
  // A run on a problem plugin still going when its budget gives up is
  // stopped (a scheme plugin's runs keep the audit's earlier rule: run out).
  if (untrusted_problem) limits.stop = [&budget] { return budget.refusal().has_value(); };
  ChildResult c = run_in_child(work, budget.time_limit(problem, steps, constraints), limits);
  if (untrusted_problem && c.status == RunStatus::not_run) c.detail = problems_[problem].untrusted + ": " + c.detail;
  budget.record(problem, steps, constraints, c.status, c.wall_seconds);
  return c;
}

// A new run of `scheme` on p (problem `problem`, or one of its starts):
// in process, or isolated (guarded_run) when the scheme or the problem is
// untrusted. A fault of the problem's is recorded as a problem fault.
Outcome AuditSession::fresh_run(std::size_t problem, const AuditProblem& p, std::int64_t n, bool reference, bool rung) {
  const std::vector<double>& times = sample_times_[problem];
  const bool isolate = (opt_.isolate && !reference) || !p.untrusted.empty();
  ChildRunner child;
  if (isolate)
    child = [this, problem](const std::function<std::string()>& work, std::int64_t steps) {
      return isolated(work, steps, problem);
    };
  GuardedRun g = guarded_run(p, reference ? reference_ : scheme_, n, th_.points_per_step, times, child,
                             reference ? reference_name_ : res_.scheme,
                             reference ? std::numeric_limits<double>::quiet_NaN() : res_.claim.claimed_order(),
                             rung_phases(problem, rung));
  return {std::move(g.run.row), std::move(g.run.samples), std::move(g.fault), g.steps_done};
}

// Every run of the audited scheme goes through here: from the journal when
// resuming (rows only: a reference-free problem's runs, which need their
// samples, always run again), else a fresh run, journaled when it finished.
Outcome AuditSession::scheme_run(std::size_t i, std::int64_t n, std::size_t start, bool rung) {
  const AuditProblem& p = starts_[i][start];
  const bool journal = opt_.journal && sample_times_[i].empty();
  // A journaled row serves when it was measured as this run would be: one
  // plain grid, or a rung's phases (a rung without events has one grid).
  const auto phases = rung_phases(i, rung);
  if (journal)
    if (auto done = opt_.journal->find(p.name, p.parameters, res_.scheme, n))
      if (measured_as(*done, phases)) return {*done, {}, {}};
  Outcome o = fresh_run(i, p, n, false, rung);
  if (journal && journaled(o.row.status)) opt_.journal->record(o.row);
  return o;
}

// A ladder rung's grid phases: the thresholds', on a problem with a
// solution to measure against; one plain grid for every other run, and on a
// reference-free problem (its errors are distances between successive
// runs' samples, of the plain grid).
GridPhases AuditSession::rung_phases(std::size_t i, bool rung) const {
  if (!rung || problems_[i].reference_free()) return GridPhases::none();
  return th_.phases;
}

std::int64_t AuditSession::probe_steps(const AuditProblem& p) const {
  return static_cast<std::int64_t>(p.probe_points.size() + p.probe_times.size()) * th_.probe_directions;
}

// A consistency probe of the audited scheme (check 5), isolated when asked
// and always on a problem plugin (as its runs: run_task).
TaskResult AuditSession::probe_run(std::size_t i, double h) {
  TaskResult out;
  if (!opt_.isolate && problems_[i].untrusted.empty()) {
    out.probe = consistency_probe(problems_[i], scheme_, h, th_);
    return out;
  }
  const ChildResult c = isolated([&] { return child_value(consistency_probe(problems_[i], scheme_, h, th_)); },
                                 probe_steps(problems_[i]), i);
  out.probe.problem = problem_label(problems_[i]);
  out.probe.h = h;
  if (c.status == RunStatus::ok) {
    ProbeRow r;
    try {
      read_child_value(c.payload, r);
    } catch (const std::exception& e) {
      throw std::logic_error(std::string("audit: malformed probe result from a child run: ") + e.what());
    }
    out.probe.defect = r.defect;
    out.probe.floor = r.floor;
    out.probe.max_residual = r.max_residual;
    out.probe.points = r.points;
  } else {
    out.steps_done = c.progress;
    out.probe.defect = std::numeric_limits<double>::quiet_NaN();
    out.probe_status = c.status;
    // On an in-tree problem only the scheme's code can have ended the child.
    out.fault = fault_detail(c, problems_[i].untrusted.empty() ? Blame::scheme : Blame::unjudged);
  }
  return out;
}

// Check 7: two runs with fresh instances, the first before everything
// else and the second after everything else, so state hidden in the plugin
// (statics, caches) that survives between instances shows up as a
// difference. Isolated, both runs share one child (a fork per run would
// reset such state and hide it): run, second instance, run.
void AuditSession::run_determinism_first() {
  if (!needs(RunKind::determinism)) return;
  if (!opt_.isolate) {
    determinism_first_ = run_stepper(problems_[0], scheme_, th_.determinism_steps, 1);
    return;
  }
  const ChildResult c = isolated(
      [&] {
        const auto a = run_stepper(problems_[0], scheme_, th_.determinism_steps, 1);
        const auto b = run_stepper(problems_[0], scheme_, th_.determinism_steps, 1);
        return child_value(a.hash, b.hash, a.row.error_uniform, b.row.error_uniform);
      },
      2 * th_.determinism_steps, 0);
  if (c.status != RunStatus::ok) {
    determinism_status_ = c.status;
    determinism_fault_ = fault_detail(c, problems_[0].untrusted.empty() ? Blame::scheme : Blame::unjudged);
    determinism_steps_done_ = c.progress;
    return;
  }
  try {
    read_child_value(c.payload, determinism_first_.hash, determinism_second_.hash,
                     determinism_first_.row.error_uniform, determinism_second_.row.error_uniform);
  } catch (const std::exception& e) {
    throw std::logic_error(std::string("audit: malformed determinism result from a child run: ") + e.what());
  }
}

// After every other run: the determinism runs' fault recorded (after the
// faults of every other run), or, in process, the second run made with a
// fresh instance (isolated, the child made both).
void AuditSession::finish_determinism() {
  if (!needs(RunKind::determinism)) return;
  if (determinism_status_ == RunStatus::not_run) return;
  if (determinism_status_ != RunStatus::ok) {
    RunFault f{kind_name(RunKind::determinism), problem_label(problems_[0]), (problems_[0].t_end - problems_[0].t0) / th_.determinism_steps,
               th_.determinism_steps, determinism_status_, determinism_fault_, determinism_steps_done_};
    determinism_fault_sentence_ = f.sentence();
    record_fault(std::move(f));
    return;
  }
  if (!opt_.isolate) determinism_second_ = run_stepper(problems_[0], scheme_, th_.determinism_steps, 1);
  res_.determinism_hash[0] = determinism_first_.hash;
  res_.determinism_hash[1] = determinism_second_.hash;
}

// Task k of the batch: a run of the audited scheme (through scheme_run), a
// run of the in-tree reference scheme (trusted: in process), or a probe.
TaskResult AuditSession::run_task(std::size_t k) {
  TaskResult out;
  if (k >= tasks_.size()) {
    const auto& [i, h] = probes_[k - tasks_.size()];
    return probe_run(i, h);
  }
  const Task& t = tasks_[k];
  const AuditProblem& p = problems_[t.problem];
  if (!t.reference) {
    auto o = scheme_run(t.problem, t.n, t.start, k < n_ladder_);
    out.row = std::move(o.row);
    out.samples = std::move(o.samples);
    out.fault = std::move(o.fault);
    out.steps_done = o.steps_done;
  } else if (!p.untrusted.empty()) {
    // The reference scheme on a problem plugin: isolated like every run on it.
    auto o = fresh_run(t.problem, p, t.n, true, true);
    out.row = std::move(o.row);
    out.samples = std::move(o.samples);
    out.fault = std::move(o.fault);
    out.steps_done = o.steps_done;
  } else if (sample_times_[t.problem].empty()) {
    out.row = journaled(opt_.journal.get(), p.name, p.parameters, reference_name_, t.n, [&] {
      return run_rung(p, reference_, t.n, th_.points_per_step, {}, rung_phases(t.problem, true)).row;
    });
  } else {
    auto run = run_rung(p, reference_, t.n, th_.points_per_step, sample_times_[t.problem], rung_phases(t.problem, true));
    out.row = std::move(run.row);
    out.samples = std::move(run.samples);
  }
  return out;
}

// Every independent run goes through run_tasks (threads, and the MPI ranks
// of opt.executor), in one batch.
void AuditSession::execute_batch() {
  const auto results = run_tasks<TaskResult>(
      tasks_.size() + probes_.size(), opt_.executor, [&](std::size_t k) { return run_task(k); },
      [&](const TaskResult&, int done, int total) {
        if (opt_.progress) opt_.progress(done, total);
      });
  collect(results);
  errors_of_reference_free_problems();
  for (std::size_t k = 0; k < n_ladder_; ++k)
    (tasks_[k].reference ? res_.reference_rows : res_.ladder_rows).push_back(rows_[k]);
  res_.large_step_rows.assign(rows_.begin() + static_cast<std::ptrdiff_t>(n_ladder_), rows_.end());
}

// Runs the budget did not start, per (kind, problem): the checks resting on
// them are "not run" (FAIL, with the reason), whatever the other runs show.
void AuditSession::note_not_run(const std::string& kind, std::size_t problem, const std::string& why) {
  ++not_started_[{kind, problem}];
  ++res_.runs_not_started;
  if (not_started_reason_.empty()) not_started_reason_ = why;
}

void AuditSession::record_fault(RunFault f) { res_.faults.push_back(std::move(f)); }

// A problem plugin's fault (issue 37): recorded against the problem, which is
// then not judged; no check blames the scheme for it.
void AuditSession::record_problem_fault(std::size_t problem, RunFault f) {
  if (problem_fault_reason_[problem].empty())
    problem_fault_reason_[problem] = fmt::format("the {} run {}", f.kind, f.sentence());
  res_.problem_faults.push_back(std::move(f));
}

void AuditSession::note_problem_not_run(std::size_t problem, const std::string& why) {
  ++res_.runs_not_started;
  if (problem_fault_reason_[problem].empty()) problem_fault_reason_[problem] = why;
}

// Rows, samples and probe rows by task index; faults in task order.
void AuditSession::collect(const std::vector<TaskResult>& results) {
  rows_.assign(tasks_.size(), {});
  samples_.assign(tasks_.size(), {});
  res_.probe_rows.assign(probes_.size(), {});
  for (std::size_t k = 0; k < results.size(); ++k) {
    const TaskResult& r = results[k];
    if (k >= tasks_.size()) {
      const std::size_t j = k - tasks_.size();
      res_.probe_rows[j] = r.probe;
      if (r.probe_status == RunStatus::not_run)
        note_not_run(kind_name(RunKind::probe), probes_[j].first, r.fault);
      else if (r.probe_status != RunStatus::ok)
        record_fault({kind_name(RunKind::probe), r.probe.problem, r.probe.h, probe_steps(problems_[probes_[j].first]), r.probe_status,
                      r.fault, r.steps_done});
      continue;
    }
    rows_[k] = r.row;
    samples_[k] = r.samples;
    const std::string kind = kind_name(k < n_ladder_ ? RunKind::ladder : RunKind::large_step);
    if (rows_[k].status == RunStatus::problem_fault) {
      record_problem_fault(tasks_[k].problem, {kind, problem_label(problems_[tasks_[k].problem]), rows_[k].h,
                                               rows_[k].steps, rows_[k].status, r.fault, r.steps_done});
      continue;
    }
    if (rows_[k].status == RunStatus::not_run && !problems_[tasks_[k].problem].untrusted.empty() &&
        r.fault.rfind(problems_[tasks_[k].problem].untrusted, 0) == 0) {
      // The problem plugin's budget: its remaining runs were not started.
      note_problem_not_run(tasks_[k].problem, r.fault);
      continue;
    }
    if (is_fault(rows_[k].status)) {
      const double size = start_sizes_[tasks_[k].problem][tasks_[k].start];
      record_fault({kind, problem_label(problems_[tasks_[k].problem]), rows_[k].h, rows_[k].steps, rows_[k].status,
                    size == 0 ? r.fault : fmt::format("from the start perturbed by {:g}: {}", size, r.fault),
                    r.steps_done});
    }
    if (rows_[k].status == RunStatus::not_run) note_not_run(kind, tasks_[k].problem, r.fault);
  }
}

// Reference-free problems: the Richardson estimate from the scheme's own
// ladder; each ladder row's error becomes its distance to the next finer
// run (the finest: NaN), each large-step row's its distance to the finest
// run (NaN where there is none).
void AuditSession::errors_of_reference_free_problems() {
  estimates_.assign(problems_.size(), {});
  for (std::size_t i = 0; i < problems_.size(); ++i) {
    if (!problems_[i].reference_free()) continue;
    std::vector<LadderRun> ladder;
    std::vector<std::size_t> index;
    for (std::size_t k = 0; k < n_ladder_; ++k)
      if (tasks_[k].problem == i && !tasks_[k].reference) {
        ladder.push_back({rows_[k].h, samples_[k], rows_[k].noise_floor, rows_[k].status == RunStatus::ok});
        index.push_back(k);
      }
    estimates_[i] = reference_free_estimate(ladder, res_.claim.claimed_order(), res_.claim.sharp(), th_.richardson);
    const auto diffs = successive_differences(ladder);
    for (std::size_t k : index) {
      rows_[k].error_uniform = rows_[k].error_grid = std::numeric_limits<double>::quiet_NaN();
      for (std::size_t m = 0; m + 1 < diffs.h.size(); ++m)
        if (diffs.h[m + 1] == rows_[k].h) rows_[k].error_uniform = rows_[k].error_grid = diffs.d[m];
    }
    const std::vector<Vec<double>>* finest = nullptr;
    double h_finest = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < ladder.size(); ++j)
      if (ladder[j].usable && !ladder[j].samples.empty() && ladder[j].h < h_finest) {
        h_finest = ladder[j].h;
        finest = &samples_[index[j]];
      }
    for (std::size_t k = n_ladder_; k < tasks_.size(); ++k)
      if (tasks_[k].problem == i && !ended_early(rows_[k].status))
        rows_[k].error_uniform = rows_[k].error_grid =
            finest && !samples_[k].empty() ? max_sample_distance(samples_[k], *finest)
                                           : std::numeric_limits<double>::quiet_NaN();
  }
}

}  // namespace sweepcheck::audit_detail
