// A subtly wrong scheme that must FAIL the audit: PBD that keeps the time of
// the run's start, t0 = 0, for the field and the constraints,
//   Φ_h(t, x) = P_{S_m(0)} ∘ ... ∘ P_{S_1(0)}(x + h f(0, x))
// (a copy-paste of an autonomous solver: `t` is ignored). On every static set
// with an autonomous field it IS PBD and passes; only a moving set or a
// time-dependent field exposes it. On the moving wall its points stay in
// S(0) while S(t) moves away: the violation measured against S(t_k) does not
// shrink with h (check "violation"), the trajectory converges to the wrong
// limit ("convergence"), and at a probe point near S(t) the step jumps to
// S(0), so (Φ_h(y) − y)/h − f(y) grows like 1/h ("consistency").
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdFrozenTime final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-frozen-time"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double /*t*/, std::span<const double> x, double h, const plugin::ProblemView& p,
                  std::span<double> out, Work& work) override {
    const double t_frozen = 0;  // the bug: the time of the run's start, whatever step this is
    p.f(t_frozen, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t_frozen, out)) ++work.projections;
    }
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdFrozenTime)
