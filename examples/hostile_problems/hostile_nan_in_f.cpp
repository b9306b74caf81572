// Returns NaN from f after t = 1.
#include <limits>

#include "hostile_problem.hpp"

class NanInF final : public hostile::HostileDisk {
  std::string what() const override { return "nan-in-f"; }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    HostileDisk::f(t, x, out);
    if (t > 1) out[0] = std::numeric_limits<double>::quiet_NaN();
  }
};
SWEEPCHECK_EXPORT_PROBLEM(NanInF)
