// A wrong scheme that must FAIL the audit: the penalty method of seed 000,
// Section 4.1, x' = f(x) − γ Σ_j d_{S_j}(x) ∇d_{S_j}(x), with explicit Euler
// and a fixed stiffness γ = 100, presented as a scheme for the sweeping
// process. Explicit Euler on the penalty term is stable only for h γ < 2, so
// steps up to the problem's time scale throw the state far from the solution
// (check "large-steps"); and with γ fixed the violation settles at
// |f|/γ instead of vanishing with h (check "violation", (13)): it solves a
// regularised problem, not the inclusion.
// On the sliding case with d = 3 (the two balls mirror images in x_3 = 0, the
// start on that plane) its instability needs a seed: the two pushes cancel
// bit for bit, x_3 stays 0 and every large step is bounded from the given
// start; from the audit's perturbed starts (1e-12 off the plane) the mode
// across the crease grows by ~|1 − 2hγ(C/R)²| per step and check 4 fails,
// naming the perturbation (examples/CMakeLists.txt, issue 27).
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class ExplicitPenalty final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-explicit-penalty"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    constexpr double gamma = 100;
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    grad_.resize(x.size());
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      const double d = set.distance(j, t, x);
      if (d == 0) continue;
      set.gradient(j, t, x, grad_);  // ∇g_j ∥ −∇d_{S_j} outside S_j (|∇g_j| = √2 for a pair of disks)
      for (std::size_t i = 0; i < x.size(); ++i) out[i] += h * gamma * d * grad_[i];
    }
    return StepStatus::ok;
  }

 private:
  std::vector<double> grad_;
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(ExplicitPenalty)
