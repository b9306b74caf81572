// Says its state has 1e9 components (8 GB a state).
#include "hostile_problem.hpp"

class HugeDim final : public hostile::HostileDisk {
  std::string what() const override { return "huge-dim"; }
  int dim() const override { return 1'000'000'000; }
};
SWEEPCHECK_EXPORT_PROBLEM(HugeDim)
