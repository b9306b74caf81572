#pragma once
// First-order position-based dynamics, seed 000 scheme (4):
//   Φ_h(x) = P_{S_m} ∘ ... ∘ P_{S_1}(x + h f(t, x)),
// one sweep of exact per-constraint projections onto S(t + h) after an
// explicit Euler predictor. Theorem 3.8 of seed 000: uniform convergence,
// observed order 1.
#include <string>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"

namespace sweepcheck {

template <class T>
struct Pbd {
  static std::string name() { return "pbd"; }
  static double claimed_order() { return 1.0; }
  static constexpr bool claim_is_sharp = false;
  static std::string description() { return "position-based dynamics, one projection sweep per step (seed 000, (4))"; }
  static std::vector<SchemeParameter> parameters() { return {}; }
  using scheme_category = sweep_scheme_tag;

  template <Problem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    out = x + h * p.f(t, x);
    p.constraints().sweep(t + h, out, work);
    return StepStatus::ok;
  }
};

}  // namespace sweepcheck
