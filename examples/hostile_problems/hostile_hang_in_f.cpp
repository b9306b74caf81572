// Loops for ever in f after t = 2.5.
#include "hostile_problem.hpp"

class HangInF final : public hostile::HostileDisk {
  std::string what() const override { return "hang-in-f"; }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    if (t >= 2.5) {
      volatile unsigned long spins = 0;  // volatile: a loop with a side effect, not UB
      for (;;) spins = spins + 1;
    }
    HostileDisk::f(t, x, out);
  }
};
SWEEPCHECK_EXPORT_PROBLEM(HangInF)
