#pragma once
// A stateful plugin: PBD that computes its step-dependent setup on its first
// call and keeps it in the instance, as a scheme with a cached factorisation
// of I − hA does (here the setup is h itself). Right under the plugin
// contract, a fresh instance per run (solvers/plugin/plugin_api.hpp), which the
// audit keeps and check_convergence keeps too; one instance shared between
// runs of different steps would step every later run with the first run's h.
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include <sweepcheck/solvers/plugin/plugin_api.hpp>

namespace my {

class CachedSetupPbd final : public sweepcheck::plugin::Stepper {
 public:
  std::string name() const override { return "cached-setup-pbd"; }
  double claimed_order() const override { return 1.0; }

  sweepcheck::StepStatus step(double t, std::span<const double> x, double h, const sweepcheck::plugin::ProblemView& p,
                              std::span<double> out, sweepcheck::Work& work) override {
    if (std::isnan(h_)) h_ = h;  // the setup, once per instance
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h_ * out[i];
    const auto& set = p.constraints();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t + h_, out)) ++work.projections;
    }
    ++work.sweeps;
    return sweepcheck::StepStatus::ok;
  }

 private:
  double h_ = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace my
