// A subtly wrong scheme that must FAIL the audit: PBD whose sweep loop is off
// by one and never projects onto the last constraint S_m. Every step is a
// legitimate projection, the work counts look plausible, and on a single
// constraint it would be exact; on an intersection the iterates leave S along
// S_m, so the violation does not vanish with h (check "violation", (13)) and
// the trajectory converges to the solution of a different problem (check
// "convergence").
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdDropsLastConstraint final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-dropped-constraint"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    for (int j = 0; j + 1 < set.size(); ++j) {  // the bug: should be j < set.size()
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections;
    }
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdDropsLastConstraint)
