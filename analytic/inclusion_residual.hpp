#pragma once
// How far a velocity v is from satisfying the inclusion v ∈ f(x) − N(S, x) at a
// point x of S = {g_j ≥ 0}: with the active constraints' unit gradients ∇g_j,
// N(S, x) = cone{−∇g_j}, so f − v must be a non-negative combination of the
// −∇g_j. The residual is the non-negative least-squares misfit (0 when the
// inclusion holds). Used to check exact solutions against the problem itself.
#include "sweepcheck/solvers/projection/nnls.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

template <class T>
struct InclusionResidual {
  T infeasibility;  // max_j d_{S_j}(x)
  T cone_residual;  // dist(f − v, N(S, x)) over the active constraints
  int active;       // number of active constraints
};

template <class T>
InclusionResidual<T> inclusion_residual(const ConstraintSet<T>& set, const T& t, const Vec<T>& x, const Vec<T>& f,
                                        const Vec<T>& v, const T& active_tol) {
  const std::vector<int> act = set.active(t, x, active_tol);
  const Vec<T> b = f - v;
  InclusionResidual<T> r{set.max_violation(t, x), b.norm(), static_cast<int>(act.size())};
  if (act.empty()) return r;
  Mat<T> A(x.size(), static_cast<Eigen::Index>(act.size()));
  Vec<T> g;
  for (std::size_t k = 0; k < act.size(); ++k) {
    gradient(set[act[k]], t, x, g);
    A.col(static_cast<Eigen::Index>(k)) = -g;
  }
  r.cone_residual = nnls(A, b).residual;
  return r;
}

}  // namespace sweepcheck
