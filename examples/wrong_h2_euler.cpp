// A subtly wrong scheme that must FAIL the audit: PBD whose Euler predictor is
// scaled by h twice, x + h (h f) (a units slip: f already multiplied by the
// step elsewhere). It stays feasible and its steps stay bounded, so (13) and
// (14) hold; but (Φ_h(y) − y)/h − f(y) → −f(y), which is not in −N(S, y)
// where f points into S or along it: the consistency probe (15) fails, and
// the trajectory barely moves (check "convergence").
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdWithHSquaredPredictor final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-h2-euler"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * (h * out[i]);  // the bug: one h too many
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

SWEEPCHECK_EXPORT_SCHEME(PbdWithHSquaredPredictor)
