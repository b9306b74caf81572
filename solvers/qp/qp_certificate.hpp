#pragma once
// The projection onto a polyhedron, min ½|y − q|² s.t. G y >= b, and the
// KKT certificate of a candidate pair (y, λ). Both QP solvers return it.
//
// KKT of the projection (Lagrangian ½|y − q|² − λᵀ(G y − b)):
//   stationarity      y − q − Gᵀλ = 0
//   primal feasible   w := G y − b >= 0
//   dual feasible     λ >= 0
//   complementarity   λ_i w_i = 0.
// Both solvers keep y = q + Gᵀλ and λ >= 0 by construction, so stationarity
// and dual feasibility hold to round-off; the stopping rule is on the other
// two.
//
// Error bound (derived here, used by the tests): let (y*, λ*) be the exact
// solution and y = q + Gᵀλ with λ >= 0 any candidate. Then
//   |y − y*|² = <Gᵀ(λ − λ*), y − y*> = <λ − λ*, w − w*>
//             = λᵀw − λᵀw* − λ*ᵀw + λ*ᵀw*  <=  λᵀw + Σ_i λ*_i max(0, −w_i),
// because λ*ᵀw* = 0 and λᵀw* >= 0. So
//   |y − y*| <= sqrt(gap + ‖λ*‖_1 · infeasibility),
// with gap = λᵀw and infeasibility = max_i max(0, −w_i).
#include <cstdint>

#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/qp/sparse_rows.hpp"

namespace sweepcheck {

template <class T>
struct QpCertificate {
  T stationarity{0};         // ‖y − q − Gᵀλ‖_∞
  T primal_infeasibility{0};  // max_i max(0, b_i − a_i·y)
  T dual_infeasibility{0};    // max_i max(0, −λ_i)
  T gap{0};                   // Σ_i λ_i w_i (the duality gap when stationarity holds)
  T complementarity{0};       // max_i λ_i |w_i|
  T lambda_l1{0};             // ‖λ‖_1
};

template <class T>
struct QpResult {
  StepStatus status = StepStatus::ok;
  std::int64_t iterations = 0;  // sweeps (exact) or gradient steps (Uzawa)
  QpCertificate<T> certificate;
};

// `r` is work space for q + Gᵀλ (a solver that keeps one avoids an
// allocation of the state's size per solve: at N = 1e4 disks, 160 kB, which
// glibc may serve by mmap and the kernel by page faults).
template <class T>
QpCertificate<T> kkt_certificate(const SparseRows<T>& G, const Vec<T>& q, const Vec<T>& y, const Vec<T>& lambda,
                                 Vec<T>& r) {
  using std::abs;
  using std::max;
  QpCertificate<T> c;
  G.primal_from_dual(q, lambda, r);
  c.stationarity = G.cols() > 0 ? (y - r).cwiseAbs().maxCoeff() : T(0);
  for (int i = 0; i < G.rows(); ++i) {
    const T w = G.dot(i, y) - G.rhs(i);
    c.primal_infeasibility = max(c.primal_infeasibility, -w);
    c.dual_infeasibility = max(c.dual_infeasibility, -lambda[i]);
    c.gap += lambda[i] * w;
    c.complementarity = max(c.complementarity, abs(lambda[i] * w));
    c.lambda_l1 += abs(lambda[i]);
  }
  return c;
}

template <class T>
QpCertificate<T> kkt_certificate(const SparseRows<T>& G, const Vec<T>& q, const Vec<T>& y, const Vec<T>& lambda) {
  Vec<T> r;
  return kkt_certificate(G, q, y, lambda, r);
}

// The a-priori-free bound above: sqrt(gap + ‖λ*‖_1 · infeasibility) for a
// candidate certified by `c`, given the exact multipliers' ℓ1 norm.
template <class T>
T distance_bound(const QpCertificate<T>& c, const T& exact_lambda_l1) {
  using std::max;
  using std::sqrt;
  return sqrt(max(T(0), c.gap) + exact_lambda_l1 * c.primal_infeasibility);
}

}  // namespace sweepcheck
