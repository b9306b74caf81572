// A subtly wrong scheme that must FAIL the audit: PBD that projects onto the
// set a "look-ahead" sqrt(h) beyond the step's end,
//   Φ_h(t, x) = P_{S_m(t+h+τ)} ∘ ... ∘ P_{S_1(t+h+τ)}(x + h f(t, x)),  τ = 0.1 sqrt(h),
// (a margin written in the units of a diffusion code, where sqrt(h) is the
// step's natural length). On a static set it IS PBD and passes; on a set
// moving with speed L the iterates sit in S(t_{k+1} + τ), O(L sqrt(h)) away
// from S(t_{k+1}): the violation vanishes like h^0.5, not like h (check
// "violation"), and so does the error (check "convergence"). One cause: the
// time passed to S. The diagnosis fits the offset of that time as
// a h + b h^q and names q = 0.5 (studies/audit/audit.md, "Diagnosis").
#include <cmath>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdSqrtHSet final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-sqrt-h-set"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const double t_set = t + h + 0.1 * std::sqrt(h);  // the bug: should be t + h
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

SWEEPCHECK_EXPORT_SCHEME(PbdSqrtHSet)
