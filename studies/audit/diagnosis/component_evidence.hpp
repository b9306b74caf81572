#pragma once
// Per-component evidence of the diagnosis (issue 47): where in the state the
// step does what. The whole-vector free-step gain g = <Φ_h(x) − x, f>/(h|f|²)
// (diagnosis.hpp) reads a scheme that moves 1 coordinate in 80 as one that
// moves every coordinate 1/80 as far; per coordinate, or per body where the
// problem has bodies (AuditProblem::body_dim), the two are told apart
// ("coordinates 3-79 never move; coordinates 0-2 move by h f"). Likewise for
// the projections: which coordinates the moving projections act on, and
// whether their correction reaches the state there.
//
// Pure functions of the traced runs' per-coordinate sums (TraceRun::free_dx_hf
// and the others, audit_trace.hpp), tested with known answers in
// component_evidence_test.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "studies/audit/diagnosis/audit_trace.hpp"
#include "studies/audit/diagnosis/diagnosis.hpp"

namespace sweepcheck {

// What a unit (a body, or one coordinate) does in the free steps of one run.
struct UnitMotion {
  enum Kind : std::uint8_t {
    unknown,  // the field is too small there to tell (Σ (h f_u)² below 1e-4 of the largest unit's)
    still,    // never moves: |Δ_u| <= 1e-12 |h f_u| summed over the free steps
    field,    // moves by g h f_u with |g − 1| <= 0.2 (a consistent step: 1 + O(h))
    other     // moves by g h f_u with another g
  };
  Kind kind = unknown;
  double gain = 0;  // Σ <Δ_u, h f_u> / Σ |h f_u|²
};

struct ComponentEvidence {
  double h = 0;        // the run the free steps are read from (the finest with at least 3)
  int free_steps = 0;  // 0: no run had 3 free steps (nothing is said of them)
  int unit_dim = 1;    // coordinates per unit: body_dim when every body moves as one, else 1
  std::vector<UnitMotion> units;
  // Per coordinate, summed over every traced run (audit_trace.hpp): Σ |Δ_i|
  // over every step, Σ |Δ_i − h f_i| over steps with a moving projection, and
  // the moving projections of constraints acting on coordinate i.
  std::vector<double> moved, correction;
  std::vector<std::int64_t> projected_support;
  // Per constraint, over every traced run: its moving projections, and those
  // whose correction reached none of its coordinates (TraceRun::unreached).
  std::vector<std::int64_t> projections, unreached;
  // The units do not all do the same: some never move or move with another
  // gain than the rest.
  bool split() const;
};

// The classification above, from the finest traced run with at least three
// free steps, for a problem whose bodies have `body_dim` coordinates (0: none).
ComponentEvidence component_evidence(const std::vector<TraceRun>& runs, int body_dim);

// The split in words, with the projections' part and where to look. Without
// a split, the projections' reach: the coordinates that moving projections
// act on and that move by h f alone in those steps, and the constraints whose
// every moving projection left the step's result at x + h f. Empty when
// every unit does the same and every projection reaches the state.
std::vector<Finding> component_findings(const std::string& problem, const ComponentEvidence& e);

// The free-step findings of one problem: the per-component split when there
// is one (the whole-vector gain is then an average of unlike parts and is not
// reported as a scalar gain), else free_step_findings (diagnosis.hpp).
// `claimed_order`: the audit's claim (NaN: none), for free_step_findings' law.
std::vector<Finding> free_step_evidence(const std::string& problem, const std::vector<TraceRun>& runs, int body_dim,
                                        double claimed_order = 1.0);

// Consecutive indices as ranges, numbered from 0: "0–2, 5, 7–79".
std::string index_ranges(const std::vector<int>& sorted);

}  // namespace sweepcheck
