// A subtly wrong scheme that must FAIL the audit: PBD that projects onto the
// most violated constraint only, once a step,
//   Φ_h(t, x) = P_{S_j*(t+h)}(x + h f(t, x)),  j* = argmax_j d_{S_j(t+h)}(x + h f(t, x)),
// (a "most violated first" shortcut that forgets to continue). Where one
// constraint acts it IS PBD; where several act at once (the crease of the
// sliding case, the disks, the crowd) the others stay violated for a step and
// the iterates zig-zag (issue 57: convergence INCONCLUSIVE at 0.93-0.95 on the
// disks and the crowd, with no finding before). The contact frame names the
// steps "k violated, 1 projected" (studies/audit/audit.md, "Diagnosis").
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdOneProjection final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-one-projection"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    int worst = -1;
    double d_worst = 0;
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      const double d = set.distance(j, t + h, out);
      if (d > d_worst) d_worst = d, worst = j;
    }
    if (worst >= 0 && set.project(worst, t + h, out)) ++work.projections;  // the bug: one projection, then stop
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdOneProjection)
