#pragma once
// An audit problem's sampled reference (the disks', the crowd's): a cached
// fine run at h_ref and the same at 2 h_ref, whose distance estimates the
// reference's own error (order 1: e(2h) − e(h) ≈ e(h)).
#include <string>

#include "studies/runs/erased_run.hpp"
#include "studies/runs/reference_cache.hpp"

namespace sweepcheck {

// Sets a.sampled (the fine run), a.reference_error (max_i |x_2h(τ_i) −
// x_h(τ_i)|), a.h_floor (10 h_ref), a.error_measure (naming `method`, e.g.
// "PNGS reltol 1e-10") and a.notes (where each run came from). a.t0 and
// a.t_end must be set. Both runs passed the cache's checks (row count,
// span), so differing sample times or a span other than [t0, t_end] are a
// harness bug: std::logic_error naming the problem and the files.
void set_sampled_reference(AuditProblem& a, const CachedReference& fine, const CachedReference& coarse, double h_ref,
                           const std::string& method);

}  // namespace sweepcheck
