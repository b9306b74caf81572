// Fixture (issue 26): a slow but correct plugin. The same projection PBD as
// the hostile fixtures (hostile_plugin.hpp) with claimed order 1, but each
// step busy-waits until it has taken 10 times as long as its own computation:
// 10x slower per step than PBD through this interface. Its audit must pass
// (no run killed by a time limit).
#include <chrono>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {
class Slow final : public sweepcheck::plugin::Stepper {
 public:
  std::string name() const override { return "fixture-slow"; }
  double claimed_order() const override { return 1; }
  sweepcheck::StepStatus step(double t, std::span<const double> x, double h, const sweepcheck::plugin::ProblemView& p,
                              std::span<double> out, sweepcheck::Work&) override {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j < p.constraints().size(); ++j) p.constraints().project(j, t + h, out);
    const auto until = start + 10 * (clock::now() - start);
    while (clock::now() < until) {
    }
    return sweepcheck::StepStatus::ok;
  }
};
}  // namespace

SWEEPCHECK_EXPORT_SCHEME(Slow)
