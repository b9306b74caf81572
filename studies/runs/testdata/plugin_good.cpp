// Test fixture: a minimal plugin (plain PBD through the public interface).
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {
class Good final : public sweepcheck::plugin::Stepper {
 public:
  std::string name() const override { return "fixture-good"; }
  sweepcheck::StepStatus step(double t, std::span<const double> x, double h, const sweepcheck::plugin::ProblemView& p,
                              std::span<double> out, sweepcheck::Work&) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j < p.constraints().size(); ++j) p.constraints().project(j, t + h, out);
    return sweepcheck::StepStatus::ok;
  }
};
}  // namespace

SWEEPCHECK_EXPORT_SCHEME(Good)
