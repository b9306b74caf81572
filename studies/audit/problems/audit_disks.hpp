#pragma once
// The non-overlapping disks (seed 000, Section 4.3) as an audit problem:
// no exact solution, so errors are measured against a cached PNGS reference
// at its sample times (studies/runs/disks_reference.hpp), and the plugin view
// exposes every pair constraint (analytic/disks_view.hpp). Choices and why:
// studies/audit/audit.md, "Problems".
#include <vector>

#include "sweepcheck/analytic/disks.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/disks_reference.hpp"
#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {

struct DisksAuditOptions {
  // The paper's N = 40, R = 0.1, γ = 1 with the documented well-conditioned
  // seed 4 (app/pbd_paper.md), on the horizon T = 0.5 where order 1 is
  // reached at affordable steps (at T = 4 the fits are pre-asymptotic, ~0.85).
  DisksOptions disks{.N = 40, .R = 0.1, .gamma = 1, .t_end = 0.5, .seed = 4};
  // h_ref = T / steps = 1e-5; compared every 1e-3 (500 sample times).
  DisksReferenceOptions reference{.steps = 200000, .samples = 500};
  // Smallest audited step 10 h_ref; 12 rungs (4.4 a decade, as the sliding
  // ladder's 20 over 4.7 decades) from T/10.
  StepLadder ladder{5e-3, 2.5e-5, 12};
  // Probe base points: the reference at these sample times (x0 has no
  // contact; the later ones have growing clusters of contacts).
  std::vector<double> probe_times{0.0, 0.125, 0.25, 0.5};

  void validate() const;
};

// Loads (or computes and caches) the reference at h_ref and, for its error
// estimate, at 2 h_ref: reference_error = max_i |x_{2 h_ref}(τ_i) − x_{h_ref}(τ_i)|,
// which for an order-1 reference estimates the h_ref run's own error
// (e(2h) − e(h) = e(h) when e(h) = c h).
AuditProblem disks_audit_problem(const DisksAuditOptions& o = {});

}  // namespace sweepcheck
