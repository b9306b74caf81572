// A subtly wrong scheme that must FAIL the audit: PBD that adds a drift
// 0.05 h^1.5 along every coordinate to each step (the case of issue 57, first
// met as a Python scheme),
//   Φ_h(t, x) = P_{S_m(t+h)} ∘ ... ∘ P_{S_1(t+h)}(x + h f(t, x) + 0.05 h^1.5 (1, ..., 1)).
// Consistent (the defect 0.05 h^0.5 sqrt(d) vanishes: check 5 passes), but
// the drift adds up over T/h steps to O(h^0.5): the error falls like h^0.5
// (check "convergence"). The diagnosis fits the consistency defect as c h^q
// and names q = 0.5, below the claim 1 (studies/audit/audit.md, "Diagnosis").
#include <cmath>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdDriftH15 final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-drift-h15"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    const double drift = 0.05 * std::pow(h, 1.5);  // the bug: no such term
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i] + drift;
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

SWEEPCHECK_EXPORT_SCHEME(PbdDriftH15)
