#pragma once
// A polyhedron S = { z : M z + b ≥ 0 } (m rows, Euclidean space of dimension
// n) and the per-row quantities the catching-up schemes need. The moving sets
// of linear complementarity systems (seed 002, Section 7) are of this form:
// S(t) = R K(t) = { z : C R⁻¹ z + G u(t) + F ≥ 0 }.
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
struct Polyhedron {
  Mat<T> M;  // m × n
  Vec<T> b;  // m

  int dim() const { return static_cast<int>(M.cols()); }
  int rows() const { return static_cast<int>(M.rows()); }

  void validate() const {
    if (M.rows() != b.size())
      throw std::invalid_argument("Polyhedron: M has " + std::to_string(M.rows()) + " rows but b has " +
                                  std::to_string(b.size()) + " entries");
    if (M.rows() < 1 || M.cols() < 1) throw std::invalid_argument("Polyhedron: M must be non-empty");
    for (Eigen::Index i = 0; i < M.rows(); ++i)
      if (!(M.row(i).norm() > T(0))) throw std::invalid_argument("Polyhedron: row " + std::to_string(i) + " of M is zero");
  }

  // g(z) = M z + b; z ∈ S iff g(z) ≥ 0.
  Vec<T> value(const Vec<T>& z) const { return M * z + b; }

  // max_j d_{S_j}(z), S_j = { M_j z + b_j ≥ 0 } the j-th half-space: the
  // violation measure the foundation reports (studies/engine/error_observers.hpp).
  // It is a lower bound of d_S(z).
  T max_violation(const Vec<T>& z) const {
    using std::max;
    const Vec<T> g = value(z);
    T v(0);
    for (Eigen::Index i = 0; i < g.size(); ++i)
      if (g[i] < T(0)) v = max(v, -g[i] / M.row(i).norm());
    return v;
  }
};

}  // namespace sweepcheck
