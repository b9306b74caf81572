#pragma once
// The reference solution of the disks problem (seed 000, Section 4.3): PNGS
// with reltol = 1e-10, abstol = 1e-12 and a fine step h_ref = T / steps,
// stored at `samples` + 1 equally spaced times (every steps/samples steps)
// and cached (studies/runs/reference_cache.hpp) under a key naming every
// parameter that changes it.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "studies/runs/pngs_reference.hpp"
#include "studies/runs/reference_cache.hpp"
#include "sweepcheck/analytic/disks.hpp"

namespace sweepcheck {

struct DisksReferenceOptions {
  std::int64_t steps = 4000000;  // reference steps; h_ref = T / steps (paper: 1e-6 for T = 4)
  double abstol = 1e-12;         // PNGS (38), paper's value
  double reltol = 1e-10;         // PNGS (38), paper's value
  int samples = 400;             // comparison times τ_i = i T / samples, i = 0..samples
  int max_sweeps = 100000;       // PNGS cap; a capped reference is an error, never cached
  // The sweeps' order of pairs (solvers/neighbours/pair_order.hpp). Round robin since
  // issue 15: the same scheme and tolerances, a ~1.4x faster reference (its
  // projections overlap in the processor; bench/perf.md); the reference
  // moves by a third of its own error estimate (README, "Performance").
  PairOrder order = PairOrder::round_robin;

  void validate() const { validate_pngs_reference(*this, "DisksReferenceOptions"); }

  std::string key(const DisksOptions& p) const {
    // The (i, j) order keeps the key it had before the order was an option.
    return fmt::format(
        "disks-reference v1 | {} | pngs abstol={:.17g} reltol={:.17g} max_sweeps={} steps={} samples={}{}", p.key(),
        abstol, reltol, max_sweeps, steps, samples, order == PairOrder::index ? "" : " order=" + to_string(order));
  }
};

inline SampledReference<double> compute_disks_reference(const DisksOptions& p, const DisksReferenceOptions& o,
                                                        const ReferenceProgress& progress = {}) {
  o.validate();
  return compute_pngs_reference(Disks<double>(p, o.order), o, "disks reference", progress);
}

inline CachedReference disks_reference(const DisksOptions& p, const DisksReferenceOptions& o,
                                       const ReferenceProgress& progress = {}) {
  o.validate();
  // Row count, state size and span are known from the options: a file that
  // passes its own checks but not these is rejected too.
  const ReferenceExpectation expect{.rows = static_cast<std::size_t>(o.samples) + 1,
                                    .dimension = 2 * static_cast<Eigen::Index>(p.N),
                                    .t_first = 0.0,
                                    .t_last = p.t_end};
  p.validate();
  return cached_reference(o.key(p), expect,
                          [&] { return compute_disks_reference(p, o, progress); });
}

}  // namespace sweepcheck
