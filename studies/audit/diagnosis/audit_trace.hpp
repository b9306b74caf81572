#pragma once
// The diagnosis's own runs (studies/audit/diagnosis/diagnosis.hpp, issue 36): a few
// coarse steps of the audited scheme through a RecordingView
// (solvers/adapters/recording_view.hpp), and what the host sees of them: the
// times each step queries f and S at, how often each constraint is looked at
// and projected onto, which constraint carries the violation, and how far a
// step free of contact moves the state along f. They are separate from the
// ladder's runs (whose numbers stay those of the plain counting view) and
// cost a few coarse steps per problem.
#include <cstdint>
#include <string>
#include <vector>

#include "studies/runs/erased_run.hpp"
#include "studies/runs/run_codec.hpp"

namespace sweepcheck {

// One query of f (set = 0) or of the set S (set = 1) by the step from t_k.
struct TraceQuery {
  std::uint8_t set = 0;
  double t_k = 0, t_q = 0;
};

struct TraceRun {
  double h = 0;
  std::int64_t n = 0;      // the run's steps over [t0, t_end] (h = (t_end - t0) / n)
  std::int64_t steps = 0;  // the steps traced (the first ones)
  RunStatus status = RunStatus::ok;  // a fault or a non-finite state ends the trace early
  std::string fault;
  std::vector<TraceQuery> queries;        // per step, the distinct times f and S were queried at
  std::vector<std::int64_t> evaluations;  // per constraint: value, gradient, distance and project calls
  std::vector<std::int64_t> projections;  // per constraint: project calls that moved the point
  std::vector<double> violation;          // per constraint: max over steps of d_{S_j(t_{k+1})}(x_{k+1})
  std::int64_t project_calls = 0, polyhedron_calls = 0;
  // Steps from a point with every g_j above 2 h |f| to a point strictly
  // inside S (no constraint can have acted, not even one linearised at x),
  // with no projection that moved the point: <Φ_h(x) − x, f(t_k, x)> / (h |f(t_k, x)|²),
  // which is 1 + O(h) for every consistent scheme (seed 000, (15)).
  std::vector<double> free_gain;
  // Per coordinate i (issue 47, component_evidence.hpp), with Δ = Φ_h(x) − x
  // and h f = h f(t_k, x): over the free steps above, Σ Δ_i h f_i, Σ (h f_i)²
  // and Σ Δ_i²; over every traced step, Σ |Δ_i|; over the steps where a
  // projection moved the point, Σ |Δ_i − h f_i| (what the projections added
  // to the Euler step), and how many of those projections act on coordinate i
  // (the constraint's gradient at the step's end has a non-zero entry i).
  std::vector<double> free_dx_hf, free_hf2, free_dx2, moved, correction;
  std::vector<std::int64_t> projected_support;
  // Per constraint: moving projections after which none of the coordinates
  // it acts on differs from x + h f at the step's end (to 1e-12 of its motion):
  // the projection's correction never reached the state.
  std::vector<std::int64_t> unreached;
  // Per traced step k (issue 47, state_stencil.hpp): the state the step's f
  // calls were evaluated at, as a lag d (f at x_{k−d}) among the known states
  // x_k, x_{k−1}, ..., x_{k−kKnownLags+1} and x_0, the most recent that
  // matches bit for bit; the smallest over the step's calls. -1: no call took
  // a known state (only intermediate ones: a predictor, a stage); -2: no f
  // call. A step whose state equals an earlier one is read as the most recent.
  std::vector<std::int64_t> f_state_lag;
  // max |f(t_k, x_k)| over the traced steps: the field's size, which the
  // diagnosis reads a settled consistency defect against (step_floor_findings).
  double field_scale = 0;
  // The contact frame (issue 57, contact_frame.hpp). Per step whose Euler
  // predictor p = x + h f(t_k, x) violates some constraint at t_{k+1} (the
  // exact local motion then has x' − f in the cone of those constraints'
  // normals, so its part orthogonal to them is f's): how many constraints p
  // violates, how many distinct constraints the scheme's projections moved
  // the point for, and how many x_{k+1} still violates (by more than 1e-3 of
  // p's largest violation and round-off).
  std::vector<std::int64_t> violated_before, projected, violated_after;
  // Per such step where h f has a readable part orthogonal to the violated
  // constraints' normals at x_{k+1} (at least 0.1 of |h f|): the tangential
  // gain <Δ_T, (h f)_T> / |(h f)_T|², 1 + O(h) for a scheme of the seeds.
  std::vector<double> tangential_gain;
  // Per such step with exactly one violated constraint j, violated by at
  // least 0.01 h |f|: the step's correction along the unit normal n at p
  // against the one that reaches the boundary, <x_{k+1} − p, n> /
  // (−g_j(t_{k+1}, p) / |∇g_j(p)|): 1 + O(h) for a projection onto S_j(t_{k+1}).
  std::vector<double> normal_ratio;
  // The same against S_j(t_k) (NaN where p does not violate it): a set
  // queried one step late (within the theory) reads 1 here.
  std::vector<double> normal_ratio_lag;
  // Lift-offs (issue 57, a contact held as an equality): steps from x on the
  // boundary of S_j (|g_j(t_k, x)| / |∇g_j| within 1e-9 (1 + |x|)) whose
  // Euler predictor lies inside S_j(t_{k+1}) by at least 0.1 |h f| (the field
  // pulls the point off: the sweeping process's multiplier falls to 0, nothing
  // may hold it), and of them, the steps whose x_{k+1} is back on that
  // boundary (within 1e-3 |h f|): held. A scheme of the seeds leaves such a
  // point inside (PBD does not project onto a set its predictor lies in).
  std::int64_t liftoff_steps = 0, liftoff_held = 0;
  // Landings (issue 57, a landing left uncorrected): per step from x strictly
  // inside S_j(t_k) (g_j above round-off) whose Euler predictor p violates
  // S_j(t_{k+1}) by at least 0.01 |h f|: where along the step the crossing
  // falls, φ = g_j(t_k, x) / (g_j(t_k, x) − g_j(t_{k+1}, p)) in (0, 1), and
  // whether the step left p's violation of S_j as it was (no project call
  // moved the point for j, x_{k+1} violates S_j(t_{k+1}) by at least
  // (1 − 1e-6) of p's distance, and p violates S_j by 0.01 |h f| at a time
  // the step read S at, t_{k+1} if none: a crossing made by the set's motion
  // alone, read at t_k, is a one-step lag of S, a note). A scheme of the
  // seeds corrects every violated constraint it reaches: none is left.
  std::vector<double> landing_phase;
  std::vector<char> landing_left;
};
inline constexpr int kKnownLags = 8;

// The first `steps` steps of a run with n steps over the problem's interval,
// from its start, the calls recorded host side. Throws nothing for a scheme's
// run-time trouble: a throwing step or a non-finite state ends the trace
// with that status.
TraceRun trace_run(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, std::int64_t steps);

// Two runs with step h = (t_end - t0) / n side by side, from the given start
// and from a perturbed one, for at most `steps` steps: |x_k' − x_k| per
// step and the unit direction of the difference at the last step where it is
// still small (below 1e-3 of the state's size: the linearised regime), which
// is the unstable mode a large-step failure from a perturbed start grows in.
struct GrowthTrace {
  double h = 0;
  std::vector<double> gap;  // |x_k' − x_k|, k = 0..
  Vec<double> direction;    // unit; empty when the gap never grew
  int direction_step = -1;  // the step it was taken at
};
GrowthTrace trace_growth(const AuditProblem& given, const AuditProblem& perturbed, const SchemeFactory& scheme,
                         std::int64_t n, std::int64_t steps);

void encode(codec::Writer& w, const TraceRun& x);
void decode(codec::Reader& r, TraceRun& x);
void encode(codec::Writer& w, const GrowthTrace& x);
void decode(codec::Reader& r, GrowthTrace& x);

}  // namespace sweepcheck
