#pragma once
// The constraints a scheme must look at near a point y, as a ConstraintSet:
// the set itself for a ConstraintSet, or set.local_constraints(t, y, reach)
// for set types with a neighbour structure (e.g. the disks' cell-list set),
// which must return, in their deterministic sweep order, every constraint
// with g_j(y) < reach (in g's units).
#include <concepts>

#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

template <class S, class T>
concept HasLocalConstraints = requires(const S& s, const T& t, const Vec<T>& q) {
  { s.local_constraints(t, q, t) } -> std::convertible_to<ConstraintSet<T>>;
};

// How far beyond contact a scheme's pass over the constraints looks, in g's
// units: 0 for a ConstraintSet (it looks at every constraint anyway), the
// set's candidate_reach() otherwise (for the disks: the skin of the sweep's
// neighbour list). PGS and the penalty method use it so that they evaluate —
// and count — the same candidate constraints as one PBD sweep does; only
// those with g_j <= 0 then act.
template <class T>
T candidate_reach(const ConstraintSet<T>& /*s*/) {
  return T(0);
}

template <class S>
  requires requires(const S& s) { s.candidate_reach(); }
auto candidate_reach(const S& s) {
  return s.candidate_reach();
}

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
