#pragma once
// The constraints a scheme must look at near a point y, as a ConstraintSet:
// the set itself for a ConstraintSet, or set.local_constraints(t, y, reach)
// for set types with a neighbour structure (e.g. the disks' cell-list set),
// which must return, in their deterministic sweep order, every constraint
// with g_j(y) < reach (in g's units).
#include <concepts>

#include "solvers/constraint_set.hpp"

namespace sweepcheck {

template <class S, class T>
concept HasLocalConstraints = requires(const S& s, const T& t, const Vec<T>& q) {
  { s.local_constraints(t, q, t) } -> std::convertible_to<ConstraintSet<T>>;
};

template <class T>
const ConstraintSet<T>& constraints_near(const ConstraintSet<T>& s, const T& /*t*/, const Vec<T>& /*y*/,
                                         const T& /*reach*/) {
  return s;
}

template <class T, class S>
  requires HasLocalConstraints<S, T>
ConstraintSet<T> constraints_near(const S& s, const T& t, const Vec<T>& y, const T& reach) {
  return s.local_constraints(t, y, reach);
}

}  // namespace sweepcheck
