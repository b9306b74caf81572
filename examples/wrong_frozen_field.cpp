// A subtly wrong scheme that must FAIL the audit: PBD whose constraints see
// the right time, S(t + h), but whose field is evaluated at the run's start,
//   Φ_h(t, x) = P_{S_m(t+h)} ∘ ... ∘ P_{S_1(t+h)}(x + h f(0, x))
// (the field was cached once, "f does not depend on t"). Static sets and
// moving sets with an autonomous field cannot see it: it is PBD there. Only
// a time-dependent field exposes it: the trajectory follows the field of
// t = 0 ("convergence" to the wrong limit) and at a probe point
// (Φ_h(y) − y)/h − f(t, y) tends to f(0, y) − f(t, y), which is not in
// −N(S(t), x*) where the two fields differ tangentially ("consistency").
// Every iterate is in S(t_k): the violation check passes.
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdFrozenField final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-frozen-field"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(0.0, x, out);  // the bug: f(t0, x) instead of f(t, x)
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
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

SWEEPCHECK_EXPORT_SCHEME(PbdFrozenField)
