// PBD as a plugin, exactly as a plugin author wrote it against the old
// include paths: the two includes below are the deprecated ones, on purpose.
#include "solvers/plugin_api.hpp"
#include "solvers/problem_plugin_api.hpp"

namespace legacy {

using namespace sweepcheck;

// Φ_h(x) = P_{S_m} ∘ ... ∘ P_{S_1}(x + h f(t, x)) (seed 000, scheme (4)).
class OldPathsPbd final : public plugin::Stepper {
 public:
  std::string name() const override { return "old-paths-pbd"; }
  double claimed_order() const override { return 1.0; }

  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
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

}  // namespace legacy

SWEEPCHECK_EXPORT_SCHEME(legacy::OldPathsPbd)
