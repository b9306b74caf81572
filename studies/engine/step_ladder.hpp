#pragma once
// The step sizes of a convergence study: a geometric ladder between h_max and
// h_min. Each h is realised as h = span / n with an integer step count n, so
// every run ends exactly at t_end; the realised h is what is reported and
// fitted (no assumption of halving anywhere).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sweepcheck/solvers/core/resource_limits.hpp"

namespace sweepcheck {

struct StepLadder {
  double h_max = 0.1;   // largest step
  double h_min = 1e-4;  // smallest step
  int points = 13;      // number of rungs, geometric between h_max and h_min

  void validate() const {
    if (!(h_max > 0) || !std::isfinite(h_max))
      throw std::invalid_argument(fmt::format("StepLadder: h_max must be > 0 and finite (got {:.6g})", h_max));
    if (!(h_min > 0) || !std::isfinite(h_min))
      throw std::invalid_argument(fmt::format("StepLadder: h_min must be > 0 and finite (got {:.6g})", h_min));
    if (h_min > h_max)
      throw std::invalid_argument(fmt::format("StepLadder: h_min must be <= h_max (got h_min = {:.6g} > h_max = {:.6g})",
                                              h_min, h_max));
    if (points < 1 || points > 10000)
      throw std::invalid_argument(fmt::format("StepLadder: points must lie in [1, 10000] (got {})", points));
    if (points == 1 && h_min != h_max) throw std::invalid_argument("StepLadder: one point needs h_min == h_max");
  }

  // Step counts n_i = round(span / h_i), strictly increasing, duplicates removed.
  std::vector<std::int64_t> step_counts(double span) const {
    validate();
    if (!(span > 0) || !std::isfinite(span)) throw std::invalid_argument("StepLadder: the time span must be > 0 and finite");
    // The finest rung first: every rung's count then fits (no overflow, no
    // rung silently lost to a wrapped count).
    (void)checked_step_count("StepLadder: h_min", span, h_min);
    std::vector<std::int64_t> n;
    for (int i = 0; i < points; ++i) {
      const double s = points == 1 ? 0.0 : double(i) / double(points - 1);
      const double h = h_max * std::pow(h_min / h_max, s);
      const auto k = checked_step_count("StepLadder: h", span, h);
      if (n.empty() || k > n.back()) n.push_back(k);
    }
    return n;
  }
};

}  // namespace sweepcheck
