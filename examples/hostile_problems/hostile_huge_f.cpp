// Returns a finite but absurd field after t = 1: f = (1e200, ...). Every
// value is finite, so only the scale tells that the overflow that follows in
// the scheme's step (x + h f, |x|^2) is the problem's doing.
#include "hostile_problem.hpp"

class HugeF final : public hostile::HostileDisk {
  std::string what() const override { return "huge-f"; }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    HostileDisk::f(t, x, out);
    if (t > 1) out[0] = 1e200;
  }
};
SWEEPCHECK_EXPORT_PROBLEM(HugeF)
