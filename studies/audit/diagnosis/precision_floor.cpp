// A settled level against the round-off floors (precision_floor.hpp).
#include "studies/audit/diagnosis/precision_floor.hpp"

#include <fmt/format.h>

#include <cmath>

namespace sweepcheck {

PrecisionFloor classify_floor(double level, double scale, std::int64_t steps) {
  PrecisionFloor p;
  if (!(scale > 0) || !std::isfinite(scale)) scale = 1;
  const double n = double(steps < 1 ? 1 : steps);
  p.single_floor = kEpsSingle * scale * n;
  p.double_floor = kEpsDouble * scale * n;
  p.factor = level / p.single_floor;
  if (!std::isfinite(level) || level < 0) {
    p.kind = FloorKind::above;
    return p;
  }
  const bool in_double = level <= kFloorAbove * p.double_floor;
  const bool in_single = level >= kEpsSingle * scale / kFloorBelow && level <= kFloorAbove * p.single_floor;
  if (in_double && in_single)
    p.kind = FloorKind::ambiguous;
  else if (in_double)
    p.kind = FloorKind::double_roundoff;
  else if (in_single)
    p.kind = FloorKind::single_roundoff;
  else if (level < p.single_floor)
    p.kind = FloorKind::between;
  else
    p.kind = FloorKind::above;
  return p;
}

std::string floor_words(const PrecisionFloor& p, std::int64_t steps) {
  if (steps <= 1) return fmt::format("{:.2g} ε_f ‖x‖", p.factor);
  return fmt::format("{:.2g} ε_f ‖x‖ n with n = {}", p.factor, steps);
}

}  // namespace sweepcheck
