#pragma once
// The step sizes of a convergence study: a geometric ladder between h_max and
// h_min. Each h is realised as h = span / n with an integer step count n, so
// every run ends exactly at t_end; the realised h is what is reported and
// fitted (no assumption of halving anywhere).
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sweepcheck {

struct StepLadder {
  double h_max = 0.1;   // largest step
  double h_min = 1e-4;  // smallest step
  int points = 13;      // number of rungs, geometric between h_max and h_min

  void validate() const {
    if (!(h_max > 0) || !std::isfinite(h_max))
      throw std::invalid_argument("StepLadder: h_max must be > 0 and finite (got " + std::to_string(h_max) + ")");
    if (!(h_min > 0) || !std::isfinite(h_min))
      throw std::invalid_argument("StepLadder: h_min must be > 0 and finite (got " + std::to_string(h_min) + ")");
    if (h_min > h_max) throw std::invalid_argument("StepLadder: h_min must be <= h_max");
    if (points < 1) throw std::invalid_argument("StepLadder: points must be >= 1");
    if (points == 1 && h_min != h_max) throw std::invalid_argument("StepLadder: one point needs h_min == h_max");
  }

  // Step counts n_i = round(span / h_i), strictly increasing, duplicates removed.
  std::vector<std::int64_t> step_counts(double span) const {
    validate();
    if (!(span > 0)) throw std::invalid_argument("StepLadder: the time span must be > 0");
    std::vector<std::int64_t> n;
    for (int i = 0; i < points; ++i) {
      const double s = points == 1 ? 0.0 : double(i) / double(points - 1);
      const double h = h_max * std::pow(h_min / h_max, s);
      const auto k = std::max<std::int64_t>(1, std::llround(span / h));
      if (n.empty() || k > n.back()) n.push_back(k);
    }
    return n;
  }
};

}  // namespace sweepcheck
