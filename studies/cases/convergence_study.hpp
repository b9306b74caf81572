#pragma once
// run_convergence: a convergence study over catalogue schemes × step sizes,
// executed and refined. Runs are independent and may be spread over the
// threads and MPI ranks of StudyOptions::executor without changing any
// number (each run is sequential, rows are stored by index); finished runs
// go to the journal (--resume) and, when asked, to the run-row cache.
//
// The pieces: the study value and its fits (studies/engine/study_fits.hpp),
// one run of a scheme (run_one.hpp), the order claim (order_claim.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <deque>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "studies/cases/paper_order_claim.hpp"
#include "studies/cases/run_one.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "studies/runs/reference_cache.hpp"
#include "studies/runs/run_row_cache.hpp"
#include "sweepcheck/studies/engine/fnv1a.hpp"
#include "sweepcheck/studies/engine/study_fits.hpp"

namespace sweepcheck {

// The run-row cache of a study (studies/runs/run_row_cache.hpp) when
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
  if (!opt.cache_rows || opt.executor.distributed()) return nullptr;
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
                  "reference={} program={:016x} phases={}@{}",
                  study_name, typeid(P).name(), problem.name(), parameters, opt.points_per_step,
                  opt.integrate.blowup_factor, opt.reference_error, ref, *program, opt.phases.count,
                  to_string(opt.phases.when)));
}

// run_one through the cache: a row found there is returned as stored (its
// measured seconds too, as information; refinement counts its work units,
// which the row determines), a new one added.
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
      tasks.size(), opt.executor,
      [&](std::size_t i) {
        const SchemeSpec& spec = schemes[tasks[i].scheme];
        return journaled(
            opt.journal.get(), problem.name(), parameters, spec.label(), tasks[i].n,
            [&] { return run_cached(spec, tasks[i].n); }, opt.phases);
      },
      opt.progress);

  // Schemes from outside the catalogue: the same ladder, each run in a child,
  // a budget per scheme (one that hangs does not stop the others). Their
  // finished runs are journaled (the journal's key holds their code's
  // identity: app/common.cpp, python_identity); a run that failed is not, so
  // a resumed study runs it again and names its fault again.
  const ExternalSchemes* ext = opt.external.get();
  const auto run_external_journaled = [&](std::size_t k, std::int64_t n, RunBudget& budget) {
    RunJournal* journal = opt.journal.get();
    if (journal)
      if (auto done = journal->find(problem.name(), parameters, ext->schemes[k].label, n))
        if (measured_as(*done, opt.phases)) return ExternalRun{*done, {}};
    ExternalRun r = run_external(*ext, k, n, opt.points_per_step, opt.reference_error, budget, opt.phases);
    if (journal && r.row.status == RunStatus::ok) journal->record(r.row);
    return r;
  };
  std::deque<RunBudget> budgets;
  std::mutex faults_mutex;
  std::vector<std::string> refine_faults;
  if (ext) {
    for (std::size_t k = 0; k < ext->schemes.size(); ++k) budgets.emplace_back(ext->budget);
    std::function<void(const ExternalRun&, int, int)> progress;
    if (opt.progress) progress = [&](const ExternalRun& r, int done, int total) { opt.progress(r.row, done, total); };
    const auto runs = run_tasks<ExternalRun>(
        ext->schemes.size() * counts.size(), opt.executor,
        [&](std::size_t i) {
          const std::size_t k = i / counts.size();
          return run_external_journaled(k, counts[i % counts.size()], budgets[k]);
        },
        progress);
    for (const auto& r : runs) {
      study.rows.push_back(r.row);
      if (!r.fault.empty() && ext->fault) ext->fault(r.fault);
    }
  }

  const double span = to_double(problem.t_end() - problem.t0());
  study.fits = refine_rows(study.rows, opt.fit, opt.refine, opt.executor.jobs, [&](const RunRow& head, double h) {
    const std::int64_t n = std::max<std::int64_t>(1, std::llround(span / h));
    for (const auto& spec : schemes)
      if (spec.label() == head.scheme) return run_cached(spec, n);
    for (std::size_t s = 0; ext && s < ext->schemes.size(); ++s)
      if (ext->schemes[s].label == head.scheme) {
        ExternalRun r = run_external_journaled(s, n, budgets[s]);
        if (!r.fault.empty()) {
          const std::lock_guard lock(faults_mutex);
          refine_faults.push_back(std::move(r.fault));
        }
        return r.row;
      }
    throw std::logic_error("refine: no scheme labelled " + head.scheme);
  });
  if (ext && ext->fault)
    for (const auto& f : refine_faults) ext->fault(f);
  if (cache) cache->save();
  return study;
}

}  // namespace sweepcheck
