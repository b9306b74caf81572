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
// baseline's runs. Work is the deterministic count of what a run did,
// weighed by `WorkPrecisionOptions::weights` (solvers/core/work_weights.hpp;
// default 1·f evaluations + 1·constraint evaluations + 1·inner iterations, the
// f calls counted by the host, so a two-stage scheme pays for both stages;
// WorkWeights::paper() is the paper's axis, constraint evaluations alone),
// never seconds, so the comparison is the same on every machine; the weights
// are printed with every table and figure. No refinement: the steps are the
// comparison.
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
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "sweepcheck/scheme_instance.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work_weights.hpp"
#include "sweepcheck/steps.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {

struct WorkPrecisionOptions {
  Steps steps = Steps::standard();
  int points_per_step = 8;  // interpolant samples per step for the uniform error
  // The work axis: the weight of each counter (validated: finite, >= 0, not all 0).
  WorkWeights weights;
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

// Errors equal up to round-off are ties at matched work (issue 60): the
// baseline's error at a work is interpolated in log-log, log and exp of an
// error e each err by at most one rounding relative to |log e| <= 745 (the
// smallest double), so one computed from the very same rows as the scheme's
// differs from it by at most ~4 · 745 · 2^-53 ≈ 3.3e-13 relatively (a scheme
// against itself gave a ratio of 1 - 2.2e-16). A run whose ratio (baseline /
// scheme) is at least 1 - kMatchedWorkRoundOff counts as at least as
// accurate; 1e-12 is three times that bound and ten thousand times below the
// differences a precision-work claim is about (a few per cent and more).
inline constexpr double kMatchedWorkRoundOff = 1e-12;

// One scheme against the baseline at matched work.
struct MatchedWork {
  std::string scheme, baseline;
  int compared = 0;     // runs within the baseline's work range
  int as_accurate = 0;  // of those, runs whose error is at most the baseline's at the same work (ties included)
  int tied = 0;         // of those, runs whose error equals the baseline's to round-off (kMatchedWorkRoundOff)
  int outside = 0;      // runs outside the baseline's work range (not compared)
  // baseline error / scheme error at matched work, over the compared runs
  // (> 1: the scheme is more accurate for the same work).
  double min_ratio = std::numeric_limits<double>::quiet_NaN();
  double max_ratio = std::numeric_limits<double>::quiet_NaN();

  // At least one run compared, and at every compared run at least as accurate.
  bool at_least_as_accurate() const { return compared > 0 && as_accurate == compared; }
  // One line: "heun against euler at matched work: as accurate at 5/6 runs, error ratio 1.2 to 3.4, 1 outside".
  std::string summary() const;
};

struct WorkPrecisionSet {
  std::string problem;
  WorkWeights weights;                      // the work axis every comparison used
  std::vector<WorkPrecisionSeries> series;  // in the order given; the first is the baseline
  std::vector<MatchedWork> matched;         // every other scheme against the baseline
  std::vector<std::string> figure_files;    // the files written (empty without `figure`)

  const WorkPrecisionSeries& of(const std::string& scheme) const;  // std::invalid_argument when absent
  // The comparison of `scheme` (the scheme object or factory given to
  // compare_work_precision; found by its name()) with the baseline;
  // std::invalid_argument when it was not compared.
  template <class Scheme>
    requires(!std::convertible_to<const Scheme&, std::string_view>)
  const MatchedWork& against_baseline(const Scheme& scheme) const {
    return against_baseline_named(scheme_name(fresh_instance(scheme)));
  }
  const MatchedWork& against_baseline_named(const std::string& scheme) const;
  // One line: the problem, the schemes, the work axis and each comparison's count.
  std::string summary() const;
  // Writes work_precision.{dat,gp} (error against the weighed work, and
  // against seconds) and, when gnuplot is on the PATH, .png and .svg into
  // `dir` (sweepcheck/figures.hpp); returns the files written.
  std::vector<std::string> write_figures(const std::string& dir) const;
};

// The matched-work comparison of every series with series[0], work weighed by `weights`.
std::vector<MatchedWork> matched_work(const std::vector<WorkPrecisionSeries>& series, const WorkWeights& weights = {});
// Writes stem.dat and stem.gp and, when gnuplot is on the PATH, runs it for
// stem.png and stem.svg; returns the files written. std::runtime_error when
// a file cannot be written.
std::vector<std::string> write_work_precision_figure(const WorkPrecisionSet& w, const std::string& stem);
std::string describe(const WorkPrecisionSet& w);
std::ostream& operator<<(std::ostream& os, const WorkPrecisionSet& w);

// One scheme's series: a fresh instance per step count `n`, measured against
// `reference`. Shared by checked_work_precision and the Python package's
// loop over a list of schemes (python/sweepcheck_module.cpp).
template <Problem P, class Reference, class Scheme>
WorkPrecisionSeries work_precision_series(const P& problem, const Scheme& scheme, const Reference& reference,
                                          const std::vector<std::int64_t>& n, const WorkPrecisionOptions& options) {
  WorkPrecisionSeries s;
  s.scheme = scheme_name(fresh_instance(scheme));
  for (const std::int64_t k : n) {
    const auto instance = fresh_instance(scheme);
    RunRow row = measure_run(problem, instance, reference, k, options.points_per_step, options.integrate);
    row.scheme = s.scheme;
    s.rows.push_back(row);
  }
  return s;
}

// The set's matched work and, when asked, its figure, once its series are in.
inline void finish_work_precision(WorkPrecisionSet& w, const WorkPrecisionOptions& options) {
  w.matched = matched_work(w.series, w.weights);
  if (!options.figure.empty()) w.figure_files = write_work_precision_figure(w, options.figure);
}

template <Problem P, class Reference, class... Schemes>
WorkPrecisionSet checked_work_precision(const P& problem, const std::tuple<Schemes...>& schemes,
                                        const Reference& reference, const WorkPrecisionOptions& options) {
  options.validate();
  const double span = problem_span(problem, "compare_work_precision");
  const auto n = options.steps.step_counts(span);
  WorkPrecisionSet w;
  w.problem = problem.name();
  w.weights = options.weights;
  auto run_all = [&](const auto& scheme) {
    w.series.push_back(work_precision_series(problem, scheme, reference, n, options));
  };
  std::apply([&](const auto&... s) { (run_all(s), ...); }, schemes);
  finish_work_precision(w, options);
  return w;
}

// A problem or scheme lacking a member the engine uses is named in one
// static_assert here (sweepcheck/requirements.hpp).
template <class P, class Reference, class... Schemes>
  requires(!std::same_as<Reference, WorkPrecisionOptions>)
WorkPrecisionSet compare_work_precision(const P& problem, const std::tuple<Schemes...>& schemes,
                                        const Reference& reference, const WorkPrecisionOptions& options = {}) {
  static_assert(sizeof...(Schemes) >= 2, "compare_work_precision: give at least two schemes");
  if constexpr (!problem_meets_requirements<P>())
    return {};
  else if constexpr (!(scheme_meets_requirements<Schemes, P>() && ...))
    return {};
  else
    return checked_work_precision(problem, schemes, reference, options);
}

// Against the problem's exact solution.
template <HasExactMember P, class... Schemes>
WorkPrecisionSet compare_work_precision(const P& problem, const std::tuple<Schemes...>& schemes,
                                        const WorkPrecisionOptions& options = {}) {
  const auto exact = [&problem](const typename P::Scalar& t) { return problem.exact(t); };
  return compare_work_precision(problem, schemes, exact, options);
}

}  // namespace sweepcheck
