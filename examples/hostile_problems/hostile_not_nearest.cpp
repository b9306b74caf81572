// project() returns a point of S, on its boundary, but not the nearest one:
// the radial projection turned by 0.1 rad, with distance() = |x - project(x)|
// to match. Feasible, idempotent, consistent, and wrong.
#include "hostile_problem.hpp"

class TurnedDisk final : public hostile::UnitDisk {
 public:
  bool project(int, double, std::span<double> x) const override {
    const double r = std::hypot(x[0], x[1]);
    if (r <= 1) return false;
    const double c = std::cos(0.1), s = std::sin(0.1);
    const double u = x[0] / r, v = x[1] / r;
    x[0] = c * u - s * v;
    x[1] = s * u + c * v;
    return true;
  }
  // Consistent with its own projection, so only the nearest-point check can see the defect.
  double distance(int j, double t, std::span<const double> x) const override {
    double p[2] = {x[0], x[1]};
    if (!project(j, t, p)) return 0;
    return std::hypot(x[0] - p[0], x[1] - p[1]);
  }
};

class NotNearest final : public hostile::HostileDisk {
  std::string what() const override { return "not-nearest"; }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return turned_; }
  TurnedDisk turned_;
};
SWEEPCHECK_EXPORT_PROBLEM(NotNearest)
