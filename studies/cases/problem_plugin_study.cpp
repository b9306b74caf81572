#include "studies/cases/problem_plugin_study.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "sweepcheck/solvers/adapters/polyhedral_stepper.hpp"
#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "studies/runs/child_value.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "studies/runs/problem_guard.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"

namespace sweepcheck {

void PluginStudyOptions::validate() const {
  if (!(h_max > 0) || !std::isfinite(h_max))
    throw std::invalid_argument(fmt::format("PluginStudyOptions: h_max = {} must be finite and > 0", h_max));
  if (points < 3)
    throw std::invalid_argument(fmt::format("PluginStudyOptions: points = {} must be >= 3 (a Richardson estimate "
                                            "needs three step sizes, its asymptotic-range test four)",
                                            points));
  if (ratio < 2) throw std::invalid_argument(fmt::format("PluginStudyOptions: ratio = {} must be an integer >= 2", ratio));
  if (max_samples < 1) throw std::invalid_argument("PluginStudyOptions: max_samples must be >= 1");
  if (points_per_step < 1) throw std::invalid_argument("PluginStudyOptions: points_per_step must be >= 1");
  executor.validate("PluginStudyOptions");
  budget.validate();
  phases.validate();
  fit.validate();
  richardson.validate();
}

std::vector<std::int64_t> nested_step_counts(double span, const PluginStudyOptions& opt) {
  opt.validate();
  if (!(span > 0) || !std::isfinite(span)) throw std::invalid_argument("nested_step_counts: the time span must be > 0");
  const double n0 = std::max(1.0, std::ceil(span / opt.h_max * (1 - 1e-12)));
  const double finest = n0 * std::pow(double(opt.ratio), opt.points - 1);
  if (!(finest <= 1e9))
    throw std::invalid_argument(fmt::format("--points / --ratio / --h-max: the finest rung would take {:.3g} steps "
                                            "(n_0 = {:g} times {}^{}); at most 1e9",
                                            finest, n0, opt.ratio, opt.points - 1));
  std::vector<std::int64_t> n{static_cast<std::int64_t>(n0)};
  for (int k = 1; k < opt.points; ++k) n.push_back(n.back() * opt.ratio);
  return n;
}

namespace {

struct PluginRun {
  RunRow row;
  std::vector<Vec<double>> samples;
  std::string fault;  // the cause when the row's status is a fault, problem-fault or not-run
};
// Bit-exact encoding for MPI ranks (studies/runs/run_codec.hpp); found by ADL.
void encode(codec::Writer& w, const PluginRun& x) {
  codec::encode(w, x.row), codec::encode(w, x.samples), codec::encode(w, x.fault);
}
void decode(codec::Reader& r, PluginRun& x) { codec::decode(r, x.row), codec::decode(r, x.samples), codec::decode(r, x.fault); }

}  // namespace

PluginStudy run_plugin_study(const AuditProblem& problem, const std::vector<NamedScheme>& schemes,
                             const PluginStudyOptions& opt) {
  opt.validate();
  if (schemes.empty()) throw std::invalid_argument("plugin study: no schemes given");
  // A scheme that runs only on some views (the catching-up schemes need a
  // polyhedron, solvers/adapters/polyhedral_stepper.hpp; a problem plugin has none).
  for (const auto& s : schemes)
    if (const auto st = s.make(); const auto* need = dynamic_cast<const ViewRequirement*>(st.get()))
      if (!need->runs_on(*problem.view))
        throw std::invalid_argument("plugin study: " + need->requirement() + "; the view of " + problem.name +
                                    " exposes none");
  const auto counts = nested_step_counts(problem.t_end - problem.t0, opt);
  // A run's cost, estimated before any starts (solvers/core/resource_limits.hpp).
  if (const double cost = double(counts.back()) * double(problem.x0.size()); !(cost <= kMaxRunComponentSteps))
    throw std::invalid_argument(fmt::format(
        "--points / --ratio / --h-max: the finest rung's {} steps on {} (dim() = {}) are {:.3g} component-steps "
        "(steps x dim); a run on a problem may take at most {:.0e} (about 20 s), so at most {} steps here",
        counts.back(), problem.name, problem.x0.size(), cost, kMaxRunComponentSteps,
        static_cast<std::int64_t>(kMaxRunComponentSteps / double(problem.x0.size()))));
  PluginStudy out;
  out.reference_free = problem.reference_free();
  // The coarsest grid's times, thinned by a divisor of n_0 so they stay grid times.
  std::int64_t m = counts.front();
  for (std::int64_t g = 1; g <= counts.front(); ++g)
    if (counts.front() % g == 0 && counts.front() / g <= opt.max_samples) {
      m = counts.front() / g;
      break;
    }
  out.sample_times = equally_spaced_samples(problem.t0, problem.t_end, static_cast<int>(m));

  struct Task {
    std::size_t scheme;
    std::int64_t n;
  };
  std::vector<Task> tasks;
  for (std::size_t s = 0; s < schemes.size(); ++s)
    for (auto n : counts) tasks.push_back({s, n});
  std::function<void(const PluginRun&, int, int)> progress;
  if (opt.progress) progress = [&](const PluginRun& r, int done, int total) { opt.progress(r.row, done, total); };
  // Untrusted code runs in children, under one budget for the study (its
  // problem index is 0: the study has one problem).
  const bool untrusted_problem = !problem.untrusted.empty();
  RunBudget budget(opt.budget);
  const int constraints = problem.view->constraints().size();
  std::vector<double> claims;
  for (const auto& s : schemes) claims.push_back(s.make()->claimed_order());
  // Each rung over grid phases (studies/engine/grid_phases.hpp) where the
  // problem has a solution to measure against; a reference-free problem's
  // errors are distances between the plain grids' samples.
  const GridPhases phases = problem.reference_free() ? GridPhases::none() : opt.phases;
  auto runs = run_tasks<PluginRun>(
      tasks.size(), opt.executor,
      [&](std::size_t i) {
        const Task& t = tasks[i];
        // A run finished before a kill (--resume): its row and samples, bit for bit.
        if (opt.journal)
          if (auto done = opt.journal->find_with_payload(problem.name, problem.parameters, schemes[t.scheme].label, t.n))
            if (measured_as(done->first, phases)) {
              PluginRun r{std::move(done->first), {}, {}};
              read_child_value(done->second, r.samples);
              return r;
            }
        ChildRunner child;
        if (untrusted_problem || opt.isolate)
          child = budgeted_child_runner(budget, constraints,
                                        untrusted_problem ? problem_plugin_child_limits() : ChildLimits{});
        auto g = guarded_run(problem, schemes[t.scheme].make, t.n, opt.points_per_step, out.sample_times, child,
                             schemes[t.scheme].label, claims[t.scheme], phases);
        g.run.row.scheme = schemes[t.scheme].label;
        if (opt.journal && journaled(g.run.row.status)) opt.journal->record(g.run.row, child_value(g.run.samples));
        return PluginRun{std::move(g.run.row), std::move(g.run.samples), std::move(g.fault)};
      },
      progress);
  for (const auto& r : runs) {
    if (r.row.status == RunStatus::not_run) {
      if (out.gave_up.empty()) out.gave_up = r.fault;
      continue;
    }
    if (!is_fault(r.row.status) && r.row.status != RunStatus::problem_fault) continue;
    out.problem_faults += r.row.status == RunStatus::problem_fault;
    out.faults.push_back(fmt::format("{} at h = {:.6g} ({} steps): {}: {}", r.row.scheme, r.row.h, r.row.steps,
                                     to_string(r.row.status), r.fault));
  }

  for (std::size_t s = 0; s < schemes.size(); ++s) {
    std::vector<LadderRun> ladder;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < tasks.size(); ++i)
      if (tasks[i].scheme == s) {
        ladder.push_back({runs[i].row.h, runs[i].samples, runs[i].row.noise_floor, runs[i].row.status == RunStatus::ok});
        index.push_back(i);
      }
    const RunRow& head = runs[index.front()].row;
    out.richardson.push_back(
        {schemes[s].label, reference_free_estimate(ladder, head.claimed_order, head.claim_is_sharp, opt.richardson)});
    if (out.reference_free) {
      // Each row's error: its distance to the next finer run (the finest has none).
      const auto d = successive_differences(ladder);
      for (std::size_t i : index) {
        RunRow& r = runs[i].row;
        if (r.status == RunStatus::diverged) continue;  // already infinite
        r.error_uniform = r.error_grid = std::numeric_limits<double>::quiet_NaN();
        for (std::size_t k = 0; k + 1 < d.h.size(); ++k)
          if (d.h[k + 1] == r.h) {
            r.error_uniform = r.error_grid = d.d[k];
            r.noise_floor = d.floors[k];
          }
      }
    }
  }
  out.study.name = "plugin";
  for (auto& r : runs) out.study.rows.push_back(std::move(r.row));
  out.study.fits = fit_rows(out.study.rows, opt.fit);
  return out;
}

std::vector<std::string> plugin_study_findings(const PluginStudy& s) {
  std::vector<std::string> out;
  if (!s.faults.empty())
    out.push_back(fmt::format(
        "**{} run{} failed as program{}** ({} of them the problem's fault, not the scheme's; their rows carry the "
        "status, every finished run is kept): {}",
        s.faults.size(), s.faults.size() > 1 ? "s" : "", s.faults.size() > 1 ? "s" : "", s.problem_faults,
        [&] {
          std::string all;
          for (const auto& f : s.faults) all += (all.empty() ? "" : "; ") + f;
          return all;
        }()));
  if (!s.gave_up.empty()) out.push_back("**Runs not started**: " + s.gave_up + ".");
  if (s.reference_free)
    out.push_back(fmt::format(
        "**Reference-free study**: the problem has no exact solution and no reference run was used. Each row's error "
        "is its distance to the next finer run at {} common sample times (grid times of every rung); the order, the "
        "grid convergence index (GCI, Roache) and the asymptotic-range indicator come from the ladder itself "
        "(`studies/engine/richardson.md`). The fitted order below is the slope of those distances.",
        s.sample_times.size()));
  for (const auto& e : s.richardson) {
    std::string line = fmt::format("{} — Richardson estimate from the two finest triples: {}; {}.", e.scheme,
                                   describe(e.estimate), e.estimate.reason);
    const SchemeFit* f = nullptr;
    for (const auto& x : s.study.fits)
      if (x.scheme == e.scheme) f = &x;
    if (!s.reference_free && f && std::isfinite(f->fit.order) && std::isfinite(e.estimate.order)) {
      const bool inside = e.estimate.order >= f->fit.ci_low && e.estimate.order <= f->fit.ci_high;
      line += fmt::format(" Against the exact solution the fitted order is {:.3f} [{:.3f}, {:.3f}]; the "
                          "reference-free estimate {} inside that interval.",
                          f->fit.order, f->fit.ci_low, f->fit.ci_high, inside ? "lies" : "does NOT lie");
    }
    out.push_back(line);
  }
  return out;
}

}  // namespace sweepcheck
