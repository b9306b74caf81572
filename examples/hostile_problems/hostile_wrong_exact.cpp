// Offers an exact solution that is off by 0.1: exact(t0) != x0.
#include "hostile_problem.hpp"

class WrongExact final : public hostile::HostileDisk {
  std::string what() const override { return "wrong-exact"; }
  bool exact(double t, std::span<double> out) const override {
    // The free motion until the circle, shifted by 0.1: wrong from the start.
    out[0] = 2 * std::sin(t) + 0.1;
    out[1] = 2 * (1 - std::cos(t));
    return true;
  }
};
SWEEPCHECK_EXPORT_PROBLEM(WrongExact)
