#pragma once
// Uzawa's algorithm (dual projected gradient) for the projection onto a
// polyhedron {y : G y >= b}, as crowd-motion codes use it (Maury & Venel,
// seed 001 ref. [12]):
//   y^k = q + Gᵀ λ^k,   λ^{k+1} = max(0, λ^k − ρ (G y^k − b)),   λ^0 = 0.
// It is gradient projection on the dual min_{λ>=0} ½ λᵀ G Gᵀ λ + λᵀ(G q − b),
// which converges for 0 < ρ < 2 / ‖G Gᵀ‖_2. Step size: ρ = step_factor /
// (‖G‖_1 ‖G‖_∞), and ‖G‖_1 ‖G‖_∞ >= ‖G‖_2² = ‖G Gᵀ‖_2, so step_factor in
// (0, 2) is always safe (default 1).
//
// Stopping rule: the natural KKT residual r(y, λ) <= tolerance (absolute,
// qp_projector.hpp), checked at every iterate; hence primal infeasibility
// <= tolerance and |y − y*| <= sqrt((‖λ‖_1 + ‖λ*‖_1) tolerance). Reaching
// max_iterations first returns StepStatus::inner_cap_hit, never silently.
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/qp/qp_projector.hpp"

namespace sweepcheck {

template <class T>
struct UzawaQp {
  struct Options {
    double tolerance = 1e-10;              // absolute bound on r(y, λ) (same units as y)
    std::int64_t max_iterations = 200000;  // cap on gradient steps; reaching it is reported
    double step_factor = 1.0;              // ρ = step_factor / (‖G‖_1 ‖G‖_∞), must lie in (0, 2)

    void validate() const {
      if (!(tolerance > 0)) throw std::invalid_argument("UzawaQp::Options: tolerance must be > 0");
      if (max_iterations < 1) throw std::invalid_argument("UzawaQp::Options: max_iterations must be >= 1");
      if (!(step_factor > 0 && step_factor < 2))
        throw std::invalid_argument("UzawaQp::Options: step_factor must lie in (0, 2)");
    }
  };
  Options options{};

  UzawaQp() = default;
  explicit UzawaQp(Options o) : options(o) { options.validate(); }

  static std::string name() { return "uzawa"; }

  T tolerance(const T& /*scale*/) const { return T(options.tolerance); }

  QpResult<T> solve(const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& lambda) const {
    if (G.cols() != q.size()) throw std::invalid_argument("UzawaQp: G and q disagree in size");
    const int m = G.rows();
    lambda = Vec<T>::Zero(m);
    y = q;
    QpResult<T> res;
    if (m == 0) return res;
    const T bound = G.gram_norm_bound();
    if (!(bound > T(0))) throw std::invalid_argument("UzawaQp: the constraint rows are zero");
    const T rho = T(options.step_factor) / bound;
    const T tol(options.tolerance);
    Vec<T> w(m);
    using std::abs;
    using std::max;
    while (true) {
      T r(0);
      for (int i = 0; i < m; ++i) {
        w[i] = G.dot(i, y) - G.rhs(i);
        r = max(r, -w[i]);
        if (lambda[i] > T(0)) r = max(r, abs(w[i]));
      }
      if (r <= tol) break;
      if (res.iterations >= options.max_iterations) {
        res.status = StepStatus::inner_cap_hit;
        break;
      }
      for (int i = 0; i < m; ++i) lambda[i] = max(T(0), lambda[i] - rho * w[i]);
      G.primal_from_dual(q, lambda, y);
      ++res.iterations;
    }
    res.certificate = kkt_certificate(G, q, y, lambda);
    return res;
  }
};

}  // namespace sweepcheck
