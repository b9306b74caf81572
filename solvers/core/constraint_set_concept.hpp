#pragma once
// What the engine asks of a problem's constraint set S(t), whatever else a
// scheme asks of it (its category, solvers/schemes/scheme_traits.hpp): the
// largest distance of x to the set at time t, max_j d_{S_j(t)}(x), which the
// driver's violation observer measures at every step
// (studies/engine/error_observers.hpp, ViolationObserver).
#include <concepts>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class S, class T>
concept ConstraintSetOf = requires(const S& s, const T& t, const Vec<T>& x) {
  { s.max_violation(t, x) } -> std::convertible_to<T>;
};

}  // namespace sweepcheck
