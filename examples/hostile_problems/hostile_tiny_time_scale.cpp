// Says its motion crosses the unit disk in a nanosecond (time_scale() = 1e-9)
// over t in [0, 3]: the large-step check's steps reach down to that scale,
// three billion steps a run. Issue 45: still running at 300 s. A run's cost is
// now estimated before it starts, and refused with a clear message.
#include "hostile_problem.hpp"

class TinyTimeScale final : public hostile::HostileDisk {
  std::string what() const override { return "tiny-time-scale"; }
  double time_scale() const override { return 1e-9; }
};
SWEEPCHECK_EXPORT_PROBLEM(TinyTimeScale)
