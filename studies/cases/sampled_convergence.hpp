#pragma once
// A self-convergence study in the manner of seed 001, Section 5: no exact
// solution, so each scheme's runs with the step sizes of an explicit list are
// compared with a reference run at time samples t_i (error (24),
// sampled_error.hpp). The reference is any scheme spec and step (the paper:
// the same scheme at h_min = 0.01). Schemes: with_scheme_for. Rows and fits are the foundation's
// RunRow / fit_rows, so reports, CSV and figures work unchanged; the error
// columns hold e_h of (24).
#include <functional>
#include <string>
#include <vector>

#include "sweepcheck/solvers/core/problem.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"
#include "sweepcheck/studies/engine/step_list.hpp"

namespace sweepcheck {

struct SampledStudyOptions {
  std::vector<double> steps{0.02, 0.025, 0.04, 0.05, 0.0625, 0.08, 0.1, 0.2, 0.5};  // seed 001, Section 5
  int samples = 10;  // m of (24): t_i = i T / m
  Executor executor;  // threads and MPI ranks for independent runs (studies/runs/executor.hpp)
  IntegrateOptions integrate;
  FitOptions fit;  // expected_order is taken from each scheme's claim
  std::function<void(const RunRow&, int done, int total)> progress;

  void validate() const {
    if (steps.empty()) throw std::invalid_argument("SampledStudyOptions: steps is empty");
    if (samples < 1) throw std::invalid_argument("SampledStudyOptions: samples must be >= 1");
    executor.validate("SampledStudyOptions");
    integrate.validate();
    fit.validate();
  }
};

// One run recorded at the sample times, as a row whose error is still unset.
template <class T>
struct SampledRun {
  RunRow row;
  std::vector<Vec<T>> samples;
};

// n steps of `scheme` (spec: its label) recorded at `times`, whatever
// dispatched the scheme (run_sampled here, run_recorded for the catalogue).
template <Problem P, class Scheme>
SampledRun<typename P::Scalar> record_run(const P& problem, const std::string& parameters, const SchemeSpec& spec,
                                          const Scheme& scheme, std::int64_t n, const std::vector<double>& times,
                                          const IntegrateOptions& iopt) {
  using T = typename P::Scalar;
  const double span = to_double(problem.t_end() - problem.t0());
  SampleRecorder<T> rec(times);
  ViolationObserver<T, std::decay_t<decltype(problem.constraints())>> viol(problem.constraints());
  auto obs = observers(rec, viol);
  const RunSummary s = integrate(problem, scheme, n, obs, iopt);
  SampledRun<T> out;
  out.row = make_run_row(problem, parameters, spec, scheme, n, span / double(n), s, viol);
  if (s.status != RunStatus::diverged && rec.complete()) out.samples = rec.samples();
  return out;
}

// One run of the scheme `spec` names with n steps, recorded at `times`; a
// scheme that cannot run on P is refused with what it needs (with_scheme_for).
template <Problem P>
SampledRun<typename P::Scalar> run_recorded(const P& problem, const std::string& parameters, const SchemeSpec& spec,
                                            std::int64_t n, const std::vector<double>& times,
                                            const IntegrateOptions& iopt) {
  return with_scheme_for<P>(spec, problem.name(), [&](const auto& scheme) {
    return record_run(problem, parameters, spec, scheme, n, times, iopt);
  });
}

// The same with the step h (seed 001's step lists): n = steps_for(T, h).
template <Problem P>
SampledRun<typename P::Scalar> run_sampled(const P& problem, const std::string& parameters, const SchemeSpec& spec,
                                           double h, const std::vector<double>& times, const IntegrateOptions& iopt) {
  const std::int64_t n = steps_for(to_double(problem.t_end() - problem.t0()), h);
  return run_recorded(problem, parameters, spec, n, times, iopt);
}

// Bit-exact encoding for MPI ranks (studies/runs/run_codec.hpp), found by ADL.
inline void encode(codec::Writer& w, const SampledRun<double>& r) { codec::encode(w, r.row), codec::encode(w, r.samples); }
inline void decode(codec::Reader& r, SampledRun<double>& x) { codec::decode(r, x.row), codec::decode(r, x.samples); }

// Sets the row's error from its samples and the reference's: e_h of (24)
// (infinite when either run diverged). The noise floor grows by the
// reference's own.
template <class T>
void set_sampled_error(RunRow& row, const std::vector<Vec<T>>& samples, const SampledRun<T>& reference) {
  if (row.status == RunStatus::diverged || samples.empty() || reference.samples.empty()) {
    row.error_uniform = row.error_grid = row.error_final = std::numeric_limits<double>::infinity();
    return;
  }
  row.error_uniform = row.error_grid = to_double(max_sample_distance(samples, reference.samples));
  if (samples.size() == reference.samples.size()) row.error_final = to_double((samples.back() - reference.samples.back()).norm());
  row.noise_floor += reference.row.noise_floor;
}

// Every scheme in `schemes` with every step of opt.steps, against
// `references[s]` (one reference run per scheme, from run_sampled). With
// `runs`, the runs themselves (rows and samples) are kept there too (the
// reference-free cross-check, studies/engine/reference_free.hpp).
template <Problem P>
std::vector<RunRow> run_sampled_rows(const P& problem, const std::string& parameters,
                                     const std::vector<SchemeSpec>& schemes,
                                     const std::vector<SampledRun<typename P::Scalar>>& references,
                                     const SampledStudyOptions& opt,
                                     std::vector<SampledRun<typename P::Scalar>>* runs = nullptr) {
  using T = typename P::Scalar;
  opt.validate();
  if (references.size() != schemes.size()) throw std::invalid_argument("run_sampled_rows: one reference per scheme");
  const double span = to_double(problem.t_end() - problem.t0());
  for (double h : opt.steps) (void)steps_for(span, h);  // reject bad steps before any work
  const auto times = equally_spaced_samples(to_double(problem.t0()), to_double(problem.t_end()), opt.samples);
  struct Task {
    std::size_t scheme;
    double h;
  };
  std::vector<Task> tasks;
  for (std::size_t s = 0; s < schemes.size(); ++s)
    for (double h : opt.steps) tasks.push_back({s, h});
  std::function<void(const SampledRun<T>&, int, int)> progress;
  if (opt.progress) progress = [&](const SampledRun<T>& r, int done, int total) { opt.progress(r.row, done, total); };
  auto all = run_tasks<SampledRun<T>>(
      tasks.size(), opt.executor,
      [&](std::size_t i) {
        auto run = run_sampled(problem, parameters, schemes[tasks[i].scheme], tasks[i].h, times, opt.integrate);
        set_sampled_error(run.row, run.samples, references[tasks[i].scheme]);
        return run;
      },
      progress);
  std::vector<RunRow> rows;
  for (const auto& r : all) rows.push_back(r.row);
  if (runs) *runs = std::move(all);
  return rows;
}

}  // namespace sweepcheck
