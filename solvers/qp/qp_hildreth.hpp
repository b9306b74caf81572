#pragma once
// The exact (reference) projection onto a polyhedron {y : G y >= b}:
// Hildreth's dual coordinate ascent (Hildreth 1957; Lent & Censor 1980),
// i.e. projected Gauss–Seidel on the dual  min_{λ >= 0} ½ λᵀ G Gᵀ λ + λᵀ(G q − b),
// run until the KKT certificate (qp_certificate.hpp) holds to a few hundred
// ulps of the problem's scale. Each coordinate step is exact:
//   λ_i <- max(0, λ_i − w_i / |a_i|²),  y <- y + Δλ_i a_i,   w_i = a_i·y − b_i,
// which keeps y = q + Gᵀλ and λ >= 0; the dual objective decreases
// monotonically and y converges to the projection (G Gᵀ may be singular:
// λ need not be unique, y is). Cost per sweep O(non-zeros of G).
//
// "Exact" here means: it stops only with a certificate r(y, λ) <= tolerance
// = tolerance_factor · ε_T · scale (default 1e5 ε_T scale, a decade above the
// round-off floor measured on the jammed crowd, see qp_mprgp.hpp), with ε_T the machine epsilon of T
// (qp_projector.hpp); otherwise it reports the cap.
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/qp/qp_projector.hpp"

namespace sweepcheck {

template <class T>
struct HildrethQp {
  struct Options {
    double tolerance_factor = 1e5;  // stop when r(y, λ) <= tolerance_factor · ε_T · scale (floor: qp_mprgp.hpp)
    double tolerance = 1e-9;        // absolute floor of the stopping tolerance (units of y; 0: ulps only)
    std::int64_t max_sweeps = 1000000;  // cap on sweeps; reaching it is reported (inner_cap_hit)

    void validate() const {
      if (!(tolerance_factor >= 1)) throw std::invalid_argument("HildrethQp::Options: tolerance_factor must be >= 1");
      if (!(tolerance >= 0)) throw std::invalid_argument("HildrethQp::Options: tolerance must be >= 0");
      if (max_sweeps < 1) throw std::invalid_argument("HildrethQp::Options: max_sweeps must be >= 1");
    }
  };
  Options options{};

  HildrethQp() = default;
  explicit HildrethQp(Options o) : options(o) { options.validate(); }

  static std::string name() { return "exact"; }

  T tolerance(const T& scale) const {
    using std::max;
    return max(T(options.tolerance), T(options.tolerance_factor) * epsilon<T>() * scale);
  }

  QpResult<T> solve(const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& lambda) const {
    if (G.cols() != q.size()) throw std::invalid_argument("HildrethQp: G and q disagree in size");
    const int m = G.rows();
    lambda = Vec<T>::Zero(m);
    y = q;
    QpResult<T> res;
    const T tol = tolerance(problem_scale(G, q));
    Vec<T> inv_norm2(m);
    for (int i = 0; i < m; ++i) {
      const T n2 = G.squared_norm(i);
      if (!(n2 > T(0))) throw std::invalid_argument("HildrethQp: a constraint row is zero");
      inv_norm2[i] = T(1) / n2;
    }
    using std::max;
    while (true) {
      if (natural_residual(G, y, lambda) <= tol) break;
      if (res.iterations >= options.max_sweeps) {
        res.status = StepStatus::inner_cap_hit;
        break;
      }
      for (int i = 0; i < m; ++i) {
        const T w = G.dot(i, y) - G.rhs(i);
        const T next = max(T(0), lambda[i] - w * inv_norm2[i]);
        const T d = next - lambda[i];
        if (d != T(0)) {
          G.axpy(i, d, y);
          lambda[i] = next;
        }
      }
      ++res.iterations;
    }
    res.certificate = kkt_certificate(G, q, y, lambda);
    return res;
  }
};

}  // namespace sweepcheck
