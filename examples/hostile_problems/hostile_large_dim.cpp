// The disk problem in the first two of 100000 components (the others stay 0):
// 800 kB a state, within the memory rule, but every step costs 1e5 flops.
// Issue 45: still running at 300 s. A run's cost is now estimated from dim()
// and the ladder before it starts, and refused or capped with a clear message.
#include <algorithm>

#include "hostile_problem.hpp"

class LargeDim final : public hostile::HostileDisk {
  std::string what() const override { return "large-dim"; }
  int dim() const override { return 100'000; }
  void x0(std::span<double> out) const override { std::fill(out.begin(), out.end(), 0.0); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    std::fill(out.begin(), out.end(), 0.0);
    HostileDisk::f(t, x, out);
  }
};
SWEEPCHECK_EXPORT_PROBLEM(LargeDim)
