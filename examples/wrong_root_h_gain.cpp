// A subtly wrong scheme that must FAIL the audit: PBD whose field increment
// carries a relative error 0.5 sqrt(h) (a "stabilising" factor written in the
// units of a diffusion code),
//   Φ_h(t, x) = P_{S_m(t+h)} ∘ ... ∘ P_{S_1(t+h)}(x + h (1 + 0.5 sqrt(h)) f(t, x)).
// It is consistent (the gain tends to 1, the consistency defect vanishes like
// h^0.5 and check 5 passes), but each step is off by O(h^1.5), so the error
// falls like h^0.5, not h (check "convergence"). Before issue 57 a finding
// read the gain as one number at the finest h; the diagnosis now fits
// g − 1 ∝ h^q to the free steps and names q = 0.5, and the consistency
// defect's law 0.5 |f| h^0.5 (studies/audit/audit.md, "Diagnosis").
#include <cmath>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdRootHGain final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-root-h-gain"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    const double gain = 1 + 0.5 * std::sqrt(h);  // the bug: should be 1
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * gain * out[i];
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

SWEEPCHECK_EXPORT_SCHEME(PbdRootHGain)
