#pragma once
// An external scheme: PBD with a symmetric sweep (seed 000, scheme (4), then
// the same projections in reverse order),
//   Φ_h(x) = P_{S_1} ∘ ... ∘ P_{S_m} ∘ P_{S_m} ∘ ... ∘ P_{S_1}(x + h f(t, x)).
// It is two PNGS sweeps with a fixed count: each projection moves the point
// by at most the current violation (seed 000, Lemma 3.2), so bounded violation
// (13), the step bound (14) and consistency (15) hold as for PBD, and
// Theorem 3.8's argument gives order 1.
#include <sweepcheck/solvers/plugin/plugin_api.hpp>

namespace my {

using namespace sweepcheck;

class SymmetricPbd final : public plugin::Stepper {
 public:
  std::string name() const override { return "symmetric-pbd"; }
  double claimed_order() const override { return 1.0; }

  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);  // out = f(t, x)
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    const int m = set.size();
    for (int k = 0; k < 2 * m; ++k) {
      const int j = k < m ? k : 2 * m - 1 - k;  // 0, 1, ..., m-1, m-1, ..., 0
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections;
    }
    work.sweeps += 2;
    return StepStatus::ok;
  }
};

}  // namespace my

