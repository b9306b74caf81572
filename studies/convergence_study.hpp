#pragma once
// A convergence study is a value: the rows of its error table and the order
// fits computed from them. Printing, CSV, figures and test assertions all read
// this value (DiffEqDevTools' ConvergenceSimulation is the model).
//
// run_convergence is just a loop over schemes × step sizes; runs are
// independent and may be spread over `jobs` threads without changing any
// number (each run is sequential, rows are stored by index).
#include <algorithm>
#include <cmath>
#include <functional>
#include <fmt/format.h>

#include <memory>
#include <type_traits>
#include <typeinfo>
#include <string>
#include <vector>

#include "solvers/problem.hpp"
#include "studies/claim.hpp"
#include "studies/error_observers.hpp"
#include "studies/fit_order.hpp"
#include "studies/integrate.hpp"
#include "studies/parallel_runs.hpp"
#include "studies/run_journal.hpp"
#include "studies/reference_cache.hpp"
#include "studies/run_row_cache.hpp"
#include "studies/refinement.hpp"
#include "studies/run_row.hpp"
#include "studies/sampled_reference.hpp"
#include "studies/scheme_catalog.hpp"
#include "studies/step_ladder.hpp"

namespace sweepcheck {

struct SchemeFit {
  std::string problem;
  std::string parameters;
  std::string scheme;
  OrderFit fit;         // the verdict: over the study's steps and any refined rungs
  OrderFit ladder_fit;  // over the study's own steps only (the paper's list), shown beside it
  // The error at the final time T over the same rows, shown beside the
  // uniform error's fit; the claims use the uniform norm (the papers' norm).
  OrderFit final_fit;
};

struct ConvergenceStudy {
  std::string name;
  std::vector<RunRow> rows;
  std::vector<SchemeFit> fits;

  const SchemeFit* find_fit(const std::string& problem, const std::string& scheme) const {
    for (const auto& f : fits)
      if (f.problem == problem && f.scheme == scheme) return &f;
    return nullptr;
  }
};

// Fits the uniform error of every (problem, parameters, scheme) group, in order
// of first appearance, against the scheme's claimed order.
std::vector<SchemeFit> fit_rows(const std::vector<RunRow>& rows, FitOptions base = {});

// The order claim of one fit: the verdict of the refined fit, stating the
// given steps' fit beside it ("on the paper's list: …; refined to h = …: …").
Claim order_claim(const SchemeFit& f, const std::string& id, const std::string& statement);

// The order point of a row: its uniform error, noise floor, whether it
// finished cleanly, and its measured seconds.
OrderPoint order_point(const RunRow& r);
// The same for the error at the final time.
OrderPoint final_order_point(const RunRow& r);
// The fit of the error at the final time over `members` of `rows`.
OrderFit final_time_fit(const std::vector<RunRow>& rows, const std::vector<std::size_t>& members, const FitOptions& opt);

// Refines every (problem, parameters, scheme) group of `rows` (studies/
// refinement.hpp), groups in parallel on `jobs` threads: run_at(head, h) runs
// the group's scheme (`head` is its first row) at about h. The new rows are
// appended (marked refined); the fits are returned, each with its ladder fit.
template <class RunAt>
std::vector<SchemeFit> refine_rows(std::vector<RunRow>& rows, const FitOptions& base, const RefineOptions& ro, int jobs,
                                   RunAt run_at) {
  struct Group {
    std::size_t head;
    std::vector<std::size_t> members;
  };
  std::vector<Group> groups;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      const RunRow& h = rows[g.head];
      return h.problem == rows[i].problem && h.parameters == rows[i].parameters && h.scheme == rows[i].scheme;
    });
    if (it == groups.end()) groups.push_back({i, {i}});
    else it->members.push_back(i);
  }
  std::vector<SchemeFit> fits(groups.size());
  std::vector<std::vector<RunRow>> added(groups.size());
  parallel_for(groups.size(), jobs, [&](std::size_t g) {
    const RunRow& head = rows[groups[g].head];
    FitOptions opt = base;
    opt.expected_order = head.claimed_order;
    opt.expected_is_sharp = head.claim_is_sharp;
    std::vector<OrderPoint> points;
    for (auto i : groups[g].members) points.push_back(order_point(rows[i]));
    fits[g] = {head.problem, head.parameters, head.scheme, {}, fit_order(points, opt), {}};
    fits[g].fit = refine_fit(points, opt, ro, [&](double h) {
      RunRow r = run_at(head, h);
      r.refined = true;
      added[g].push_back(r);
      return order_point(r);
    });
  });
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<RunRow> all;
    for (auto i : groups[g].members) all.push_back(rows[i]);
    all.insert(all.end(), added[g].begin(), added[g].end());
    std::vector<std::size_t> members(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) members[i] = i;
    FitOptions opt = base;
    opt.expected_order = rows[groups[g].head].claimed_order;
    opt.expected_is_sharp = rows[groups[g].head].claim_is_sharp;
    fits[g].final_fit = final_time_fit(all, members, opt);
  }
  for (auto& a : added) rows.insert(rows.end(), a.begin(), a.end());
  return fits;
}

struct StudyOptions {
  StepLadder ladder;
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  int jobs = 1;             // threads running independent (scheme, h) runs
  IntegrateOptions integrate;
  FitOptions fit;           // expected_order is taken from each scheme's claim
  RefineOptions refine;     // refinement before judging (fit_order.md); max_new_rungs = 0: the ladder only
  // The reference's own error estimate (0 for an exact solution; for a
  // sampled reference, its distance to a reference at twice its step), added
  // to every row's noise floor: no fitted error may be comparable to it.
  double reference_error = 0;
  std::function<void(const RunRow&, int done, int total)> progress;
  // Finished runs are recorded here and taken from here on --resume (null: none).
  std::shared_ptr<RunJournal> journal;
  // Take finished rows from, and add new ones to, the run-row cache in the
  // reference cache folder (studies/run_row_cache.hpp; not under mpirun with
  // several ranks): a warm report does not run its studies again.
  bool cache_rows = false;

  void validate() const {
    ladder.validate();
    refine.validate();
    integrate.validate();
    fit.validate();
    if (points_per_step < 1) throw std::invalid_argument("StudyOptions: points_per_step must be >= 1");
    if (jobs < 1) throw std::invalid_argument("StudyOptions: jobs must be >= 1");
    if (!(reference_error >= 0)) throw std::invalid_argument("StudyOptions: reference_error must be >= 0");
  }
};

// The row of one finished run, everything but its error: identity, step,
// status, work, violation, and the noise floor n · (ε · (scale + 1) + the
// inner solver's tolerance) that the order fit uses (studies/fit_order.md).
template <Problem P, class Scheme, class Violation>
RunRow make_run_row(const P& problem, const std::string& parameters, const SchemeSpec& spec, const Scheme& scheme,
                    std::int64_t n, double h, const RunSummary& s, const Violation& viol) {
  using T = typename P::Scalar;
  RunRow row;
  row.problem = problem.name();
  row.parameters = parameters;
  row.scheme = spec.label();
  row.claimed_order = Scheme::claimed_order();  // what the scheme says of itself (solvers/scheme_traits.hpp)
  row.claim_is_sharp = Scheme::claim_is_sharp;
  row.steps = n;
  row.t_end = to_double(problem.t_end());
  row.h = h;
  row.status = s.status;
  row.fail_step = s.fail_step;
  row.inner_cap_hits = s.inner_cap_hits;
  row.work = s.work;
  row.wall_seconds = s.wall_seconds;
  row.scale = to_double(viol.scale());
  row.violation = to_double(viol.violation());
  row.max_increment = to_double(viol.max_increment());
  T inner_tol(0);
  if constexpr (requires { scheme.inner_tolerance(T(1)); }) inner_tol = scheme.inner_tolerance(viol.scale());
  row.noise_floor = to_double(T(n) * (epsilon<T>() * (viol.scale() + T(1)) + inner_tol));
  return row;
}

// One run of one scheme with n steps, error measured against `reference`
// (any callable t ↦ x(t)).
template <Problem P, class Reference>
RunRow run_one(const P& problem, const std::string& parameters, const Reference& reference, const SchemeSpec& spec,
               std::int64_t n, const StudyOptions& opt) {
  using T = typename P::Scalar;
  // A scheme that cannot run on P is refused with what it needs (with_scheme_for).
  return with_scheme_for<P>(spec, problem.name(), [&](const auto& scheme) -> RunRow {
    // A SampledReference is compared at its sample times; any other reference densely.
    auto make_error_observer = [&] {
      if constexpr (std::is_same_v<Reference, SampledReference<T>>)
        return SampledErrorObserver<T>(reference);
      else
        return UniformErrorObserver<T, const Reference&>(reference, opt.points_per_step);
    };
    auto err = make_error_observer();
    ViolationObserver<T, std::decay_t<decltype(problem.constraints())>> viol(problem.constraints());
    auto obs = observers(err, viol);
    const RunSummary s = integrate(problem, scheme, n, obs, opt.integrate);

    const double h = to_double((problem.t_end() - problem.t0()) / T(n));
    RunRow row = make_run_row(problem, parameters, spec, scheme, n, h, s, viol);
    row.noise_floor += opt.reference_error;
    if (s.status == RunStatus::diverged) {
      row.error_uniform = row.error_grid = row.error_final = std::numeric_limits<double>::infinity();
    } else {
      row.error_uniform = to_double(err.uniform_error());
      row.error_grid = to_double(err.grid_error());
      row.error_final = to_double(err.final_error());
    }
    return row;
  });
}

// The run-row cache of a study (studies/run_row_cache.hpp) when
// opt.cache_rows asks for one, else null. Its key holds everything a row
// depends on besides its own (problem, parameters, scheme label, steps): the
// study, the problem's type, the points per step, the integrate options, the
// reference's error estimate, the reference by its content (an exact solution
// by the problem's type and parameters) and the program's identity. Not under
// mpirun with several ranks, nor for a multiprecision reference.
template <Problem P, class Reference>
std::unique_ptr<RunRowCache> open_row_cache(const std::string& study_name, const P& problem,
                                            const std::string& parameters, const Reference& reference,
                                            const StudyOptions& opt) {
  const RunDistributor* mpi = run_distributor();
  if (!opt.cache_rows || (mpi && mpi->size() > 1)) return nullptr;
  const auto program = program_identity();
  if (!program) return nullptr;
  std::string ref = "exact";
  if constexpr (requires { reference.times; reference.states; }) {
    using T = std::decay_t<decltype(reference.times[0])>;
    using X = std::decay_t<decltype(reference.states[0][0])>;
    if constexpr (std::is_same_v<T, double> && std::is_same_v<X, double>) {
      std::string bytes;
      for (std::size_t k = 0; k < reference.times.size(); ++k) {
        bytes.append(reinterpret_cast<const char*>(&reference.times[k]), sizeof(double));
        const auto& x = reference.states[k];
        bytes.append(reinterpret_cast<const char*>(x.data()), sizeof(double) * static_cast<std::size_t>(x.size()));
      }
      ref = fmt::format("sampled:{}:{:016x}", reference.times.size(), fnv1a64(bytes));
    } else {
      return nullptr;
    }
  }
  return std::make_unique<RunRowCache>(
      reference_cache_folder(),
      fmt::format("study={} type={} problem={} parameters={} points_per_step={} blowup={:a} reference_error={:a} "
                  "reference={} program={:016x}",
                  study_name, typeid(P).name(), problem.name(), parameters, opt.points_per_step,
                  opt.integrate.blowup_factor, opt.reference_error, ref, *program));
}

// run_one through the cache: a row found there is returned as stored (its
// measured seconds too, so refinement decides as it did), a new one added.
template <Problem P, class Reference>
RunRow run_one_cached(RunRowCache* cache, const P& problem, const std::string& parameters,
                      const Reference& reference, const SchemeSpec& spec, std::int64_t n, const StudyOptions& opt) {
  if (cache)
    if (auto row = cache->find(problem.name(), parameters, spec.label(), n)) return *row;
  RunRow row = run_one(problem, parameters, reference, spec, n, opt);
  if (cache) cache->add(row);
  return row;
}

template <Problem P, class Reference>
ConvergenceStudy run_convergence(const std::string& study_name, const P& problem, const std::string& parameters,
                                 const Reference& reference, const std::vector<SchemeSpec>& schemes,
                                 const StudyOptions& opt) {
  opt.validate();
  const auto counts = opt.ladder.step_counts(to_double(problem.t_end() - problem.t0()));
  struct Task {
    std::size_t scheme;
    std::int64_t n;
  };
  std::vector<Task> tasks;
  for (std::size_t s = 0; s < schemes.size(); ++s)
    for (auto n : counts) tasks.push_back({s, n});

  ConvergenceStudy study;
  study.name = study_name;
  const auto cache = open_row_cache(study_name, problem, parameters, reference, opt);
  auto run_cached = [&](const SchemeSpec& spec, std::int64_t n) {
    return run_one_cached(cache.get(), problem, parameters, reference, spec, n, opt);
  };
  study.rows = run_in_parallel(
      tasks.size(), opt.jobs,
      [&](std::size_t i) {
        const SchemeSpec& spec = schemes[tasks[i].scheme];
        return journaled(opt.journal.get(), problem.name(), parameters, spec.label(), tasks[i].n,
                         [&] { return run_cached(spec, tasks[i].n); });
      },
      opt.progress);

  const double span = to_double(problem.t_end() - problem.t0());
  study.fits = refine_rows(study.rows, opt.fit, opt.refine, opt.jobs, [&](const RunRow& head, double h) {
    for (const auto& spec : schemes)
      if (spec.label() == head.scheme)
        return run_cached(spec, std::max<std::int64_t>(1, std::llround(span / h)));
    throw std::logic_error("refine: no scheme labelled " + head.scheme);
  });
  if (cache) cache->save();
  return study;
}

}  // namespace sweepcheck
