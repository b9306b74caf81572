#pragma once
// The type-erased problem and one run of a scheme on it. A problem (in-tree,
// a cached-reference battery problem, or a problem plugin) is held behind the
// plugin view, so the audit and the plugin study run every scheme through one
// code path: run_stepper integrates, observes the error, the violation and
// the work, and hashes every state.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "studies/runs/isolated_run.hpp"
#include "studies/runs/run_budget.hpp"
#include "studies/runs/scheme_factory.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"
#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {

// A problem type-erased behind the plugin view (named for its first user, the
// audit; the plugin study runs on it too).
struct AuditProblem {
  std::string name;        // "sliding"
  std::string parameters;  // "d=3 C=1 alpha=0.19635"
  std::shared_ptr<const plugin::ProblemView> view;  // stateless: shared by every run
  Vec<double> x0;
  double t0 = 0, t_end = 1;

  // The solution errors are measured against: exactly one of
  //  - exact: x(t) for every t; the error is the uniform error of the
  //    scheme's piecewise-linear interpolant (points_per_step samples a step);
  //  - sampled: a reference known only at its sample times τ_i (a cached fine
  //    run); the error is max_i |x_h(τ_i) − x_ref(τ_i)| (SampledErrorObserver,
  //    the error of `study pbd-paper`), never an interpolated reference.
  std::function<Vec<double>(double)> exact;
  std::shared_ptr<const SampledReference<double>> sampled;
  // An estimate of the sampled reference's own error at its sample times
  // (0 for an exact solution). It is added to every convergence row's noise
  // floor, so the order fit drops errors within fit.floor_factor of it.
  double reference_error = 0;
  // Neither: the problem is reference-free (a problem plugin without an exact
  // solution, studies/runs/problem_plugin.hpp); the audit then compares successive
  // ladder runs at common sample times and judges the Richardson estimate
  // (studies/engine/richardson.md).
  bool reference_free() const { return !exact && !sampled; }
  // One sentence naming the error measure, shown in audit.md / audit.json.
  std::string error_measure;
  // Where the reference came from (e.g. the cache file), shown in audit.md.
  std::string notes;
  // What S(t) is, in a few words ("the complement of a translating ball"):
  // the audit names it when a scheme cannot run on this problem (the
  // catching-up schemes need a polyhedron, solvers/adapters/polyhedral_stepper.hpp).
  std::string set_description;
  // Non-empty: the problem's own code is untrusted (a problem plugin), named
  // so ("problem plugin 'libp.so'"): every run on it goes to a child process
  // (guarded_run), and its faults are blamed on it (studies/runs/problem_guard.hpp).
  std::string untrusted;

  // The convergence ladder (checks 1-3); empty: thresholds.ladder. A sampled
  // reference bounds how small the steps can usefully go.
  std::optional<StepLadder> ladder;
  // The smallest step refinement may ask for (0: no limit but the noise
  // floor): 10 h_ref for a sampled reference, below which the reference's
  // own error would enter the errors (as RefineOptions::h_floor in the studies).
  double h_floor = 0;

  // P_{S(t)}(y) for y near S (exact or a reference projector). Empty: the
  // consistency probe skips this problem.
  std::function<Vec<double>(double t, const Vec<double>& y)> project;
  // Base points (t_i, x*_i) of the consistency probe, x*_i ∈ S(t_i): points
  // of the solution (exact, or the reference at a sample time).
  std::vector<std::pair<double, Vec<double>>> probe_points;
  // More base points, taken from exact(t) at these times where the probe
  // runs: a problem plugin's code answers in the child that runs the probe,
  // never in the host (studies/runs/problem_plugin.cpp, audit_problem_from).
  std::vector<double> probe_times;
  // Large-step robustness goes up to steps of this size (the time the free
  // motion needs to cross the problem's length scale).
  double time_scale = 1;
  // The set's largest speed sup_t |s'(t)| (0 for a static set): a solution is
  // dragged up to this fast beyond what f moves it, so it adds to the
  // velocity scale of the violation floor and the large-step bound.
  double set_speed = 0;
  // What distinguishes the problem within the battery, in the words of the
  // audit's diagnosis (studies/audit/diagnosis/diagnosis.hpp, "Patterns"): "moving set",
  // "time-dependent field", "several constraints active together", "curved
  // boundary", "flat boundary", "contacts switch", "non-identity metric";
  // and the measured ones audit_problems() adds (dimension, bodies, state
  // scale, the field's stiffness: studies/audit/problems/problem_tags.hpp).
  // Empty for a problem plugin (nothing is known of it).
  std::vector<std::string> tags;
  // The coordinates per body when the state is a list of bodies laid out one
  // after the other (x = (X_0, X_1, ...), X_i of this size: 2 for the disks
  // and the crowd); 0 when the problem has no bodies. The diagnosis speaks of
  // bodies, not coordinates, where it can (studies/audit/diagnosis/component_evidence.hpp).
  int body_dim = 0;
};

// "name parameters" (studies/engine/run_row.hpp, problem_label).
inline std::string problem_label(const AuditProblem& p) { return problem_label(p.name, p.parameters); }

// One run of a stepper with n steps (a fresh instance from the factory);
// host-side counted work; the FNV-1a hash of every state's bytes.
// With sample_times, the states x_h(τ_i) are recorded too (the piecewise-
// linear interpolant; empty if the run diverged). A reference-free problem
// gets error NaN: its errors come from comparing runs (studies/engine/richardson.md).
// A non-finite value the problem itself made (from finite inputs) ends the
// run as RunStatus::problem_fault with the cause in problem_fault.
struct AuditRun {
  RunRow row;
  std::uint64_t hash = 0;
  std::vector<Vec<double>> samples;
  std::string problem_fault;
};
// The row measure_rung reads and replaces (studies/engine/grid_phases.hpp).
inline RunRow& rung_row(AuditRun& r) { return r.row; }
// `phase`: the grid's (studies/engine/grid_phases.hpp; 0 the plain grid).
AuditRun run_stepper(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                     const std::vector<double>& sample_times = {}, double phase = 0);

// A ladder rung of n steps measured as `phases` says (measure_rung,
// studies/engine/grid_phases.hpp): the plain grid's run, then the other
// phases where they are spent; the row is the worst phase's, the samples and
// the hash the plain grid's. A phase that does not finish (a problem fault,
// a non-finite state, a divergence) is the rung's result, as it is.
AuditRun run_rung(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                  const std::vector<double>& sample_times, const GridPhases& phases);

// A run whose process failed or was not started: identity only, no numbers.
RunRow fault_row(const AuditProblem& p, const std::string& scheme, double claimed, std::int64_t n, RunStatus status);

// How a caller runs work in a child (its time limit, its budget: the audit's
// and the plugin study's RunBudget); `steps` sizes the time limit.
using ChildRunner = std::function<ChildResult(const std::function<std::string()>& work, std::int64_t steps)>;

// Runs in children under `budget` (one problem, index 0, with `constraints`
// constraints): a run the budget refuses is not started (not-run, with the
// reason), one still going when the budget gives up is stopped, and every
// started run is recorded. The plugin study's and a study's external
// schemes' runner; `budget` must outlive it.
ChildRunner budgeted_child_runner(RunBudget& budget, int constraints, ChildLimits base = {});

// One run that may call untrusted code (a scheme plugin, a problem plugin):
// in a child through `child` when it is set, else in process. The row's
// status says how it ended: a scheme fault (crashed, timed-out, threw,
// non-finite), problem-fault when the child was inside a call into the
// problem plugin or the problem made the first non-finite value, not-run when
// the budget refused it; `fault` is the cause (naming the plugin, the call
// and t for a problem fault). The rows and samples of a run that finished
// come back bit for bit.
struct GuardedRun {
  AuditRun run;
  std::string fault;
  std::int64_t steps_done = -1;  // steps finished when a child run failed (-1: not known)
};
// `phases`: a ladder rung's grid phases (run_rung), in the same child; none: one plain grid.
GuardedRun guarded_run(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                       const std::vector<double>& sample_times, const ChildRunner& child,
                       const std::string& scheme_label, double claimed_order,
                       const GridPhases& phases = GridPhases::none());

}  // namespace sweepcheck
