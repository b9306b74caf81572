// project() is right far from the disk but does nothing in a thin band just
// outside it (1 < |x| < 1.05): where a scheme's small steps land. Issue 45:
// validation sampled near x0 and far outside only, and passed it.
#include "hostile_problem.hpp"

class BandDisk final : public hostile::UnitDisk {
 public:
  bool project(int j, double t, std::span<double> x) const override {
    const double r = std::hypot(x[0], x[1]);
    if (r > 1 && r < 1.05) return false;  // the defect: the band is left alone
    return UnitDisk::project(j, t, x);
  }
};

class BandProjection final : public hostile::HostileDisk {
  std::string what() const override { return "band-projection"; }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return band_; }
  BandDisk band_;
};
SWEEPCHECK_EXPORT_PROBLEM(BandProjection)
