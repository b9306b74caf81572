// gradient() is right except in a band around the boundary (0.99 < |x| <
// 1.01), where it is turned by 90 degrees: where a linearising scheme
// (Venel's) uses it. Issue 45: validation passed it, and Venel's audit then
// passed with 30 times the violation.
#include "hostile_problem.hpp"

class BandGradientDisk final : public hostile::UnitDisk {
 public:
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    UnitDisk::gradient(j, t, x, g);
    const double r = std::hypot(x[0], x[1]);
    if (r > 0.99 && r < 1.01) {
      const double g0 = g[0];
      g[0] = -g[1];
      g[1] = g0;
    }
  }
};

class BandGradient final : public hostile::HostileDisk {
  std::string what() const override { return "band-gradient"; }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return band_disk_; }
  BandGradientDisk band_disk_;
};
SWEEPCHECK_EXPORT_PROBLEM(BandGradient)
