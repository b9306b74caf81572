#pragma once
// The linear complementarity systems of seed 002, Section 7, as audit
// problems, seen as the sweeping process in z = P^{1/2} x (analytic/lcs.hpp:
// state z, S(t) = { z : C R⁻¹ z + G u(t) + F ≥ 0 }, f = R A R⁻¹ z + R E u(t)):
//  - the continuous ideal-diode circuit (Example 7.3, Fig. 2): a static
//    polyhedral cone and a time-dependent source u = 16 sin 6πt − 0.5, against
//    a cached fine exact catching-up reference at sample times;
//  - the closed-form LCS (analytic/lcs.md, Section 3): exact solution.
// Their views expose the polyhedron (solvers/adapters/polyhedral_view.hpp), so the
// catching-up schemes can be audited on them. Choices and measurements:
// studies/audit/audit.md, "Problems".
#include <cstdint>
#include <string>
#include <vector>

#include "sweepcheck/analytic/lcs_cases.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/reference_cache.hpp"
#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {

struct CircuitAuditOptions {
  CircuitOptions circuit{};  // continuous: G = 0, u = 16 sin 6πt − 0.5, T = 1
  // Exact catching-up (u integrated exactly), h_ref = T / reference_steps,
  // stored at samples + 1 times τ_i = i T / samples; the same at 2 h_ref for
  // the reference's error estimate.
  std::int64_t reference_steps = 2000000;
  int samples = 1000;
  // Smallest audited step 10 h_ref.
  StepLadder ladder{1e-2, 5e-6, 14};
  // Probe base points: the reference at these sample times.
  std::vector<double> probe_times{0.1, 0.3, 0.55, 0.8};

  void validate() const;
  std::string key(std::int64_t steps) const;  // the reference cache key at `steps` steps
};

// The circuit's reference at `steps` steps (cached, studies/runs/reference_cache.hpp).
CachedReference circuit_reference(const CircuitAuditOptions& o, std::int64_t steps);

// Loads (or computes and caches) the references at h_ref and 2 h_ref;
// reference_error = max_i |z_{2 h_ref}(τ_i) − z_{h_ref}(τ_i)| (as the disks).
AuditProblem circuit_audit_problem(const CircuitAuditOptions& o = {});

// The closed-form LCS with its exact solution z(t) = R x(t).
AuditProblem lcs_closed_form_audit_problem();

}  // namespace sweepcheck
