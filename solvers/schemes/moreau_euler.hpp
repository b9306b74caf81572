#pragma once
// Moreau's catching-up algorithm with an explicit Euler predictor
// (seed 000, scheme (3)):  Φ_h(x) = P_{S(t+h)}(x + h f(t, x)).
// It needs the exact projection onto the whole intersection S, which only a
// projector can supply: SingleConstraintProjector for m = 1 (below), or a
// reference projector for intersections.
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

// Exact P_S when S has exactly one constraint.
template <class T>
struct SingleConstraintProjector {
  StepStatus operator()(const ConstraintSet<T>& s, const T& t, Vec<T>& y, Work& work) const {
    if (s.size() != 1)
      throw std::invalid_argument("SingleConstraintProjector: the set has " + std::to_string(s.size()) +
                                  " constraints; an exact projection onto an intersection needs a "
                                  "reference projector");
    ++work.constraint_evaluations;
    if (project(s[0], t, y)) ++work.projections;
    return StepStatus::ok;
  }
};

template <class T, class Projector = SingleConstraintProjector<T>>
struct MoreauEuler {
  Projector projector{};

  static std::string name() { return "moreau-euler"; }
  static double claimed_order() { return 1.0; }
  static constexpr bool claim_is_sharp = false;
  static std::string description() {
    return "catching-up with the exact projection onto S (seed 000, (3)), computed and KKT-certified by the "
           "reference projector";
  }
  static std::vector<SchemeParameter> parameters() { return {}; }
  using scheme_category = projection_scheme_tag<Projector>;

  template <Problem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    out = x + h * p.f(t, x);
    return projector(p.constraints(), t + h, out, work);
  }
};

}  // namespace sweepcheck
