// A subtly wrong scheme that must FAIL the audit: PBD whose field update was
// written for a three-dimensional state (its loop bound hard-coded to 3):
//   Φ_h(t, x) = P_{S_m(t+h)} ∘ ... ∘ P_{S_1(t+h)}(x + h E f(t, x)),
// E keeping the first three coordinates of f and zeroing the rest. On every
// problem with d <= 3 it IS PBD and passes; on the sliding case with d = 5
// and on the disks (d = 80) the coordinates from 3 on move only when a
// projection moves them, so the trajectory converges to the wrong limit
// (check "convergence") and (Φ_h(y) − y)/h − f(y) = −(E − I) f(y) does not
// vanish with h ("consistency"). One cause: the update of x. The diagnosis
// names it per coordinate ("coordinates 3-79 never move" in the steps free of
// contact), not as a gain on the whole vector (issue 47).
#include <algorithm>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdPartialState final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-partial-state"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    const std::size_t moved = std::min<std::size_t>(x.size(), 3);  // the bug: should be x.size()
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = i < moved ? x[i] + h * out[i] : x[i];
    const auto& set = p.constraints();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections;
    }
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdPartialState)
