#pragma once
// The crowd evacuation of seed 001, Section 5 (analytic/crowd_evacuation.hpp)
// as an audit problem: disks against each other AND against the room's walls,
// the many-constraint problem Venel's scheme (seed 001, (11)) was made for.
// No exact solution: errors are measured against a cached PNGS reference at
// its sample times, as on the disks (studies/audit/problems/audit_disks.hpp); the plugin view
// exposes every pair and every (disk, wall) constraint
// (analytic/crowd_view.hpp). Choices and why: studies/audit/audit.md, "Problems".
#include <cstdint>
#include <string>
#include <vector>

#include "sweepcheck/analytic/crowd_evacuation.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/reference_cache.hpp"
#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {

// The reference: PNGS (seed 000, (38)) at a tight tolerance and a fine step
// h_ref = T / steps, stored at samples + 1 equally spaced times.
struct CrowdReferenceOptions {
  std::int64_t steps = 400000;
  double abstol = 1e-12;
  double reltol = 1e-10;
  int samples = 500;
  int max_sweeps = 100000;  // a capped reference is an error, never cached

  void validate() const;
  std::string key(const CrowdOptions& c) const;
};

struct CrowdAuditOptions {
  // A small crowd in a small room (measured choice: studies/audit/audit.md): every
  // scheme through the view looks at all N(N−1)/2 + 5N constraints per sweep.
  CrowdOptions crowd{.people = 20, .radius = 0.2, .room = 3, .door_width = 0.8, .t_end = 1, .seed = 1};
  // h_ref = T / steps = 2.5e-6, compared every 2e-3 (500 sample times).
  CrowdReferenceOptions reference{};
  // From 5e-3 (PBD's local orders 0.90, 0.93, 0.98, then 1.00: from 0.05 the
  // pre-asymptotic rungs left PBD's interval barely reaching 1, measured) to
  // 1e-4 = 40 h_ref, 10 rungs (4.4 a decade, as the disks' ladder). 1e-4 and
  // not 10 h_ref: Venel's and Moreau–Euler's audits on 5e-3 … 5e-5 took 2×
  // as long (ME 64 s alone on 2 loaded cores) for the same verdicts.
  StepLadder ladder{5e-3, 1e-4, 10};
  // Probe base points: the reference at these sample times.
  std::vector<double> probe_times{0.0, 0.25, 0.5, 1.0};

  void validate() const;
};

// Computes (or loads from the cache) the reference at h_ref and at 2 h_ref.
CachedReference crowd_reference(const CrowdOptions& c, const CrowdReferenceOptions& o);

// The audit problem; reference_error = max_i |x_{2 h_ref}(τ_i) − x_{h_ref}(τ_i)|
// (for an order-1 reference, the h_ref run's own error).
AuditProblem crowd_audit_problem(const CrowdAuditOptions& o = {});

}  // namespace sweepcheck
