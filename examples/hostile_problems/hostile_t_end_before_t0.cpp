// Ends before it starts: t_end = -1 < t0 = 0.
#include "hostile_problem.hpp"

class EndBeforeStart final : public hostile::HostileDisk {
  std::string what() const override { return "t-end-before-t0"; }
  double t_end() const override { return -1.0; }
};
SWEEPCHECK_EXPORT_PROBLEM(EndBeforeStart)
