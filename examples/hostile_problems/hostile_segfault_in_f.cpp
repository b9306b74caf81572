// Segfaults in f after t = 1 (a real invalid write, not raise()).
#include "hostile_problem.hpp"

class SegfaultInF final : public hostile::HostileDisk {
  std::string what() const override { return "segfault-in-f"; }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    if (t > 1) {
      volatile int* volatile nowhere = nullptr;  // volatile twice: neither the load nor the store is elided
      *nowhere = 1;
    }
    HostileDisk::f(t, x, out);
  }
};
SWEEPCHECK_EXPORT_PROBLEM(SegfaultInF)
