#pragma once
// Several schemes on one problem, error against work (DiffEqDevTools'
// WorkPrecisionSet), installed as <sweepcheck/work_precision.hpp>:
//
//   auto w = compare_work_precision(problem, std::tuple{MyScheme{}, Pbd<double>{}});
//   auto w = compare_work_precision(problem, std::tuple{...}, {.figure = "out/work_precision"});
//
// runs a fresh instance of every scheme on the same steps and returns the
// rows (h, work units, uniform and final-time error, seconds), and every
// scheme compared with the first (the baseline) at matched work, as the
// precision–work claims of seed 000 are judged (studies/cases/pbd_paper_claims.cpp):
// for each run of a scheme whose work lies within the baseline's range, the
// baseline's error at the same work, interpolated log-log along the
// baseline's runs. Work is the deterministic work units (steps + constraint
// evaluations + inner iterations), never seconds, so the comparison is the
// same on every machine. No refinement: the steps are the comparison.
//
// The figure: with `figure` set to a path stem, stem.dat and stem.gp (a
// gnuplot script, log-log error against work, one line per scheme) are
// written, and gnuplot, when it is on the PATH, renders stem.png and stem.svg
// from them. Plain files from the engine room: reports/' gnuplot helpers are
// not installed and the engine may not include reports/ (studies/README.md).
#include <cstddef>
#include <limits>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sweepcheck/scheme_instance.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/steps.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {

struct WorkPrecisionOptions {
  Steps steps = Steps::standard();
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  // Non-empty: the path stem of the figure (stem.dat, stem.gp; stem.png and
  // stem.svg when gnuplot is found). Its folder must exist.
  std::string figure;
  IntegrateOptions integrate;
  void validate() const;  // std::invalid_argument naming the option
};

struct WorkPrecisionSeries {
  std::string scheme;
  std::vector<RunRow> rows;  // one per step, largest h first
};

// One scheme against the baseline at matched work.
struct MatchedWork {
  std::string scheme, baseline;
  int compared = 0;     // runs within the baseline's work range
  int as_accurate = 0;  // of those, runs whose error is at most the baseline's at the same work
  int outside = 0;      // runs outside the baseline's work range (not compared)
  // baseline error / scheme error at matched work, over the compared runs
  // (> 1: the scheme is more accurate for the same work).
  double min_ratio = std::numeric_limits<double>::quiet_NaN();
  double max_ratio = std::numeric_limits<double>::quiet_NaN();
};

struct WorkPrecisionSet {
  std::string problem;
  std::vector<WorkPrecisionSeries> series;  // in the order given; the first is the baseline
  std::vector<MatchedWork> matched;         // every other scheme against the baseline
  std::vector<std::string> figure_files;    // the files written (empty without `figure`)

  const WorkPrecisionSeries& of(const std::string& scheme) const;  // std::invalid_argument when absent
  const MatchedWork& against_baseline(const std::string& scheme) const;
};

// The matched-work comparison of every series with series[0].
std::vector<MatchedWork> matched_work(const std::vector<WorkPrecisionSeries>& series);
// Writes stem.dat and stem.gp and, when gnuplot is on the PATH, runs it for
// stem.png and stem.svg; returns the files written. std::runtime_error when
// a file cannot be written.
std::vector<std::string> write_work_precision_figure(const WorkPrecisionSet& w, const std::string& stem);
std::string describe(const WorkPrecisionSet& w);
std::ostream& operator<<(std::ostream& os, const WorkPrecisionSet& w);

template <Problem P, class Reference, class... Schemes>
  requires(!std::same_as<Reference, WorkPrecisionOptions>)
WorkPrecisionSet compare_work_precision(const P& problem, const std::tuple<Schemes...>& schemes,
                                        const Reference& reference, const WorkPrecisionOptions& options = {}) {
  static_assert(sizeof...(Schemes) >= 2, "compare_work_precision: give at least two schemes");
  options.validate();
  const double span = problem_span(problem, "compare_work_precision");
  const auto n = options.steps.step_counts(span);
  WorkPrecisionSet w;
  w.problem = problem.name();
  auto run_all = [&](const auto& scheme) {
    WorkPrecisionSeries s;
    s.scheme = scheme_name(fresh_instance(scheme));
    for (const std::int64_t k : n) {
      const auto instance = fresh_instance(scheme);
      RunRow row = measure_run(problem, instance, reference, k, options.points_per_step, options.integrate);
      row.scheme = s.scheme;
      s.rows.push_back(row);
    }
    w.series.push_back(std::move(s));
  };
  std::apply([&](const auto&... s) { (run_all(s), ...); }, schemes);
  w.matched = matched_work(w.series);
  if (!options.figure.empty()) w.figure_files = write_work_precision_figure(w, options.figure);
  return w;
}

// Against the problem's exact solution.
template <HasExactSolution P, class... Schemes>
WorkPrecisionSet compare_work_precision(const P& problem, const std::tuple<Schemes...>& schemes,
                                        const WorkPrecisionOptions& options = {}) {
  const auto exact = [&problem](const typename P::Scalar& t) { return problem.exact(t); };
  return compare_work_precision(problem, schemes, exact, options);
}

}  // namespace sweepcheck
