// project() lands at radius 1.05, outside S = the unit disk.
#include "hostile_problem.hpp"

class BadProjection final : public hostile::HostileDisk {
 public:
  BadProjection() { disk_ = hostile::UnitDisk(1.05); }

 private:
  std::string what() const override { return "bad-projection"; }
};
SWEEPCHECK_EXPORT_PROBLEM(BadProjection)
