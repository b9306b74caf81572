// A subtly wrong scheme that must FAIL the audit: PBD whose set time runs on
// a clock 5 % fast (a time scaled by 1.05: a unit conversion slip),
//   Φ_h(t, x) = P_{S_m(1.05 (t+h))} ∘ ... ∘ P_{S_1(1.05 (t+h))}(x + h f(t, x)).
// On a static set it IS PBD and passes; on a moving set the iterates sit in
// S(1.05 t), 0.05 t L away from S(t): the violation and the error tend to a
// level that grows with t and does not shrink with h (checks "violation",
// "convergence"). One cause: the time passed to S. Before issue 57 the
// diagnosis read its stencil as "c changing from step to step within
// [1.001, 1.064]"; it now fits the query time as a t_k + beta h + b and names
// the clock's rate a = 1.05 (studies/audit/audit.md, "Diagnosis").
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdClockSet final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-clock-set"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const double t_set = 1.05 * (t + h);  // the bug: should be t + h
    const auto& set = p.constraints();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t_set, out)) ++work.projections;
    }
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdClockSet)
