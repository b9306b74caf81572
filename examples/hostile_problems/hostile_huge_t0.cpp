// Starts at t0 = 1e300 and ends 64 units in the last place later (about
// 1e286): t_end > t0, but t0 + k h cannot tell a few hundred steps apart.
#include <cmath>

#include "hostile_problem.hpp"

class HugeStartTime final : public hostile::HostileDisk {
  std::string what() const override { return "huge-t0"; }
  double t0() const override { return 1e300; }
  double t_end() const override { return 1e300 + 64 * (std::nextafter(1e300, 2e300) - 1e300); }
};
SWEEPCHECK_EXPORT_PROBLEM(HugeStartTime)
