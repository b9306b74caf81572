// project() sends a point outside the unit disk to radius 0.5 on its ray
// (issue 60): inside S, idempotent, distance() = |x - project(x)| to match,
// and x - project(x) along the boundary's normal, so every earlier check
// passed it. Not the nearest point: that lies on the boundary, and the
// points of the segment from project(x) to x up to radius 1 are in S and
// nearer.
#include "hostile_problem.hpp"

class HalfwayDisk final : public hostile::UnitDisk {
 public:
  HalfwayDisk() : hostile::UnitDisk(0.5) {}
  double distance(int j, double t, std::span<const double> x) const override {
    double p[2] = {x[0], x[1]};
    if (!project(j, t, p)) return 0;
    return std::hypot(x[0] - p[0], x[1] - p[1]);
  }
};

class InnerProjection final : public hostile::HostileDisk {
  std::string what() const override { return "inner-projection"; }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return halfway_; }
  HalfwayDisk halfway_;
};
SWEEPCHECK_EXPORT_PROBLEM(InnerProjection)
