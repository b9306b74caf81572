#pragma once
// Grid phases (issue 55): a ladder rung at step h measured as a convergence
// theorem bounds it, uniformly over grids.
//
// Why: where the exact solution has an event (a landing, a lift-off, a
// corner), a correct first-order scheme's error there is C(φ) h, φ the
// event's place inside its step. Along a geometric ladder φ wanders, so the
// constant jumps from rung to rung (0.116 to 0.45 on the closed-form LCS)
// and the local orders scatter (±0.7 on a point landing on a moving wave):
// no order fit can read them. A convergence theorem bounds
// sup over grids of the error at step h (seed 000, Theorem 3.3; seed 001,
// Theorem 3.4), so a rung's error is measured as the worst over K grids of
// step h whose first step is φ_i h, φ_i = i / K (phase 0 is the plain grid):
// the worst of K phases is within a factor 1 − 1/(4K²) of the supremum for
// a kink (φ(1 − φ) of the phase nearest 1/2), and the local orders settle
// (studies/engine/fit_order.md, "Grid phases": the measured scatter table).
//
// A phased grid with n steps of h = span / n and phase φ ∈ (0, 1):
//   t_0 = t0, t_k = t0 + (k − 1 + φ) h (k = 1..n), t_{n+1} = t_end:
// n + 1 steps, the first φ h, the last (1 − φ) h, every other h. Times are
// computed from k, never accumulated (integrate.hpp). φ = 0 is the plain
// grid t_k = t0 + k h, k = 0..n, bit for bit as before.
//
// Where phases are spent (GridPhases::when): on every rung (always), or
// only on the rungs whose plain-grid run had an event with a velocity jump
// (at_events, the default): a step where the active set {j : |g_j| <= tol}
// of the scheme's own states changed and its discrete velocity jumped by
// more than a tenth of its largest (ActiveSetObserver, error_observers.hpp).
// Without one the error does not depend on where the grid falls to first
// order (a C¹ lift-off, a contact held throughout), and the extra phases
// would only cost.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sweepcheck/studies/engine/run_row.hpp"
#include "sweepcheck/studies/engine/run_status.hpp"

namespace sweepcheck {

struct GridPhases {
  enum class When { never, at_events, always };
  // K: grids per rung (phase i's first step is (i / K) h). 1: the plain grid only.
  int count = 4;
  // at_events: the phases 1..K−1 only on a rung whose plain-grid run had an
  // event with a velocity jump; always: on every rung; never: as count = 1.
  When when = When::at_events;

  void validate() const {
    if (count < 1 || count > 64)
      throw std::invalid_argument(fmt::format("GridPhases: count must lie in [1, 64] (got {})", count));
  }
  // The phases of a rung whose plain-grid run had (`events`) or had not an event.
  std::vector<double> phases(bool events) const {
    validate();
    std::vector<double> out{0.0};
    if (when == When::never || (when == When::at_events && !events)) return out;
    for (int i = 1; i < count; ++i) out.push_back(double(i) / double(count));
    return out;
  }
  static GridPhases none() { return {1, When::never}; }
};

inline std::string to_string(GridPhases::When w) {
  switch (w) {
    case GridPhases::When::never: return "never";
    case GridPhases::When::at_events: return "at-events";
    case GridPhases::When::always: return "always";
  }
  return "?";
}
// "at-events" / "always" / "never" (the command line's --phases-at); throws on anything else.
inline GridPhases::When parse_phases_when(const std::string& s) {
  for (auto w : {GridPhases::When::never, GridPhases::When::at_events, GridPhases::When::always})
    if (to_string(w) == s) return w;
  throw std::invalid_argument("phases: expected at-events, always or never (got '" + s + "')");
}

// Whether a row kept from an earlier run (a journal, --resume) was measured
// as a rung measured by `g` now would be: over the phases g spends on a run
// with its events (a rung without events: the plain grid alone).
inline bool measured_as(const RunRow& done, const GridPhases& g) {
  return std::size_t(done.phases) == g.phases(done.events > 0).size();
}

// The phased grid of a run: n steps of h = span / n, first step φ h.
template <class T>
struct PhasedGrid {
  T t0, t_end;
  std::int64_t n;
  T phase;  // in [0, 1)

  void validate() const {
    if (n < 1) throw std::invalid_argument("a grid needs at least one step (got " + std::to_string(n) + ")");
    if (!(phase >= T(0) && phase < T(1)))
      throw std::invalid_argument("a grid phase must lie in [0, 1)");
  }
  T h() const { return (t_end - t0) / T(n); }
  bool plain() const { return phase == T(0); }
  // The number of steps: n on the plain grid, n + 1 on a phased one.
  std::int64_t steps() const { return plain() ? n : n + 1; }
  // t_k, computed from k (never accumulated); t_steps() = t_end exactly.
  T time(std::int64_t k) const {
    if (k == 0) return t0;
    if (k >= steps()) return t_end;
    if (plain()) return t0 + T(k) * h();
    return t0 + (T(k - 1) + phase) * h();
  }
  // The size of step k (from t_k to t_{k+1}): h on the plain grid (as
  // before phases), φ h first and (1 − φ) h last on a phased one.
  T step(std::int64_t k) const {
    if (plain()) return h();
    if (k == 0) return phase * h();
    if (k + 1 == steps()) return t_end - time(k);
    return h();
  }
};

// The row of a rung measured on several grid phases: the worst phase's row
// (its error, status and work: one run's), with phases = how many grids
// were run, phase = the worst one's φ, error_phase_best = the smallest
// uniform error over the phases (the band: results.csv and audit.json keep
// it; the figures do not draw it yet), the largest
// violation and increment of any phase, and the work units of every phase
// (phase_work_units: what refinement budgets). A phase that did not finish
// makes the rung's row that phase's (its status says why).
inline RunRow worst_over_phases(const std::vector<RunRow>& per_phase, const std::vector<double>& phases) {
  if (per_phase.empty() || per_phase.size() != phases.size())
    throw std::invalid_argument("worst_over_phases: one row per phase is needed");
  std::size_t worst = 0;
  bool failed = false;
  for (std::size_t i = 0; i < per_phase.size(); ++i) {
    const RunRow& r = per_phase[i];
    if (r.status != RunStatus::ok) {
      if (!failed) worst = i;
      failed = true;
      continue;
    }
    if (failed) continue;
    const double e = r.error_uniform, w = per_phase[worst].error_uniform;
    if (std::isnan(w) || e > w) worst = i;
  }
  RunRow out = per_phase[worst];
  out.phases = static_cast<int>(per_phase.size());
  out.phase = phases[worst];
  double best = std::numeric_limits<double>::infinity(), units = 0;
  for (const auto& r : per_phase) {
    best = std::min(best, r.error_uniform);
    out.violation = std::max(out.violation, r.violation);
    out.max_increment = std::max(out.max_increment, r.max_increment);
    out.scale = std::max(out.scale, r.scale);
    out.noise_floor = std::max(out.noise_floor, r.noise_floor);
    out.error_grid = std::max(out.error_grid, r.error_grid);
    if (!std::isnan(r.error_final)) out.error_final = std::isnan(out.error_final) ? r.error_final : std::max(out.error_final, r.error_final);
    units += r.work_units();
    out.wall_seconds = std::max(out.wall_seconds, r.wall_seconds);
  }
  out.error_phase_best = best;
  out.phase_work_units = units;
  return out;
}

// The row of a phase's run: the run itself when it is a row; a richer run
// (studies/runs' AuditRun: a row with its samples and faults) supplies its
// own rung_row, found by argument-dependent lookup.
inline RunRow& rung_row(RunRow& r) { return r; }

// A rung of n steps measured as GridPhases says: run_phase(φ) runs the
// scheme on the grid of phase φ and returns its run (a RunRow, or a run
// with a rung_row). The plain grid first; the other phases only where `g`
// spends them (an event on the plain grid, or always) and the plain grid's
// run finished. A phase that does not finish is the rung's result as it is
// (its status and whatever its run carries say why); otherwise the plain
// grid's run with the worst over the phases as its row.
template <class RunPhase>
auto measure_rung(const GridPhases& g, RunPhase&& run_phase) {
  auto first = run_phase(0.0);
  const auto phases = g.phases(rung_row(first).events > 0);
  if (phases.size() == 1 || rung_row(first).status != RunStatus::ok) return first;
  std::vector<RunRow> rows{rung_row(first)};
  for (std::size_t i = 1; i < phases.size(); ++i) {
    auto run = run_phase(phases[i]);
    if (rung_row(run).status != RunStatus::ok) return run;
    rows.push_back(std::move(rung_row(run)));
  }
  rung_row(first) = worst_over_phases(rows, phases);
  return first;
}

}  // namespace sweepcheck
