// Rides the wave, lifts off where it falls away faster than the point falls,
// lands again: two lift-offs and three landings in [0, 6] (wave.hpp, v = 0.6).
#include "wave.hpp"

namespace {
class WaveLiftoff final : public wave::PointOnWave {
 public:
  WaveLiftoff() : PointOnWave("wave-liftoff", 0.6) {}
};
}  // namespace

SWEEPCHECK_EXPORT_PROBLEM(WaveLiftoff)
