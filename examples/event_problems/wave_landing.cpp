// One landing at an irrational time, then carried by the wave (wave.hpp, v = 1.2).
#include "wave.hpp"

namespace {
class WaveLanding final : public wave::PointOnWave {
 public:
  WaveLanding() : PointOnWave("wave-landing", 1.2) {}
};
}  // namespace

SWEEPCHECK_EXPORT_PROBLEM(WaveLanding)
