#pragma once
// `sweepcheck study --problem-plugin lib.so`: a convergence study of in-tree
// or plugin schemes on a problem plugin (studies/runs/problem_plugin.hpp).
//
// The ladder is nested: n_k = n_0 r^k steps (integer r >= 2), so every grid
// contains the coarsest grid's times, and successive solutions are compared
// there, at grid values, with no interpolation. With the plugin's exact
// solution the rows hold the uniform error and are fitted as every study;
// without it the study is reference-free: each row's error is its distance to
// the next finer run (the finest has none), and the order, the GCI and the
// asymptotic range come from the Richardson estimate (studies/engine/richardson.md).
// The Richardson estimate is computed in both cases, so with an exact solution
// it is checked against the referenced fit.
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "studies/runs/erased_run.hpp"
#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"
#include "studies/runs/run_budget.hpp"
#include "studies/runs/run_journal.hpp"
#include "studies/runs/scheme_factory.hpp"

namespace sweepcheck {

struct PluginStudyOptions {
  double h_max = 0.1;        // coarsest step, realised as span / n_0 with n_0 = ceil(span / h_max)
  int points = 6;            // rungs n_0 r^k, k = 0..points-1
  int ratio = 2;             // r
  int max_samples = 1000;    // the coarsest grid's times, thinned to at most this many (still grid times)
  int points_per_step = 8;   // interpolant samples per step for the uniform error (exact solution only)
  // Each rung the worst over grid phases where its plain grid has events
  // (studies/engine/grid_phases.hpp; exact solution only).
  GridPhases phases{};
  Executor executor;  // threads and MPI ranks for independent runs (studies/runs/executor.hpp)
  FitOptions fit;            // expected_order is taken from each scheme's claim
  RichardsonOptions richardson;
  // Runs that call untrusted code go to child processes (studies/runs/
  // isolated_run.hpp): always on a problem plugin (AuditProblem::untrusted),
  // and for every scheme when `isolate` (a scheme plugin). Their time limits
  // and the hang and crash budget are the audit's (studies/runs/run_budget.hpp):
  // after budget.max_timeouts runs timed out (or max_crashes crashed with none
  // finished) the remaining runs are not started (status not-run).
  bool isolate = false;
  RunBudgetOptions budget;
  std::function<void(const RunRow&, int done, int total)> progress;
  // --resume (studies/runs/run_journal.hpp): each finished run's row and
  // samples are journaled, and a run found there is not run again. Null: none.
  std::shared_ptr<RunJournal> journal;

  void validate() const;
};

// n_0 r^k, k = 0..points-1 (throws naming the field when the finest exceeds 1e9 steps).
std::vector<std::int64_t> nested_step_counts(double span, const PluginStudyOptions& opt);

struct PluginStudy {
  ConvergenceStudy study;
  // Runs that failed as programs, were not started, or where the problem
  // made the fault: one sentence each naming the run and the cause (for a
  // problem fault: the plugin, the call and t). Their rows are in the study
  // with that status; every finished run's row is kept.
  std::vector<std::string> faults;
  int problem_faults = 0;  // how many of them are the problem's
  std::string gave_up;     // non-empty: the budget stopped starting runs, and why
  bool reference_free = true;
  std::vector<SchemeEstimate> richardson;  // one per scheme, in the order given
  std::vector<double> sample_times;
};

// The schemes: one named factory each (catalog_scheme_factory or load_plugin).
PluginStudy run_plugin_study(const AuditProblem& problem, const std::vector<NamedScheme>& schemes,
                             const PluginStudyOptions& opt);

// Markdown bullets for the summary: per scheme, the Richardson estimate, and
// (with an exact solution) how it compares with the referenced fit.
std::vector<std::string> plugin_study_findings(const PluginStudy& s);

}  // namespace sweepcheck
