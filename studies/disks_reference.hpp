#pragma once
// The reference solution of the disks problem (seed 000, Section 4.3): PNGS
// with reltol = 1e-10, abstol = 1e-12 and a fine step h_ref = T / steps,
// stored at `samples` + 1 equally spaced times (every steps/samples steps)
// and cached (studies/reference_cache.hpp) under a key naming every
// parameter that changes it.
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "analytic/disks.hpp"
#include "solvers/pngs.hpp"
#include "solvers/resource_limits.hpp"
#include "studies/integrate.hpp"
#include "studies/reference_cache.hpp"

namespace sweepcheck {

struct DisksReferenceOptions {
  std::int64_t steps = 4000000;  // reference steps; h_ref = T / steps (paper: 1e-6 for T = 4)
  double abstol = 1e-12;         // PNGS (38), paper's value
  double reltol = 1e-10;         // PNGS (38), paper's value
  int samples = 400;             // comparison times τ_i = i T / samples, i = 0..samples
  int max_sweeps = 100000;       // PNGS cap; a capped reference is an error, never cached

  void validate() const {
    if (samples < 1) throw std::invalid_argument("DisksReferenceOptions: samples must be >= 1");
    if (steps < samples || steps % samples != 0)
      throw std::invalid_argument("DisksReferenceOptions: steps must be a positive multiple of samples");
    if (!(abstol >= 0) || !(reltol >= 0) || !(abstol > 0 || reltol > 0))
      throw std::invalid_argument("DisksReferenceOptions: abstol/reltol must be >= 0, not both 0");
    if (max_sweeps < 1) throw std::invalid_argument("DisksReferenceOptions: max_sweeps must be >= 1");
    if (steps > kMaxSteps)
      throw std::invalid_argument(fmt::format("DisksReferenceOptions: steps = {} exceeds the limit of {:.0e} steps",
                                              steps, double(kMaxSteps)));
  }

  std::string key(const DisksOptions& p) const {
    return fmt::format("disks-reference v1 | {} | pngs abstol={:.17g} reltol={:.17g} max_sweeps={} steps={} samples={}",
                       p.key(), abstol, reltol, max_sweeps, steps, samples);
  }
};

// Progress of a reference computation: called with the fraction of its steps
// done, in [0, 1], at every stored sample (not when the cache answers). The
// app prints a progress line from it; the computation does not depend on it.
using ReferenceProgress = std::function<void(double)>;

inline SampledReference<double> compute_disks_reference(const Disks<double>& p, const DisksReferenceOptions& o,
                                                        const ReferenceProgress& progress = {}) {
  o.validate();
  Pngs<double>::Options po;
  po.abstol = o.abstol;
  po.reltol = o.reltol;
  po.max_sweeps = o.max_sweeps;
  const Pngs<double> pngs(po);
  const std::int64_t every = o.steps / o.samples;
  SampledReference<double> ref;
  auto obs = [&](std::int64_t k, double t, const Vec<double>& x) {
    if (k % every == 0) {
      ref.times.push_back(t);
      ref.states.push_back(x);
      if (progress) progress(double(k) / double(o.steps));
    }
  };
  const RunSummary s = integrate(p, pngs, o.steps, obs);
  if (s.status != RunStatus::ok)
    throw std::runtime_error(fmt::format("disks reference: PNGS run ended with status {} at step {}", to_string(s.status),
                                         s.fail_step));
  return ref;
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
  return cached_reference(o.key(p), expect, [&] { return compute_disks_reference(Disks<double>(p), o, progress); });
}

}  // namespace sweepcheck
