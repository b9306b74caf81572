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
#include "studies/integrate.hpp"
#include "studies/reference_cache.hpp"

namespace sweepcheck {

struct DisksReferenceOptions {
  std::int64_t steps = 4000000;  // reference steps; h_ref = T / steps (paper: 1e-6 for T = 4)
  double abstol = 1e-12;         // PNGS (38), paper's value
  double reltol = 1e-10;         // PNGS (38), paper's value
  int samples = 400;             // comparison times τ_i = i T / samples, i = 0..samples
  int max_sweeps = 100000;       // PNGS cap; a capped reference is an error, never cached
  // Fraction of the reference steps done, called at each sample time while it
  // is computed (minutes on a fresh cache); not part of the key.
  std::function<void(double)> progress = {};

  void validate() const {
    if (samples < 1) throw std::invalid_argument("DisksReferenceOptions: samples must be >= 1");
    if (steps < samples || steps % samples != 0)
      throw std::invalid_argument("DisksReferenceOptions: steps must be a positive multiple of samples");
    if (!(abstol >= 0) || !(reltol >= 0) || !(abstol > 0 || reltol > 0))
      throw std::invalid_argument("DisksReferenceOptions: abstol/reltol must be >= 0, not both 0");
    if (max_sweeps < 1) throw std::invalid_argument("DisksReferenceOptions: max_sweeps must be >= 1");
  }

  std::string key(const DisksOptions& p) const {
    return fmt::format("disks-reference v1 | {} | pngs abstol={:.17g} reltol={:.17g} max_sweeps={} steps={} samples={}",
                       p.key(), abstol, reltol, max_sweeps, steps, samples);
  }
};

inline SampledReference<double> compute_disks_reference(const Disks<double>& p, const DisksReferenceOptions& o) {
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
      if (o.progress) o.progress(static_cast<double>(k) / static_cast<double>(o.steps));
    }
  };
  const RunSummary s = integrate(p, pngs, o.steps, obs);
  if (s.status != RunStatus::ok)
    throw std::runtime_error(fmt::format("disks reference: PNGS run ended with status {} at step {}", to_string(s.status),
                                         s.fail_step));
  return ref;
}

inline CachedReference disks_reference(const DisksOptions& p, const DisksReferenceOptions& o) {
  o.validate();
  return cached_reference(o.key(p), [&] { return compute_disks_reference(Disks<double>(p), o); });
}

}  // namespace sweepcheck
