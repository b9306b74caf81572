// A correct time-aware variant that must PASS the audit: PBD with s = 4
// sub-steps, each at its own time,
//   y_0 = x,  y_{i+1} = P_{S_m(τ_{i+1})} ∘ ... ∘ P_{S_1(τ_{i+1})}(y_i + (h/s) f(τ_i, y_i)),
//   τ_i = t + i h / s,   Φ_h(t, x) = y_s.
// It is PBD with step h/s (seed 000, Theorem 3.8: order 1) read on the grid
// of step h, so it must converge with order 1 on moving sets and
// time-dependent fields too, provided every sub-step uses its own time: a
// version that passed t to all sub-steps would be the frozen-time bug on
// a scale of h (an O(h) lag, still order 1; see pbd_lagged_set.cpp).
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdSubsteps final : public plugin::Stepper {
 public:
  std::string name() const override { return "pbd-substeps"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    constexpr int s = 4;
    const double dt = h / s;
    f_.resize(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i];
    const auto& set = p.constraints();
    for (int k = 0; k < s; ++k) {
      const double tau = t + k * dt;
      const double tau_next = k + 1 == s ? t + h : t + (k + 1) * dt;
      p.f(tau, out, f_);
      for (std::size_t i = 0; i < x.size(); ++i) out[i] += dt * f_[i];
      for (int j = 0; j < set.size(); ++j) {
        ++work.constraint_evaluations;
        if (set.project(j, tau_next, out)) ++work.projections;
      }
      ++work.sweeps;
    }
    return StepStatus::ok;
  }

 private:
  std::vector<double> f_;
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdSubsteps)
