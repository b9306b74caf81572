#pragma once
// The problems the audit runs every scheme on, type-erased behind the plugin
// view so the audit itself is one code path for all of them.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "solvers/plugin_api.hpp"
#include "solvers/scalar.hpp"
#include "studies/sampled_reference.hpp"
#include "studies/step_ladder.hpp"

namespace sweepcheck {

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
  // solution, studies/problem_plugin.hpp); the audit then compares successive
  // ladder runs at common sample times and judges the Richardson estimate
  // (studies/richardson.md).
  bool reference_free() const { return !exact && !sampled; }
  // One sentence naming the error measure, shown in audit.md / audit.json.
  std::string error_measure;
  // Where the reference came from (e.g. the cache file), shown in audit.md.
  std::string notes;
  // What S(t) is, in a few words ("the complement of a translating ball"):
  // the audit names it when a scheme cannot run on this problem (the
  // catching-up schemes need a polyhedron, solvers/polyhedral_stepper.hpp).
  std::string set_description;

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
  // Large-step robustness goes up to steps of this size (the time the free
  // motion needs to cross the problem's length scale).
  double time_scale = 1;
  // The set's largest speed sup_t |s'(t)| (0 for a static set): a solution is
  // dragged up to this fast beyond what f moves it, so it adds to the
  // velocity scale of the violation floor and the large-step bound.
  double set_speed = 0;
};

// THE list of audit problems (studies/audit_problems.cpp), in the order the
// short CI variants take them: the first `count` (0: all). Problems with a
// cached reference load (or compute) it only when they are in the list. The
// first entry is also used for precision–work and determinism.
std::vector<AuditProblem> audit_problems(int count = 0);

// The problems with a moving set or a time-dependent field
// (analytic/moving_sets.md), in audit_problems()'s order: the oscillating
// wall, the time-dependent field on a static wall, the translating ball, the
// translating ball complement. audit_problems() holds them as entries 5-8.
std::vector<AuditProblem> moving_audit_problems();

}  // namespace sweepcheck
