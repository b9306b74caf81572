#pragma once
// An explicit list of step sizes (seed 001, Section 5:
// h ∈ {0.02, 0.025, 0.04, 0.05, 0.0625, 0.08, 0.1, 0.2, 0.5}), each realised
// as h = T/n with an integer n; a step that does not divide the span T (to
// 1e-9 relative) is bad input, not silently rounded.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sweepcheck/solvers/core/resource_limits.hpp"

namespace sweepcheck {

inline std::int64_t steps_for(double span, double h) {
  if (!(span > 0) || !std::isfinite(span)) throw std::invalid_argument("step list: the time span must be > 0");
  if (!(h > 0) || !std::isfinite(h))
    throw std::invalid_argument(fmt::format("step list: every h must be > 0 and finite (got {:.6g})", h));
  const double n = static_cast<double>(checked_step_count("step list: h", span, h));
  if (std::abs(n * h - span) > 1e-9 * span)
    throw std::invalid_argument(fmt::format("step list: h = {:.6g} does not divide T = {:.6g}", h, span));
  return static_cast<std::int64_t>(n);
}

}  // namespace sweepcheck
