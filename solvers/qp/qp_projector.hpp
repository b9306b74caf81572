#pragma once
// The one interface of the polyhedral-projection solvers used by Venel's
// scheme (seed 001, (11)): project q onto {y : G y >= b}.
//
//   QpResult<T> solve(const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& lambda) const;
//   T tolerance(const T& scale) const;   // the residual its stopping rule accepts
//   static std::string name();
//
// Both solvers stop on the same natural KKT residual
//   r(y, λ) = max_i max( −w_i ,  |w_i| if λ_i > 0 ),   w = G y − b,
// with y = q + Gᵀλ, λ >= 0 kept exactly; so r <= tol means primal
// infeasibility <= tol and gap = λᵀw <= ‖λ‖_1 tol, hence (qp_certificate.hpp)
//   |y − y*| <= sqrt(‖λ‖_1 tol + ‖λ*‖_1 tol).
// A solver that reaches its cap first returns StepStatus::inner_cap_hit.
#include <concepts>
#include <string>

#include "sweepcheck/solvers/qp/qp_certificate.hpp"

namespace sweepcheck {

template <class S, class T>
concept QpProjector = requires(const S& s, const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& l, const T& x) {
  { s.solve(G, q, y, l) } -> std::same_as<QpResult<T>>;
  { s.tolerance(x) } -> std::convertible_to<T>;
  { S::name() } -> std::convertible_to<std::string>;
};

// The natural residual r(y, λ) above.
template <class T>
T natural_residual(const SparseRows<T>& G, const Vec<T>& y, const Vec<T>& lambda) {
  using std::abs;
  using std::max;
  T r(0);
  for (int i = 0; i < G.rows(); ++i) {
    const T w = G.dot(i, y) - G.rhs(i);
    r = max(r, -w);
    if (lambda[i] > T(0)) r = max(r, abs(w));
  }
  return r;
}

// 1 + max(|q|_∞, max_i |b_i| / |a_i|): the size of the numbers the residual
// is made of, for relative tolerances.
template <class T>
T problem_scale(const SparseRows<T>& G, const Vec<T>& q) {
  using std::abs;
  using std::max;
  using std::sqrt;
  T s = q.size() > 0 ? q.cwiseAbs().maxCoeff() : T(0);
  for (int i = 0; i < G.rows(); ++i) {
    const T n2 = G.squared_norm(i);
    if (n2 > T(0)) s = max(s, abs(G.rhs(i)) / sqrt(n2));
  }
  return T(1) + s;
}

}  // namespace sweepcheck
