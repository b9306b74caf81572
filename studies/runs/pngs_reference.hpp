#pragma once
// A reference solution computed by PNGS at a fine step (the disks' of
// seed 000, Section 4.3, and the audit's crowd): h_ref = T / steps, stored at
// `samples` + 1 equally spaced times (every steps/samples steps). The options
// type O has steps, abstol, reltol, samples and max_sweeps; each problem
// keeps its own options struct (defaults, cache key), and both share the
// rules and the run below.
#include <fmt/format.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "sweepcheck/solvers/schemes/pngs.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"

namespace sweepcheck {

// Progress of a reference computation: called with the fraction of its steps
// done, in [0, 1], at every stored sample (not when the cache answers). The
// app prints a progress line from it; the computation does not depend on it.
using ReferenceProgress = std::function<void(double)>;

// The options' rules; messages start with `who` (the options struct's name).
template <class O>
void validate_pngs_reference(const O& o, const std::string& who) {
  if (o.samples < 1) throw std::invalid_argument(who + ": samples must be >= 1");
  if (o.steps < o.samples || o.steps % o.samples != 0)
    throw std::invalid_argument(who + ": steps must be a positive multiple of samples");
  if (!(o.abstol >= 0) || !(o.reltol >= 0) || !(o.abstol > 0 || o.reltol > 0))
    throw std::invalid_argument(who + ": abstol/reltol must be >= 0, not both 0");
  if (o.max_sweeps < 1) throw std::invalid_argument(who + ": max_sweeps must be >= 1");
  if (o.steps > kMaxSteps)
    throw std::invalid_argument(
        fmt::format("{}: steps = {} exceeds the limit of {:.0e} steps", who, o.steps, double(kMaxSteps)));
}

// The PNGS run itself; a run that does not end ok is an error naming `what`
// ("disks reference: PNGS run ended with status ..."), never a reference.
template <Problem P, class O>
SampledReference<double> compute_pngs_reference(const P& p, const O& o, const std::string& what,
                                                const ReferenceProgress& progress = {}) {
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
    throw std::runtime_error(fmt::format("{}: PNGS run ended with status {} at step {}", what, to_string(s.status),
                                         s.fail_step));
  return ref;
}

}  // namespace sweepcheck
