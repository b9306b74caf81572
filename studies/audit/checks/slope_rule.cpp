#include "studies/audit/checks/slope_rule.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace sweepcheck::slope_rule {

OrderFit judged_fit(MeasuredSeries& s, const AuditThresholds& th, double floor_factor, double expected, bool sharp,
                    const Refiner& more) {
  FitOptions o = th.fit;
  o.expected_order = expected;
  o.expected_is_sharp = sharp;
  o.floor_factor = floor_factor;
  if (!more) return fit_order(s, o);
  return refine_fit(s, o, th.refine, more);
}

std::string interval(const OrderFit& f) {
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] over h in [{:.2g}, {:.2g}] ({} points)", f.order, f.ci_low, f.ci_high,
                     f.h_min, f.h_max, f.points_used);
}

std::string refinement(const OrderFit& f) {
  if (f.refinement.rungs == 0 && f.refinement.stop.empty()) return "";
  return fmt::format("; refined by {} rungs to h = {:.2g} ({})", f.refinement.rungs, f.finest_h, f.refinement.stop);
}

bool at_round_off_at_smallest_steps(const MeasuredSeries& s, int rungs, double factor) {
  std::vector<OrderPoint> by_h = s;
  std::sort(by_h.begin(), by_h.end(), [](const auto& a, const auto& b) { return a.h < b.h; });
  int zero = 0, considered = 0;
  for (const auto& p : by_h) {
    if (!p.usable) continue;
    if (++considered > rungs) break;
    if (p.error <= factor * p.noise_floor) ++zero;
  }
  return considered >= rungs && zero == rungs;
}

}  // namespace sweepcheck::slope_rule
