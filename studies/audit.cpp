#include "studies/audit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <map>

#include "solvers/counting_view.hpp"
#include "solvers/nnls.hpp"
#include "solvers/polyhedral_stepper.hpp"
#include "solvers/template_stepper.hpp"
#include "studies/error_observers.hpp"
#include "studies/integrate.hpp"
#include "studies/isolated_run.hpp"
#include "studies/run_row_text.hpp"
#include "studies/parallel_runs.hpp"
#include "studies/perturbed_starts.hpp"
#include "studies/problem_plugin.hpp"
#include "studies/reference_free.hpp"
#include "studies/sampled_error.hpp"
#include "studies/sampled_reference.hpp"

namespace sweepcheck {

namespace {

std::span<const double> cspan(const Vec<double>& x) { return {x.data(), static_cast<std::size_t>(x.size())}; }
std::span<double> mspan(Vec<double>& x) { return {x.data(), static_cast<std::size_t>(x.size())}; }

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
    const StepStatus s = stepper->step(t, cspan(x), h, *view, mspan(out), work);
    if (!all_finite(out)) *non_finite = true;
    report_child_progress(++*steps_done);
    return s;
  }
};

// FNV-1a over the bytes of every state (determinism, check 7).
struct HashObserver {
  std::uint64_t hash = 1469598103934665603ull;
  void operator()(std::int64_t, double, const Vec<double>& x) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(x.data());
    for (std::size_t i = 0; i < static_cast<std::size_t>(x.size()) * sizeof(double); ++i) {
      hash ^= bytes[i];
      hash *= 1099511628211ull;
    }
  }
};

std::string label(const AuditProblem& p) { return p.name + " " + p.parameters; }

// A reference-free problem has no error of its own run (it is NaN).
struct NoErrorObserver {
  void operator()(std::int64_t, double, const Vec<double>&) {}
  double uniform_error() const { return std::numeric_limits<double>::quiet_NaN(); }
};

// One independent task of the audit: a ladder / large-step run or a probe.
struct TaskResult {
  RunRow row;
  std::vector<Vec<double>> samples;
  ProbeRow probe;
  RunStatus probe_status = RunStatus::ok;  // not ok: the isolated probe failed as a program
  std::string fault;                       // the cause of a fault (row or probe)
  std::int64_t steps_done = -1;            // steps finished when a faulted run ended (if reported)
};
// Bit-exact encoding for the MPI ranks (studies/run_codec.hpp).
static_assert(sizeof(ProbeRow) == sizeof(std::string) + 40, "ProbeRow changed: update its encoding in audit.cpp");
template <class Io, class T>
void task_fields(Io& io, T& x) {
  io(x.row), io(x.samples), io(x.probe.problem), io(x.probe.h), io(x.probe.defect), io(x.probe.floor),
      io(x.probe.max_residual), io(x.probe.points), io(x.probe_status), io(x.fault), io(x.steps_done);
}
void encode(codec::Writer& w, const TaskResult& x) {
  auto io = [&w](const auto& v) { codec::encode(w, v); };
  task_fields(io, x);
}
void decode(codec::Reader& r, TaskResult& x) {
  auto io = [&r](auto& v) { codec::decode(r, v); };
  task_fields(io, x);
}

// 1 + sup_t |f(t, x0)| + the set's speed: how fast the free motion from x0
// and the set can move (a moving set drags a solution even where f = 0).
// The sup over t (1001 equally spaced times of
// [t0, T], the ends included) matters for a time-dependent field: the
// circuit's source is −0.5 at t0 and reaches 16.5, so |f(t0, x0)| alone
// would put the large-step bound below the exact solution's own size.
double velocity_scale(const AuditProblem& p) {
  Vec<double> f(p.x0.size());
  double sup = 0;
  constexpr int kTimes = 1000;
  for (int i = 0; i <= kTimes; ++i) {
    const double t = p.t0 + (p.t_end - p.t0) * double(i) / kTimes;
    p.view->f(t, cspan(p.x0), mspan(f));
    sup = std::max(sup, f.norm());
  }
  return 1 + sup + p.set_speed;
}

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

// A run of the audited scheme whose process failed: identity only, no numbers.
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

std::string encode_probe(const ProbeRow& r) {
  return fmt::format("{}\t{}\t{}\t{}\t{}", hex_double(r.defect), hex_double(r.floor), hex_double(r.max_residual),
                     r.points, hex_double(r.h));
}

ProbeRow decode_probe(const std::string& text, ProbeRow r) {
  char buf[5][64];
  if (std::sscanf(text.c_str(), "%63s\t%63s\t%63s\t%63s\t%63s", buf[0], buf[1], buf[2], buf[3], buf[4]) != 5)
    throw std::logic_error("audit: malformed probe result from a child run: '" + text + "'");
  r.defect = parse_hex_double(buf[0]).value_or(std::numeric_limits<double>::quiet_NaN());
  r.floor = parse_hex_double(buf[1]).value_or(0.0);
  r.max_residual = parse_hex_double(buf[2]).value_or(0.0);
  r.points = std::atoi(buf[3]);
  return r;
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

std::string RunFault::sentence() const {
  return fmt::format("h={:.4g} ({} steps) {}: {}{}", h, steps, to_string(status), detail,
                     steps_done >= 0 ? fmt::format(" (in step {}: {} steps done)", steps_done + 1, steps_done) : "");
}

AuditRun run_stepper(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                     const std::vector<double>& sample_times) {
  const auto stepper = scheme();
  const CountingView counting(*problem.view);
  const RunProblem rp(problem);
  bool non_finite = false;
  std::int64_t steps_done = 0;
  const StepperScheme sch{stepper.get(), &counting, &non_finite, &steps_done};
  if (problem.exact && problem.sampled)
    throw std::invalid_argument("audit problem " + label(problem) + ": needs at most one of an exact solution or a sampled reference");
  ViolationObserver<double, ViewConstraintSet> viol(rp.constraints());
  HashObserver hash;
  SampleRecorder<double> recorder(sample_times);
  // The error against the problem's solution: uniform (exact x(t)) or at the
  // reference's sample times only (studies/audit_problems.hpp).
  double error = 0;
  auto run = [&](auto& err) {
    auto obs = observers(err, viol, hash, recorder);
    const RunSummary s = integrate(rp, sch, n, obs);
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
      throw std::logic_error("audit problem " + label(problem) + ": the run did not reach every reference sample time");
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
  row.fail_step = s.fail_step;
  row.inner_cap_hits = s.inner_cap_hits;
  row.work = s.work;  // sweeps and inner iterations as the scheme reports them
  row.work.constraint_evaluations = counting.counters().constraint_evaluations;  // counted by the host
  row.work.projections = counting.counters().projections;
  row.wall_seconds = s.wall_seconds;
  row.scale = viol.scale();
  row.violation = viol.violation();
  row.max_increment = viol.max_increment();
  if (ended_early(row.status)) {
    row.error_uniform = row.error_grid = std::numeric_limits<double>::infinity();
  } else {
    row.error_uniform = row.error_grid = error;
  }
  // n · (ε · (scale + 1) + τ), τ the inner solver's tolerance when the scheme
  // declares one (in-tree schemes; fit_order.md, step 2).
  double inner_tol = 0;
  if (const auto* it = dynamic_cast<const InnerTolerance*>(stepper.get())) inner_tol = it->inner_tolerance(viol.scale());
  row.noise_floor = double(n) * (epsilon<double>() * (viol.scale() + 1) + inner_tol);
  out.hash = hash.hash;
  if (s.status != RunStatus::diverged && recorder.complete()) out.samples = recorder.samples();
  return out;
}

ProbeRow consistency_probe(const AuditProblem& problem, const SchemeFactory& scheme, double h,
                           const AuditThresholds& th) {
  ProbeRow row;
  row.problem = label(problem);
  row.h = h;
  if (!problem.project) return row;
  const auto stepper = scheme();
  const plugin::ProblemView& view = *problem.view;
  const plugin::ConstraintView& set = view.constraints();
  const int d = view.dim();
  Vec<double> f(d), out(d), g(d);
  for (const auto& [t, xs] : problem.probe_points) {
    for (int k = 0; k < th.probe_directions; ++k) {
      // Fixed, well-spread unit directions (no random generator: the same on every platform).
      Vec<double> u(d);
      for (int i = 0; i < d; ++i) u[i] = std::sin(1.7 * (k + 1) + 2.3 * (i + 1) + 0.9 * (k + 1) * (i + 1));
      u.normalize();
      const Vec<double> y = xs + th.probe_offset * h * u;
      const Vec<double> p = problem.project(t, y);
      view.f(t, cspan(y), mspan(f));
      Work w;
      stepper->step(t, cspan(y), h, view, mspan(out), w);
      const Vec<double> r = (out - y) / h - f;
      double dist = std::numeric_limits<double>::infinity();
      if (all_finite(r)) {
        const double band = th.active_band_factor * (th.probe_offset + f.norm()) * h;
        std::vector<Vec<double>> normals;
        for (int j = 0; j < set.size(); ++j) {
          if (set.value(j, t, cspan(p)) <= band) {
            set.gradient(j, t, cspan(p), mspan(g));
            normals.push_back(g);  // −N(S, p) is the cone of the ∇g_j
          }
        }
        if (normals.empty()) {
          dist = r.norm();
        } else {
          Mat<double> A(d, static_cast<Eigen::Index>(normals.size()));
          for (std::size_t c = 0; c < normals.size(); ++c) A.col(static_cast<Eigen::Index>(c)) = normals[c];
          dist = nnls<double>(A, r).residual;
        }
        row.max_residual = std::max(row.max_residual, r.norm());
      }
      row.defect = std::max(row.defect, dist);
      row.floor = std::max(row.floor, th.consistency_floor_factor * epsilon<double>() *
                                          (1 + y.norm() + (all_finite(out) ? out.norm() : 0.0)) / h);
      ++row.points;
    }
  }
  return row;
}

AuditResult run_audit(const SchemeFactory& scheme, const std::vector<AuditProblem>& all_problems,
                      const AuditOptions& opt) {
  opt.validate();
  const AuditThresholds& th = opt.thresholds;
  const auto start = std::chrono::steady_clock::now();
  std::vector<AuditProblem> problems = all_problems;
  if (opt.max_problems > 0 && static_cast<int>(problems.size()) > opt.max_problems)
    problems.resize(static_cast<std::size_t>(opt.max_problems));
  if (problems.empty()) throw std::invalid_argument("audit: no problems to run");

  AuditResult res;
  // A scheme that runs only on some views (the catching-up schemes need S(t)
  // as a polyhedron, solvers/polyhedral_stepper.hpp) runs on those problems,
  // in the battery's order; every other one is listed with the reason, never
  // skipped silently, and none at all is bad input.
  {
    const auto s = scheme();
    if (const auto* need = dynamic_cast<const ViewRequirement*>(s.get())) {
      std::vector<AuditProblem> runnable;
      for (auto& p : problems) {
        if (need->runs_on(*p.view)) {
          runnable.push_back(std::move(p));
        } else {
          res.not_run.push_back(
              {label(p), need->requirement() + "; " +
                             (p.set_description.empty() ? "this problem's view exposes none"
                                                        : "this set (" + p.set_description + ") is not one")});
        }
      }
      if (runnable.empty()) {
        std::string names;
        for (const auto& n : res.not_run) names += (names.empty() ? "" : ", ") + n.problem;
        throw std::invalid_argument(fmt::format(
            "audit: scheme '{}' can run on none of the {} problems of this battery ({}): {}. The polyhedral problems "
            "of audit_problems() are the moving walls and the LCS problems (studies/audit.md); give "
            "--max-problems 0 (all) or enough to include them",
            s->name(), res.not_run.size(), names, need->requirement()));
      }
      problems = std::move(runnable);
    }
  }
  {
    const auto s = scheme();
    res.scheme = s->name();
    res.claimed_order = std::isnan(opt.claimed_order) ? s->claimed_order() : opt.claimed_order;
    res.claim_is_sharp = opt.claim_is_sharp && std::isfinite(res.claimed_order);
  }

  res.isolated = opt.isolate;
  // Isolated runs (opt.isolate): each run of the audited scheme in its own
  // child process, with a time limit; a fault becomes the row's status and a
  // RunFault with its cause. Rows and faults are stored by task index, so the
  // result does not depend on --jobs.
  // The budget (studies/run_budget.hpp) sets each run's time limit from what
  // the plugin's finished runs took, and once the plugin has hung on
  // opt.budget.max_timeouts runs (or crashed on its first max_crashes runs)
  // starts no more of them: those end as not_run, with the reason.
  std::atomic<int> child_runs{0};
  RunBudget budget(opt.budget);
  auto constraints_of = [](const AuditProblem& p) { return p.view->constraints().size(); };
  auto isolated = [&](const std::function<std::string()>& work, std::int64_t steps, const AuditProblem& p) {
    const auto index = static_cast<std::size_t>(&p - problems.data());
    if (auto why = budget.refusal()) {
      ChildResult c;
      c.status = RunStatus::not_run;
      c.detail = std::move(*why);
      return c;
    }
    ++child_runs;
    ChildResult c = run_in_child(work, budget.time_limit(index, steps, constraints_of(p)));
    budget.record(index, steps, constraints_of(p), c.status, c.wall_seconds);
    return c;
  };
  // Reference-free problems: every ladder and large-step run is recorded at
  // common sample times (reference_free.hpp).
  std::vector<std::vector<double>> sample_times(problems.size());
  for (std::size_t i = 0; i < problems.size(); ++i)
    if (problems[i].reference_free()) sample_times[i] = reference_free_sample_times(problems[i], th.reference_free_samples);
  struct Outcome {
    RunRow row;
    std::vector<Vec<double>> samples;
    std::string fault;  // the cause when row.status is a fault (or why the run was not started)
    std::int64_t steps_done = -1;  // steps finished when a faulted isolated run ended (-1: not known)
  };
  auto non_finite_cause = [](Outcome& o) {
    if (o.row.status == RunStatus::non_finite) o.fault = fmt::format("step {} returned a non-finite state", o.row.fail_step);
    return o;
  };
  auto fresh_run = [&](const AuditProblem& p, const std::vector<double>& times, std::int64_t n) -> Outcome {
    if (!opt.isolate) {
      auto run = run_stepper(p, scheme, n, th.points_per_step, times);
      Outcome o{std::move(run.row), std::move(run.samples), {}};
      return non_finite_cause(o);
    }
    // The child sends the row and the samples bit for bit (studies/run_codec.hpp).
    const ChildResult c = isolated(
        [&] {
          auto run = run_stepper(p, scheme, n, th.points_per_step, times);
          codec::Writer w;
          codec::encode(w, run.row);
          codec::encode(w, run.samples);
          return std::move(w.bytes);
        },
        n, p);
    if (c.status != RunStatus::ok)
      return {fault_row(p, res.scheme, res.claimed_order, n, c.status), {}, c.detail, c.progress};
    // The payload was written by the child after the plugin's step() had run
    // in it: a plugin that corrupts memory can corrupt it too, and that is
    // the scheme's fault, recorded like a crash rather than ending the audit.
    Outcome o;
    try {
      codec::Reader r{c.payload.data(), c.payload.data() + c.payload.size()};
      codec::decode(r, o.row);
      codec::decode(r, o.samples);
      if (r.p != r.end) throw std::runtime_error("trailing bytes");
    } catch (const std::exception& e) {
      return {fault_row(p, res.scheme, res.claimed_order, n, RunStatus::crashed),
              {},
              fmt::format("the child's result could not be read ({}): memory corrupted inside the scheme?", e.what())};
    }
    return non_finite_cause(o);
  };
  // The journal holds rows, not samples: a reference-free problem's runs are
  // always run again.
  // Check 4's starts per problem: the given one, then the seeded perturbed
  // ones (studies/perturbed_starts.hpp), each a copy of the problem with its
  // x0 and a parameters tag (" start=perturbed:1e-12"), so its rows and
  // journal entries never share the given start's key. Computed once, here,
  // so every thread, rank and child sees the same starts.
  std::vector<std::vector<AuditProblem>> starts(problems.size());
  std::vector<std::vector<double>> start_sizes(problems.size());
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const AuditProblem& p = problems[i];
    for (const auto& s : perturbed_starts(p.x0, th.large_step_starts, &p.view->constraints(), p.t0)) {
      AuditProblem q = p;
      q.x0 = s.x0;
      q.parameters += s.tag();
      starts[i].push_back(std::move(q));
      start_sizes[i].push_back(s.size);
    }
  }
  auto scheme_run = [&](std::size_t i, std::int64_t n, std::size_t start = 0) -> Outcome {
    const AuditProblem& p = starts[i][start];
    const bool journal = opt.journal && sample_times[i].empty();
    if (journal)
      if (auto done = opt.journal->find(p.name, p.parameters, res.scheme, n)) return {*done, {}, {}};
    Outcome o = fresh_run(p, sample_times[i], n);
    if (journal && !is_fault(o.row.status) && o.row.status != RunStatus::not_run) opt.journal->record(o.row);
    return o;
  };

  // Check 7: two runs with fresh instances, the first before everything
  // else and the second after everything else, so state hidden in the plugin
  // (statics, caches) that survives between instances shows up as a
  // difference. Isolated, both runs share one child (a fork per run would
  // reset such state and hide it): run, second instance, run.
  AuditRun determinism_first, determinism_second;
  std::string determinism_fault;
  RunStatus determinism_status = RunStatus::ok;
  std::int64_t determinism_steps_done = -1;
  if (opt.isolate) {
    const ChildResult c = isolated(
        [&] {
          const auto a = run_stepper(problems[0], scheme, th.determinism_steps, 1);
          const auto b = run_stepper(problems[0], scheme, th.determinism_steps, 1);
          return fmt::format("{:016x} {:016x} {} {}", a.hash, b.hash, hex_double(a.row.error_uniform),
                             hex_double(b.row.error_uniform));
        },
        2 * th.determinism_steps, problems[0]);
    if (c.status != RunStatus::ok) {
      determinism_status = c.status;
      determinism_fault = c.detail;
      determinism_steps_done = c.progress;
    } else {
      char e1[64], e2[64];
      unsigned long long h1 = 0, h2 = 0;
      if (std::sscanf(c.payload.c_str(), "%llx %llx %63s %63s", &h1, &h2, e1, e2) != 4)
        throw std::logic_error("audit: malformed determinism result from a child run");
      determinism_first.hash = h1;
      determinism_second.hash = h2;
      determinism_first.row.error_uniform = parse_hex_double(e1).value_or(0);
      determinism_second.row.error_uniform = parse_hex_double(e2).value_or(0);
    }
  } else {
    determinism_first = run_stepper(problems[0], scheme, th.determinism_steps, 1);
  }

  // --- the ladders (checks 1-3) and the reference scheme's ladder (check 6) ---
  struct Task {
    std::size_t problem;
    std::int64_t n;
    bool reference;
    std::size_t start = 0;  // check 4: index into starts[problem] (0: the given start)
  };
  const SchemeFactory reference = catalog_scheme_factory(parse_scheme_spec(opt.reference_scheme));
  const std::string reference_name = reference()->name();
  std::vector<Task> tasks;
  auto ladder_of = [&](const AuditProblem& p) -> const StepLadder& { return p.ladder ? *p.ladder : th.ladder; };
  for (std::size_t i = 0; i < problems.size(); ++i)
    for (auto n : ladder_of(problems[i]).step_counts(problems[i].t_end - problems[i].t0)) tasks.push_back({i, n, false});
  for (auto n : ladder_of(problems[0]).step_counts(problems[0].t_end - problems[0].t0)) tasks.push_back({0, n, true});
  // Large steps (check 4).
  std::vector<Task> large;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const double span = problems[i].t_end - problems[i].t0;
    std::int64_t last = 0;
    for (int k = 0; k <= th.large_step_halvings; ++k) {
      const auto n = std::max<std::int64_t>(1, std::llround(std::ceil(span / (problems[i].time_scale / std::ldexp(1.0, k)))));
      if (n != last)
        for (std::size_t s = 0; s < starts[i].size(); ++s) large.push_back({i, n, false, s});
      last = n;
    }
  }
  const std::size_t n_ladder = tasks.size();
  tasks.insert(tasks.end(), large.begin(), large.end());
  // Probes (check 5).
  std::vector<double> probe_h;
  {
    const auto& L = th.probe_ladder;
    for (int k = 0; k < L.points; ++k)
      probe_h.push_back(L.points == 1 ? L.h_max : L.h_max * std::pow(L.h_min / L.h_max, double(k) / (L.points - 1)));
  }
  std::vector<std::pair<std::size_t, double>> probes;
  for (std::size_t i = 0; i < problems.size(); ++i)
    if (problems[i].project)
      for (double h : probe_h) probes.emplace_back(i, h);

  // A consistency probe of the audited scheme (check 5), isolated when asked.
  auto probe_steps = [&](const AuditProblem& p) {
    return static_cast<std::int64_t>(p.probe_points.size()) * th.probe_directions;
  };
  auto probe_run = [&](std::size_t i, double h) {
    TaskResult out;
    if (!opt.isolate) {
      out.probe = consistency_probe(problems[i], scheme, h, th);
      return out;
    }
    const ChildResult c = isolated([&] { return encode_probe(consistency_probe(problems[i], scheme, h, th)); },
                                   probe_steps(problems[i]), problems[i]);
    out.probe.problem = label(problems[i]);
    out.probe.h = h;
    if (c.status == RunStatus::ok) {
      out.probe = decode_probe(c.payload, out.probe);
    } else {
      out.steps_done = c.progress;
      out.probe.defect = std::numeric_limits<double>::quiet_NaN();
      out.probe_status = c.status;
      out.fault = c.detail;
    }
    return out;
  };
  // Every independent run goes through run_tasks (threads, and MPI ranks
  // under mpirun); a run of the audited scheme through scheme_run (a child
  // process when isolated, the journal when resuming).
  const auto results = run_tasks<TaskResult>(
      tasks.size() + probes.size(), opt.jobs,
      [&](std::size_t k) {
        TaskResult out;
        if (k < tasks.size()) {
          const Task& t = tasks[k];
          const AuditProblem& p = problems[t.problem];
          if (t.reference) {  // the in-tree reference scheme is trusted: in process
            if (sample_times[t.problem].empty()) {
              out.row = journaled(opt.journal.get(), p.name, p.parameters, reference_name, t.n,
                                  [&] { return run_stepper(p, reference, t.n, th.points_per_step).row; });
            } else {
              auto run = run_stepper(p, reference, t.n, th.points_per_step, sample_times[t.problem]);
              out.row = std::move(run.row);
              out.samples = std::move(run.samples);
            }
          } else {
            auto o = scheme_run(t.problem, t.n, t.start);
            out.row = std::move(o.row);
            out.samples = std::move(o.samples);
            out.fault = std::move(o.fault);
            out.steps_done = o.steps_done;
          }
        } else {
          const auto& [i, h] = probes[k - tasks.size()];
          out = probe_run(i, h);
        }
        return out;
      },
      [&](const TaskResult&, int done, int total) {
        if (opt.progress) opt.progress(done, total);
      });
  // Runs the budget did not start, per (kind, problem): the checks resting on
  // them are "not run" (FAIL, with the reason), whatever the other runs show.
  std::map<std::pair<std::string, std::size_t>, int> not_started;
  std::string not_started_reason;  // the reason of the first one (task order)
  auto note_not_run = [&](const std::string& kind, std::size_t problem, const std::string& why) {
    ++not_started[{kind, problem}];
    ++res.runs_not_started;
    if (not_started_reason.empty()) not_started_reason = why;
  };
  std::vector<RunRow> rows(tasks.size());
  std::vector<std::vector<Vec<double>>> samples(tasks.size());
  std::vector<ProbeRow> probe_rows(probes.size());
  for (std::size_t k = 0; k < results.size(); ++k) {
    if (k < tasks.size()) {
      rows[k] = results[k].row;
      samples[k] = results[k].samples;
      if (is_fault(rows[k].status)) {
        const double size = start_sizes[tasks[k].problem][tasks[k].start];
        res.faults.push_back({k < n_ladder ? "ladder" : "large-step", label(problems[tasks[k].problem]), rows[k].h,
                              rows[k].steps, rows[k].status,
                              size == 0 ? results[k].fault
                                        : fmt::format("from the start perturbed by {:g}: {}", size, results[k].fault),
                              results[k].steps_done});
      }
      if (rows[k].status == RunStatus::not_run) note_not_run(k < n_ladder ? "ladder" : "large-step", tasks[k].problem,
                                                            results[k].fault);
    } else {
      const std::size_t j = k - tasks.size();
      probe_rows[j] = results[k].probe;
      if (results[k].probe_status == RunStatus::not_run)
        note_not_run("probe", probes[j].first, results[k].fault);
      else if (results[k].probe_status != RunStatus::ok)
        res.faults.push_back({"probe", probe_rows[j].problem, probe_rows[j].h, probe_steps(problems[probes[j].first]),
                              results[k].probe_status, results[k].fault, results[k].steps_done});
    }
  }
  // Reference-free problems: the Richardson estimate from the scheme's own
  // ladder; each ladder row's error becomes its distance to the next finer
  // run (the finest: NaN), each large-step row's its distance to the finest run (NaN where
  // there is none).
  std::vector<RichardsonEstimate> estimates(problems.size());
  for (std::size_t i = 0; i < problems.size(); ++i) {
    if (!problems[i].reference_free()) continue;
    std::vector<LadderRun> ladder;
    std::vector<std::size_t> index;
    for (std::size_t k = 0; k < n_ladder; ++k)
      if (tasks[k].problem == i && !tasks[k].reference) {
        ladder.push_back({rows[k].h, samples[k], rows[k].noise_floor, rows[k].status == RunStatus::ok});
        index.push_back(k);
      }
    estimates[i] = reference_free_estimate(ladder, res.claimed_order, res.claim_is_sharp, th.richardson);
    const auto diffs = successive_differences(ladder);
    for (std::size_t k : index) {
      rows[k].error_uniform = rows[k].error_grid = std::numeric_limits<double>::quiet_NaN();
      for (std::size_t m = 0; m + 1 < diffs.h.size(); ++m)
        if (diffs.h[m + 1] == rows[k].h) rows[k].error_uniform = rows[k].error_grid = diffs.d[m];
    }
    const std::vector<Vec<double>>* finest = nullptr;
    double h_finest = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < ladder.size(); ++j)
      if (ladder[j].usable && !ladder[j].samples.empty() && ladder[j].h < h_finest) {
        h_finest = ladder[j].h;
        finest = &samples[index[j]];
      }
    for (std::size_t k = n_ladder; k < tasks.size(); ++k)
      if (tasks[k].problem == i && !ended_early(rows[k].status))
        rows[k].error_uniform = rows[k].error_grid =
            finest && !samples[k].empty() ? max_sample_distance(samples[k], *finest)
                                          : std::numeric_limits<double>::quiet_NaN();
  }
  for (std::size_t k = 0; k < n_ladder; ++k)
    (tasks[k].reference ? res.reference_rows : res.ladder_rows).push_back(rows[k]);
  res.large_step_rows.assign(rows.begin() + static_cast<std::ptrdiff_t>(n_ladder), rows.end());
  res.probe_rows = probe_rows;

  // --- checks 1-3 ---
  CheckResult conv = make_check("convergence", "Convergence to the known solution",
                                "seed 000, Theorem 2.11 (consistent + stable => uniform convergence), Theorem 3.8");
  CheckResult viol = make_check("violation", "Bounded constraint violation", "seed 000, Definition 2.8, (13)");
  CheckResult bound = make_check("step-bound", "Step bound", "seed 000, Definition 2.8, (14)");
  CheckResult big = make_check("large-steps", "Large-step robustness",
                               "no NaN/inf and bounded error for h up to the problem's time scale");
  CheckResult cons = make_check("consistency", "Consistency probe", "seed 000, Definition 2.9, (15)");
  // Refinement before judging (fit_order.md): each problem's slope checks may
  // ask for smaller steps; problems refine in parallel, each run is cached by
  // its step count so the checks share the new rungs.
  std::vector<Judgement> j_conv(problems.size()), j_viol(problems.size()), j_bound(problems.size()),
      j_cons(problems.size());
  std::vector<std::vector<RunRow>> refined(problems.size());
  std::vector<std::vector<ProbeRow>> refined_probes(problems.size());
  std::mutex faults_mutex;  // refined runs of several problems may fault at once
  parallel_for(problems.size(), opt.jobs, [&](std::size_t i) {
    const AuditProblem& p = problems[i];
    // The same thresholds for every problem; only how far refinement may go
    // depends on the problem's reference (AuditProblem::h_floor).
    AuditThresholds th_p = th;
    th_p.refine.h_floor = std::max(th.refine.h_floor, p.h_floor);
    MeasuredSeries e, v, m;
    const double vs = velocity_scale(p);
    auto error_point = [&](const RunRow& r) {
      // A sampled reference's own error is noise to the fit (audit_problems.hpp).
      return OrderPoint{r.h, r.error_uniform, r.noise_floor + p.reference_error, r.status == RunStatus::ok, r.wall_seconds};
    };
    auto violation_point = [&](const RunRow& r) {
      return OrderPoint{r.h, r.violation, std::max(r.noise_floor, th.negligible_violation * r.h * vs),
                        r.status != RunStatus::diverged, r.wall_seconds};
    };
    auto increment_point = [&](const RunRow& r) {
      return OrderPoint{r.h, r.max_increment / r.h, 0.0, !ended_early(r.status), r.wall_seconds};
    };
    for (const auto& r : res.ladder_rows) {
      if (r.problem != p.name || r.parameters != p.parameters) continue;
      e.push_back(error_point(r));
      v.push_back(violation_point(r));
      m.push_back(increment_point(r));
    }
    const double span = p.t_end - p.t0;
    auto row_at = [&](double h) -> const RunRow& {
      const auto n = std::max<std::int64_t>(1, std::llround(span / h));
      for (const auto& r : refined[i])
        if (r.steps == n) return r;
      // Through scheme_run, as every run of the audited scheme: isolated
      // when asked, journaled when resuming.
      Outcome o = scheme_run(i, n);
      o.row.refined = true;
      if (is_fault(o.row.status)) {
        std::lock_guard lock(faults_mutex);
        res.faults.push_back({"ladder", label(p), o.row.h, o.row.steps, o.row.status, o.fault, o.steps_done});
      }
      if (o.row.status == RunStatus::not_run) {
        std::lock_guard lock(faults_mutex);
        note_not_run("ladder", i, o.fault);
      }
      refined[i].push_back(std::move(o.row));
      return refined[i].back();
    };
    // A reference-free problem's order comes from its Richardson estimate
    // (studies/richardson.md), not refined: its errors are differences of
    // successive runs, which a new rung would change.
    j_conv[i] = p.reference_free()
                    ? judge_reference_free(estimates[i], th_p)
                    : judge_convergence(
                          e, res.claimed_order, th_p, [&](double h) { return error_point(row_at(h)); },
                          res.claim_is_sharp);
    j_viol[i] = judge_violation(v, th_p, [&](double h) { return violation_point(row_at(h)); });
    j_bound[i] = judge_step_bound(m, th_p, [&](double h) { return increment_point(row_at(h)); });
    if (p.project) {
      MeasuredSeries d;
      for (const auto& r : res.probe_rows)
        if (r.problem == label(p)) d.push_back({r.h, r.defect, r.floor, std::isfinite(r.defect)});
      j_cons[i] = judge_consistency(d, th_p, [&](double h) {
        TaskResult t = probe_run(i, h);
        if (t.probe_status == RunStatus::not_run) {
          std::lock_guard lock(faults_mutex);
          note_not_run("probe", i, t.fault);
        } else if (t.probe_status != RunStatus::ok) {
          std::lock_guard lock(faults_mutex);
          res.faults.push_back({"probe", label(p), h, probe_steps(p), t.probe_status, t.fault, t.steps_done});
        }
        refined_probes[i].push_back(std::move(t.probe));
        const ProbeRow& r = refined_probes[i].back();
        return OrderPoint{r.h, r.defect, r.floor, std::isfinite(r.defect)};
      });
    }
  });
  for (std::size_t i = 0; i < problems.size(); ++i) {
    res.ladder_rows.insert(res.ladder_rows.end(), refined[i].begin(), refined[i].end());
    res.probe_rows.insert(res.probe_rows.end(), refined_probes[i].begin(), refined_probes[i].end());
  }
  // The budget stopped the plugin: say why, naming the first run that hung
  // (or crashed) — the determinism run if it did, it ran first — and mark
  // every judgement resting on runs not started.
  if (!not_started_reason.empty() || determinism_status == RunStatus::not_run) {
    res.gave_up = not_started_reason.empty() ? determinism_fault : not_started_reason;
    const bool hangs = res.gave_up.find("hangs") != std::string::npos;
    auto counts = [&](RunStatus s) {
      return hangs ? s == RunStatus::timed_out : (s == RunStatus::crashed || s == RunStatus::threw);
    };
    std::string first;
    if (counts(determinism_status)) {
      first = RunFault{"determinism", label(problems[0]), (problems[0].t_end - problems[0].t0) / th.determinism_steps,
                       th.determinism_steps, determinism_status, determinism_fault, determinism_steps_done}
                  .sentence();
      first = "the determinism run on " + label(problems[0]) + ", " + first;
    } else {
      for (const auto& f : res.faults)
        if (counts(f.status)) {
          first = fmt::format("the {} run on {}, {}", f.kind, f.problem, f.sentence());
          break;
        }
    }
    if (!first.empty()) res.gave_up += fmt::format(". The first: {}", first);
  }
  auto not_run_if = [&](Judgement j, const std::string& kind, std::size_t i, CheckResult& c) {
    const auto it = not_started.find({kind, i});
    if (it == not_started.end()) return add(c, label(problems[i]), j);
    Judgement n;
    n.verdict = CheckVerdict::fail;
    // The reason's head ("the plugin hangs"); the whole of it is the check's
    // evidence and the report's top.
    n.evidence = fmt::format("not run: {} {} run{} on this problem not started ({})", it->second, kind,
                             it->second > 1 ? "s" : "", res.gave_up.substr(0, res.gave_up.find(':')));
    add(c, label(problems[i]), n);
    c.per_problem.back().not_run = true;
    c.not_run = res.gave_up;
  };
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const AuditProblem& p = problems[i];
    const double vs = velocity_scale(p);
    not_run_if(with_faults(j_conv[i], res.faults, "ladder", label(p)), "ladder", i, conv);
    not_run_if(with_faults(j_viol[i], res.faults, "ladder", label(p)), "ladder", i, viol);
    not_run_if(with_faults(j_bound[i], res.faults, "ladder", label(p)), "ladder", i, bound);

    std::vector<LargeStepRun> runs;
    for (std::size_t k = n_ladder; k < tasks.size(); ++k)
      if (tasks[k].problem == i) {
        const RunRow& r = rows[k];
        runs.push_back({r.h, r.error_uniform, ended_early(r.status), inner_trouble(r.status),
                        start_sizes[i][tasks[k].start]});
      }
    not_run_if(with_faults(judge_large_steps(runs,
                                             th.large_step_error_factor * (1 + p.x0.norm() + (p.t_end - p.t0) * (vs - 1)),
                                             th),
                           res.faults, "large-step", label(p)),
               "large-step", i, big);

    if (p.project) {
      not_run_if(with_faults(j_cons[i], res.faults, "probe", label(p)), "probe", i, cons);
    } else {
      cons.skipped.push_back({label(p), "no projection onto S(t) is available for this problem"});
    }
    res.problems.push_back({label(p), p.error_measure, p.notes});
  }
  for (auto* c : {&conv, &viol, &bound, &big, &cons}) {
    c->skipped.insert(c->skipped.end(), res.not_run.begin(), res.not_run.end());
    summarise(*c);
    if (!c->not_run.empty()) {
      int n = 0;
      for (const auto& pj : c->per_problem) n += pj.not_run;
      c->evidence = fmt::format("Not run on {} of {} problems: {}. {}", n, c->per_problem.size(), c->not_run, c->evidence);
    }
  }

  // --- check 6: precision–work against the reference scheme (information) ---
  CheckResult pw = make_check("precision-work", "Precision-work against " + opt.reference_scheme,
                              "information only: constraint evaluations (counted by the host) at matched errors");
  pw.verdict = CheckVerdict::info;
  {
    const std::string p0 = label(problems[0]);
    const auto a = error_work(res.ladder_rows, p0);
    const auto b = error_work(res.reference_rows, p0);
    if (a.size() < 2 || b.size() < 2) {
      pw.evidence = "not enough converged runs to compare";
    } else {
      auto range = [](const auto& pts) {
        double lo = std::numeric_limits<double>::infinity(), hi = 0;
        for (const auto& [e, w] : pts) lo = std::min(lo, e), hi = std::max(hi, e);
        return std::pair{lo, hi};
      };
      const auto [alo, ahi] = range(a);
      const auto [blo, bhi] = range(b);
      const double lo = std::max(alo, blo), hi = std::min(ahi, bhi);
      // Matching errors only means something over a range the errors actually
      // traverse: at least a factor 10 (a non-converging scheme has none).
      if (!(hi > 10 * lo)) {
        pw.evidence = fmt::format("no common error range spanning a factor 10 ({} reaches [{:.2g}, {:.2g}], {} "
                                  "[{:.2g}, {:.2g}])",
                                  res.scheme, alo, ahi, opt.reference_scheme, blo, bhi);
      } else {
        std::string ev;
        for (double s : {0.1, 0.5, 0.9}) {
          const double e = std::exp(std::log(lo) + s * (std::log(hi) - std::log(lo)));
          WorkComparison c{e, work_at(a, e), work_at(b, e)};
          res.work.push_back(c);
          ev += fmt::format("{}error {:.2g}: {:.3g} vs {:.3g} evaluations (ratio {:.2f})", ev.empty() ? "" : "; ", e,
                            c.work_scheme, c.work_reference, c.work_scheme / c.work_reference);
        }
        pw.evidence = fmt::format("on {}: {}", p0, ev);
      }
    }
  }

  if (not_started.count({"ladder", 0})) {
    pw.not_run = res.gave_up;
    pw.evidence = fmt::format("not run (some runs on {} were not started: {}); {}", label(problems[0]), res.gave_up,
                              pw.evidence);
  }

  // --- check 7: determinism ---
  CheckResult det = make_check("determinism", "Determinism", "two runs with fresh scheme instances, first and last of the audit, identical bit for bit");
  if (determinism_status == RunStatus::not_run) {
    det.verdict = CheckVerdict::fail;
    det.not_run = res.gave_up;
    det.evidence = fmt::format("not run: {}", res.gave_up);
  } else if (determinism_status != RunStatus::ok) {
    res.faults.push_back({"determinism", label(problems[0]), (problems[0].t_end - problems[0].t0) / th.determinism_steps,
                          th.determinism_steps, determinism_status, determinism_fault, determinism_steps_done});
    det.verdict = CheckVerdict::fail;
    det.evidence = fmt::format("{} steps on {}: the runs failed as a program: {}", th.determinism_steps,
                               label(problems[0]), res.faults.back().sentence());
  } else {
    const auto& r1 = determinism_first;
    const auto r2 = opt.isolate ? determinism_second : run_stepper(problems[0], scheme, th.determinism_steps, 1);
    res.determinism_hash[0] = r1.hash;
    res.determinism_hash[1] = r2.hash;
    const bool same = r1.hash == r2.hash && r1.row.error_uniform == r2.row.error_uniform;
    det.verdict = same ? CheckVerdict::pass : CheckVerdict::fail;
    det.evidence = fmt::format("{} steps on {}: state hashes {:016x} and {:016x}{}", th.determinism_steps,
                               label(problems[0]), r1.hash, r2.hash, same ? " (identical)" : " differ");
  }

  res.checks = {conv, viol, bound, big, cons, pw, det};
  res.child_runs = child_runs;
  res.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return res;
}

}  // namespace sweepcheck
