#pragma once
// The project's schemes: the correct one is examples/external_scheme's
// (symmetric_pbd.hpp, a plugin::Stepper, so the same class is also audited as
// a plugin); the wrong one is below.
#include <string>

#include <sweepcheck/solvers/core/problem.hpp>

#include "symmetric_pbd.hpp"

namespace my {

using namespace sweepcheck;

// Wrong on purpose: the explicit Euler predictor with the projection
// forgotten, claiming PBD's order. A template scheme (any Problem type).
struct ForgotTheProjection {
  static std::string name() { return "forgot-the-projection"; }
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work&) const {
    out = x + h * p.f(t, x);
    return StepStatus::ok;
  }
};

}  // namespace my
