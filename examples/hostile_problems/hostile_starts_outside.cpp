// Starts outside S(t0): x0 = (2, 0), the unit disk is S.
#include "hostile_problem.hpp"

class StartsOutside final : public hostile::HostileDisk {
  std::string what() const override { return "starts-outside"; }
  void x0(std::span<double> out) const override {
    out[0] = 2.0;
    out[1] = 0.0;
  }
};
SWEEPCHECK_EXPORT_PROBLEM(StartsOutside)
