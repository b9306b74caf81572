// Test fixtures for the audit's plugin isolation (issue 14): plain PBD through
// the public interface (as plugin_good.cpp) that misbehaves as a program once
// the step is small (h < kFaultBelow), so the coarse runs of a ladder finish
// and the fine ones hit the fault. Each fixture file defines fault(...) and
// exports the scheme.
#pragma once
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace hostile {

inline constexpr double kFaultBelow = 1e-3;

// What the fixture does on a small step; `out` is the step's result so far.
void fault(double h, std::span<double> out, long long steps_done);

class Scheme final : public sweepcheck::plugin::Stepper {
 public:
  std::string name() const override { return "hostile"; }
  double claimed_order() const override { return 1; }
  sweepcheck::StepStatus step(double t, std::span<const double> x, double h, const sweepcheck::plugin::ProblemView& p,
                              std::span<double> out, sweepcheck::Work&) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j < p.constraints().size(); ++j) p.constraints().project(j, t + h, out);
    fault(h, out, ++steps_);
    return sweepcheck::StepStatus::ok;
  }

 private:
  long long steps_ = 0;
};

}  // namespace hostile

SWEEPCHECK_EXPORT_SCHEME(hostile::Scheme)
