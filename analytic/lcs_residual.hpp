#pragma once
// How far (z, v) is from the sweeping inclusion of an LCS (seed 002,
// Section 7): v ∈ f(t, z) − N(S(t), z), S(t) = { M z + b(t) ≥ 0 }, whose
// normal cone at z is cone{ −M_iᵀ : i active }. The cone residual is the
// non-negative least-squares misfit of f − v against those generators, as in
// analytic/inclusion_residual.hpp.
#include "sweepcheck/analytic/lcs.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {

template <class T>
struct LcsResidual {
  T infeasibility;  // max_i max(0, −g_i(z)) / ‖M_i‖
  T cone_residual;  // dist(f − v, N(S(t), z))
  int active;
};

template <class T>
LcsResidual<T> lcs_inclusion_residual(const LcsSweeping<T>& p, const T& t, const Vec<T>& z, const Vec<T>& v,
                                      const T& active_tol) {
  const Polyhedron<T> s = p.polyhedron(t);
  const Vec<T> g = s.value(z);
  const Vec<T> rhs = p.f(t, z) - v;
  LcsResidual<T> r{s.max_violation(z), rhs.norm(), 0};
  std::vector<int> act;
  for (int i = 0; i < s.rows(); ++i)
    if (g[i] <= active_tol * s.M.row(i).norm()) act.push_back(i);
  if (act.empty()) return r;
  Mat<T> A(z.size(), static_cast<Eigen::Index>(act.size()));
  for (std::size_t k = 0; k < act.size(); ++k) A.col(static_cast<Eigen::Index>(k)) = -s.M.row(act[k]).transpose();
  r.active = static_cast<int>(act.size());
  r.cone_residual = nnls(A, rhs).residual;
  return r;
}

}  // namespace sweepcheck
