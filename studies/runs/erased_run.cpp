#include "studies/runs/erased_run.hpp"

#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>

#include "studies/runs/external_schemes.hpp"
#include "studies/runs/isolated_run.hpp"
#include "studies/runs/problem_guard.hpp"
#include "studies/runs/child_value.hpp"
#include "sweepcheck/solvers/adapters/counting_view.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/studies/engine/error_observers.hpp"
#include "sweepcheck/studies/engine/fnv1a.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"

namespace sweepcheck {

namespace {

// The Problem concept over an AuditProblem (f and constraints through its view).
class RunProblem {
 public:
  using Scalar = double;
  explicit RunProblem(const AuditProblem& a) : a_(a), vp_(*a.view) {}
  int dim() const { return vp_.dim(); }
  Vec<double> f(double t, const Vec<double>& x) const { return vp_.f(t, x); }
  const ViewConstraintSet& constraints() const { return vp_.constraints(); }
  Vec<double> x0() const { return a_.x0; }
  double t0() const { return a_.t0; }
  double t_end() const { return a_.t_end; }
  std::string name() const { return a_.name; }

 private:
  const AuditProblem& a_;
  ViewProblem vp_;
};

// A plugin::Stepper as the driver's Scheme: the step goes through `view` (the
// run's counting view), whatever problem object the driver passes.
struct StepperScheme {
  plugin::Stepper* stepper;
  const plugin::ProblemView* view;
  bool* non_finite;  // set when a step returns NaN / inf (the driver then stops the run)
  std::int64_t* steps_done;  // told to the host when isolated (report_child_progress): how far a hung run got
  template <class P>
  StepStatus step(const P&, double t, const Vec<double>& x, double h, Vec<double>& out, Work& work) const {
    const StepStatus s = stepper->step(t, as_span(x), h, *view, as_span(out), work);
    if (!all_finite(out)) *non_finite = true;
    report_child_progress(++*steps_done);
    return s;
  }
};

// FNV-1a over the bytes of every state (determinism, check 7).
struct HashObserver {
  std::uint64_t hash = kFnv1a64Basis;
  void operator()(std::int64_t, double, const Vec<double>& x) {
    hash = fnv1a64(std::span<const unsigned char>(reinterpret_cast<const unsigned char*>(x.data()),
                                                  static_cast<std::size_t>(x.size()) * sizeof(double)),
                   hash);
  }
};

// A reference-free problem has no error of its own run (it is NaN).
struct NoErrorObserver {
  void operator()(std::int64_t, double, const Vec<double>&) {}
  double uniform_error() const { return std::numeric_limits<double>::quiet_NaN(); }
};

}  // namespace

AuditRun run_stepper(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                     const std::vector<double>& sample_times, double phase) {
  const auto stepper = scheme();
  // The problem's own non-finite values (a problem plugin's guarded view notes them).
  ProblemCallLog problem_log;
  const ScopedProblemCallLog log_scope(problem_log);
  const CountingView counting(*problem.view);
  const RunProblem rp(problem);
  bool non_finite = false;
  std::int64_t steps_done = 0;
  const StepperScheme sch{stepper.get(), &counting, &non_finite, &steps_done};
  if (problem.exact && problem.sampled)
    throw std::invalid_argument("audit problem " + problem_label(problem) + ": needs at most one of an exact solution or a sampled reference");
  ViolationObserver<double, ViewConstraintSet> viol(rp.constraints());
  ActiveSetObserver<double, ViewConstraintSet> events(rp.constraints());
  IntegrateOptions grid;
  grid.phase = phase;
  HashObserver hash;
  SampleRecorder<double> recorder(sample_times);
  // The error against the problem's solution: uniform (exact x(t)) or at the
  // reference's sample times only (studies/audit/problems/audit_problems.hpp).
  double error = 0;
  auto run = [&](auto& err) {
    auto obs = observers(err, viol, events, hash, recorder);
    const RunSummary s = integrate(rp, sch, n, obs, grid);
    error = err.uniform_error();
    return s;
  };
  RunSummary s;
  if (problem.exact) {
    UniformErrorObserver<double, const std::function<Vec<double>(double)>&> err(problem.exact, points_per_step);
    s = run(err);
  } else if (problem.reference_free()) {
    NoErrorObserver err;
    s = run(err);
  } else {
    SampledErrorObserver<double> err(*problem.sampled);
    s = run(err);
    if (s.status != RunStatus::diverged && err.samples_seen() != problem.sampled->times.size())
      throw std::logic_error("audit problem " + problem_label(problem) + ": the run did not reach every reference sample time");
  }

  AuditRun out;
  RunRow& row = out.row;
  row.problem = problem.name;
  row.parameters = problem.parameters;
  row.scheme = stepper->name();
  row.claimed_order = stepper->claimed_order();
  row.steps = n;
  row.t_end = problem.t_end;
  row.h = (problem.t_end - problem.t0) / double(n);
  // The driver calls both a blow-up and a NaN "diverged"; a NaN is the
  // scheme's fault (RunStatus::non_finite), a blow-up a numerical verdict.
  row.status = s.status == RunStatus::diverged && non_finite ? RunStatus::non_finite : s.status;
  // ... unless the problem made the first non-finite value itself (issue 37).
  const std::string who = problem.untrusted.empty() ? "the problem" : problem.untrusted;
  if (problem_log.non_finite) {
    row.status = RunStatus::problem_fault;
    out.problem_fault = problem_non_finite_cause(who, problem_log);
  } else if (problem_log.huge_f) {
    // A field the problem made absurd from sane inputs (issue 45): whatever
    // the scheme made of it (an overflow, a blow-up, or a finite state whose
    // norms overflowed on the way), the run is the problem's fault, not a
    // number to judge the scheme on.
    row.status = RunStatus::problem_fault;
    out.problem_fault = problem_overflow_cause(who, problem_log);
  }
  row.fail_step = s.fail_step;
  row.inner_cap_hits = s.inner_cap_hits;
  row.work = s.work;  // sweeps and inner iterations as the scheme reports them
  row.work.constraint_evaluations = counting.counters().constraint_evaluations;  // counted by the host
  row.work.projections = counting.counters().projections;
  row.work.field_evaluations = counting.counters().f_evaluations;
  row.wall_seconds = s.wall_seconds;
  row.scale = viol.scale();
  row.violation = viol.violation();
  row.max_increment = viol.max_increment();
  row.phase = phase;
  row.events = events.has_event();
  if (ended_early(row.status)) {
    row.error_uniform = row.error_grid = std::numeric_limits<double>::infinity();
  } else {
    row.error_uniform = row.error_grid = error;
  }
  // τ: the inner solver's tolerance when the scheme declares one (in-tree
  // schemes; fit_order.md, step 2).
  double inner_tol = 0;
  if (const auto* it = dynamic_cast<const InnerTolerance*>(stepper.get())) inner_tol = it->inner_tolerance(viol.scale());
  row.noise_floor = run_noise_floor<double>(n, viol.scale(), inner_tol);
  out.hash = hash.hash;
  if (s.status != RunStatus::diverged && recorder.complete()) out.samples = recorder.samples();
  return out;
}

RunRow fault_row(const AuditProblem& p, const std::string& scheme, double claimed, std::int64_t n, RunStatus status) {
  RunRow r;
  r.problem = p.name;
  r.parameters = p.parameters;
  r.scheme = scheme;
  r.claimed_order = claimed;
  r.steps = n;
  r.t_end = p.t_end;
  r.h = (p.t_end - p.t0) / double(n);
  r.status = status;
  r.error_uniform = r.error_grid = r.violation = r.max_increment = r.scale = std::numeric_limits<double>::quiet_NaN();
  return r;
}

namespace {

std::string non_finite_cause(const AuditRun& r) {
  if (r.row.status == RunStatus::problem_fault) return r.problem_fault;
  if (r.row.status == RunStatus::non_finite) return "step " + std::to_string(r.row.fail_step) + " returned a non-finite state";
  return {};
}

}  // namespace

ChildRunner budgeted_child_runner(RunBudget& budget, int constraints, ChildLimits base) {
  return [&budget, constraints, base](const std::function<std::string()>& work, std::int64_t steps) {
    if (auto why = budget.refusal()) {
      ChildResult c;
      c.status = RunStatus::not_run;
      c.detail = std::move(*why);
      return c;
    }
    ChildLimits limits = base;
    // A run still going when the budget gives up (another run's timeout
    // spent it) is stopped rather than waited for.
    limits.stop = [&budget] { return budget.refusal().has_value(); };
    ChildResult c = run_in_child(work, budget.time_limit(0, steps, constraints), limits);
    if (c.status == RunStatus::not_run)
      if (auto why = budget.refusal()) c.detail = "stopped while running, " + *why;
    budget.record(0, steps, constraints, c.status, c.wall_seconds);
    return c;
  };
}

AuditRun run_rung(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                  const std::vector<double>& sample_times, const GridPhases& phases) {
  return measure_rung(phases,
                      [&](double phase) { return run_stepper(problem, scheme, n, points_per_step, sample_times, phase); });
}

GuardedRun guarded_run(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                       const std::vector<double>& sample_times, const ChildRunner& child,
                       const std::string& scheme_label, double claimed_order, const GridPhases& phases) {
  GuardedRun out;
  if (!child) {
    out.run = run_rung(problem, scheme, n, points_per_step, sample_times, phases);
    out.fault = non_finite_cause(out.run);
    return out;
  }
  // The child sends the row, the samples and a problem fault bit for bit
  // (studies/runs/child_value.hpp); its time limit allows for every phase.
  const ChildResult c = child(
      [&] {
        const auto run = run_rung(problem, scheme, n, points_per_step, sample_times, phases);
        return child_value(run.row, run.samples, run.problem_fault);
      },
      n * std::int64_t(phases.phases(true).size()));
  if (c.status != RunStatus::ok) {
    out.steps_done = c.progress;
    // Inside a call into the problem plugin: the problem's fault, named with the call and t.
    std::string cause = problem.untrusted.empty() ? std::string() : problem_fault_cause(problem.untrusted, c);
    const RunStatus status = cause.empty() ? c.status : RunStatus::problem_fault;
    out.run.row = fault_row(problem, scheme_label, claimed_order, n, status);
    out.fault = cause.empty() ? fault_detail(c, Blame::scheme) : std::move(cause);
    return out;
  }
  // The payload was written by the child after untrusted code had run in it:
  // code that corrupts memory can corrupt it too, recorded like a crash.
  try {
    read_child_value(c.payload, out.run.row, out.run.samples, out.run.problem_fault);
  } catch (const std::exception& e) {
    out.run = {};
    out.run.row = fault_row(problem, scheme_label, claimed_order, n, RunStatus::crashed);
    out.fault = std::string("the child's result could not be read (") + e.what() +
                "): memory corrupted inside the plugin?";
    return out;
  }
  out.fault = non_finite_cause(out.run);
  return out;
}

ExternalRun run_external(const ExternalSchemes& schemes, std::size_t scheme, std::int64_t n, int points_per_step,
                         double reference_error, RunBudget& budget, const GridPhases& phases) {
  const NamedScheme& s = schemes.schemes.at(scheme);
  const AuditProblem& problem = schemes.problem;
  const ChildRunner child = budgeted_child_runner(budget, problem.view->constraints().size());
  GuardedRun g = guarded_run(problem, s.make, n, points_per_step, {}, child, s.label,
                             std::numeric_limits<double>::quiet_NaN(), phases);
  ExternalRun out{std::move(g.run.row), {}};
  out.row.scheme = s.label;
  out.row.noise_floor += reference_error;
  if (!g.fault.empty()) {
    // A failed run's row has no claim of its own: the scheme's, from a fresh instance (made in the host
    // when the scheme was loaded already).
    if (is_fault(out.row.status) || out.row.status == RunStatus::not_run) try {
        out.row.claimed_order = s.make()->claimed_order();
      } catch (const std::exception&) {
        // It was made when loaded; if it cannot be made now, the row keeps no claim.
      }
    out.fault = s.label + " at h = " + std::to_string(out.row.h) + " (" + std::to_string(n) +
                " steps): " + to_string(out.row.status) + ": " + g.fault;
  }
  return out;
}

}  // namespace sweepcheck
