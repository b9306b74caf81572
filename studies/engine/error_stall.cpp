#include "sweepcheck/studies/engine/error_stall.hpp"

#include <algorithm>
#include <stdexcept>

namespace sweepcheck {

void StallRule::validate() const {
  if (!(local_order > 0 && local_order < 1))
    throw std::invalid_argument(fmt::format("StallRule: local_order must lie in (0, 1) (got {})", local_order));
  if (rungs < 1) throw std::invalid_argument(fmt::format("StallRule: rungs must be >= 1 (got {})", rungs));
}

void StallLadderOptions::validate() const {
  if (max_new_rungs < 0)
    throw std::invalid_argument(fmt::format("StallLadderOptions: max_new_rungs must be >= 0 (got {})", max_new_rungs));
  if (!(step_ratio > 0 && step_ratio < 1))
    throw std::invalid_argument(fmt::format("StallLadderOptions: step_ratio must lie in (0, 1) (got {})", step_ratio));
  if (!(h_floor >= 0))
    throw std::invalid_argument(fmt::format("StallLadderOptions: h_floor must be >= 0 (got {})", h_floor));
  if (!(floor_factor >= 0))
    throw std::invalid_argument(fmt::format("StallLadderOptions: floor_factor must be >= 0 (got {})", floor_factor));
}

Stall find_stall(const std::vector<OrderPoint>& points, const StallRule& rule) {
  rule.validate();
  Stall s;
  for (const auto& p : points)
    if (p.usable && p.h > 0 && p.error > 0 && std::isfinite(p.error)) s.ladder.push_back(p);
  std::sort(s.ladder.begin(), s.ladder.end(), [](const OrderPoint& a, const OrderPoint& b) { return a.h > b.h; });
  if (s.ladder.empty()) return s;
  s.finest_h = s.ladder.back().h;
  s.level = s.ladder.back().error;
  for (std::size_t i = 1; i < s.ladder.size(); ++i) {
    const auto& a = s.ladder[i - 1];
    const auto& b = s.ladder[i];
    s.local_orders.push_back(std::log(a.error / b.error) / std::log(a.h / b.h));
  }
  if (!s.local_orders.empty()) s.last_order = s.local_orders.back();
  for (auto it = s.local_orders.rbegin(); it != s.local_orders.rend() && *it < rule.local_order; ++it) ++s.tail;
  if (s.tail > 0) s.onset_h = s.ladder[s.ladder.size() - 1 - std::size_t(s.tail)].h;
  s.stalled = s.tail >= rule.rungs;
  return s;
}

}  // namespace sweepcheck
