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

// A step count at or just above n (n' in [n, n + max(1, n / 8)]) that puts
// the time t0 + offset in the middle of its step: the n' whose phase
// frac(n' offset / span) is nearest 1/2 (the smallest such n' on a tie).
//
// Why: where the exact solution's velocity jumps by Δv (a constraint
// activates), the piecewise-linear interpolant's error there is about
// |Δv| h φ(1 − φ), φ the jump's phase within its step. Along a geometric
// ladder φ wanders, so the error is c(φ) h with c changing by up to a factor
// of four from rung to rung (measured on lcs-closed-form: e/h between 0.116
// and 0.45, local orders from −1.3 to 3.2), which no order fit can read.
// With the jump kept mid-step, φ(1 − φ) stays within 4 % of 1/4 on every
// rung whose window holds a phase in [0.4, 0.6] (from n ≈ 80 on for t* / T =
// log(3/2) / 1.5; the coarser rungs get the best phase their window has), and
// the error is one smooth c h (step_ladder_test.cpp: local orders within
// 0.003 of 1, against c(φ) from 0.03 to 0.5 along the plain ladder). The
// rungs are still a ladder of realised steps h = span / n', reported and
// fitted as they are.
inline std::int64_t centre_in_step(std::int64_t n, double span, double offset) {
  if (!(offset > 0 && offset < span)) return n;
  const std::int64_t last = n + std::max<std::int64_t>(1, n / 8);
  std::int64_t best = n;
  double best_gap = 1;
  for (std::int64_t m = n; m <= last; ++m) {
    const double x = double(m) * (offset / span);
    const double gap = std::abs((x - std::floor(x)) - 0.5);
    if (gap < best_gap) {
      best_gap = gap;
      best = m;
    }
  }
  return best;
}

}  // namespace sweepcheck
