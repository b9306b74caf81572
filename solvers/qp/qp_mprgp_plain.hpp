#pragma once
// The plain MPRGP iteration that MprgpQp::solve_from (qp_mprgp.hpp)
// reproduces bit for bit on flat buffers: the oracle of
// properties/mprgp_properties_test.cpp and bench_perf's "before" row, kept
// out of the production header (no scheme includes this one).
#include <algorithm>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/qp/qp_mprgp.hpp"

namespace sweepcheck {

// Cold or warm from `lambda` (as solve_from), on Eigen vectors, plainly.
template <class T>
QpResult<T> mprgp_solve_simple(const MprgpQp<T>& solver, const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y,
                               Vec<T>& lambda) {
  const auto& options = solver.options;
  if (G.cols() != q.size()) throw std::invalid_argument("MprgpQp: G and q disagree in size");
  const int m = G.rows();
  if (lambda.size() != m)
    lambda = Vec<T>::Zero(m);
  else
    for (int i = 0; i < m; ++i)
      if (!(lambda[i] > T(0))) lambda[i] = T(0);
  y = q;
  QpResult<T> res;
  if (m == 0) {
    res.certificate = kkt_certificate(G, q, y, lambda);
    return res;
  }
  for (int i = 0; i < m; ++i)
    if (!(G.squared_norm(i) > T(0))) throw std::invalid_argument("MprgpQp: a constraint row is zero");
  const T tol = solver.tolerance(problem_scale(G, q));
  const T abar = T(options.step_factor) / G.gram_norm_bound();
  const T gamma2 = T(options.gamma) * T(options.gamma);
  using std::min;

  Vec<T> g(m), p(m), Ap(m), phi(m), beta(m), u(G.cols());
  auto slack = [&] {  // y = q + Gᵀλ, g = G y − b
    G.primal_from_dual(q, lambda, y);
    for (int i = 0; i < m; ++i) g[i] = G.dot(i, y) - G.rhs(i);
  };
  auto times_A = [&](const Vec<T>& v, Vec<T>& out) {  // out = G Gᵀ v
    u.setZero();
    for (int i = 0; i < m; ++i)
      if (v[i] != T(0)) G.axpy(i, v[i], u);
    for (int i = 0; i < m; ++i) out[i] = G.dot(i, u);
  };
  auto split = [&] {  // free gradient φ, chopped gradient β
    for (int i = 0; i < m; ++i) {
      const bool free = lambda[i] > T(0);
      phi[i] = free ? g[i] : T(0);
      beta[i] = free ? T(0) : min(g[i], T(0));
    }
  };
  auto residual = [&] {  // the natural residual r(y, λ) = ‖projected gradient‖_∞
    using std::abs;
    using std::max;
    T r(0);
    for (int i = 0; i < m; ++i) r = max(r, lambda[i] > T(0) ? abs(g[i]) : -g[i]);
    return r;
  };
  // Largest α with λ − α p >= 0 (infinite when p has no positive entry on the free set).
  auto feasible_step = [&] {
    T a = std::numeric_limits<T>::infinity();
    for (int i = 0; i < m; ++i)
      if (p[i] > T(0)) a = min(a, lambda[i] / p[i]);
    return a;
  };

  slack();
  split();
  p = phi;
  while (true) {
    if (residual() <= tol) {
      slack();  // confirm on the slacks recomputed from λ, not the recurrence
      split();
      if (residual() <= tol) break;
      p = phi;
    }
    if (res.iterations >= options.max_iterations) {
      res.status = StepStatus::inner_cap_hit;
      break;
    }
    ++res.iterations;
    if (beta.squaredNorm() <= gamma2 * phi.squaredNorm()) {
      // Conjugate gradient step on the free face, or expansion.
      times_A(p, Ap);
      const T pAp = p.dot(Ap);
      const T acg = pAp > T(0) ? g.dot(p) / pAp : std::numeric_limits<T>::infinity();
      const T af = feasible_step();
      // Both steps infinite: a flat descent direction no bound stops (Q̃
      // empty), handled below; never an infinite CG step.
      if (acg <= af && acg < std::numeric_limits<T>::infinity()) {
        lambda -= acg * p;
        for (int i = 0; i < m; ++i)
          if (lambda[i] < T(0)) lambda[i] = T(0);
        g -= acg * Ap;
        split();
        const T coef = pAp > T(0) ? phi.dot(Ap) / pAp : T(0);
        p = phi - coef * p;
      } else {
        if (!(af < std::numeric_limits<T>::infinity())) {
          res.status = StepStatus::infeasible;  // the dual is unbounded: the polyhedron is empty
          break;
        }
        lambda -= af * p;
        for (int i = 0; i < m; ++i)  // clean the entries that reached the bound
          if (lambda[i] < T(0)) lambda[i] = T(0);
        g -= af * Ap;
        split();
        for (int i = 0; i < m; ++i) lambda[i] = std::max(T(0), lambda[i] - abar * phi[i]);
        slack();
        split();
        p = phi;
      }
    } else {
      // Proportioning: release constraints along the chopped gradient.
      times_A(beta, Ap);
      const T dAd = beta.dot(Ap);
      if (!(dAd > T(0))) {
        // Flat direction: move to the projection of a gradient step.
        for (int i = 0; i < m; ++i) lambda[i] = std::max(T(0), lambda[i] - abar * (phi[i] + beta[i]));
        slack();
      } else {
        const T a = g.dot(beta) / dAd;
        lambda -= a * beta;
        g -= a * Ap;
      }
      split();
      p = phi;
    }
    // Recompute g from λ now and then, so round-off in the recurrence
    // does not drift; the conjugate direction p is kept (a restart would
    // throw away what CG has learnt of the face).
    if (res.iterations % 256 == 0) {
      slack();
      split();
    }
  }
  G.primal_from_dual(q, lambda, y);
  res.certificate = kkt_certificate(G, q, y, lambda);
  return res;
}

// MprgpQp with its plain iteration (mprgp_solve_simple): the oracle of
// properties/mprgp_properties_test.cpp and bench_perf's "before" row.
// Cold start only (no solve_from), so Venel never warm-starts it.
template <class T>
struct PlainMprgpQp {
  MprgpQp<T> s{};
  QpResult<T> solve(const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& lambda) const {
    lambda = Vec<T>::Zero(G.rows());
    return mprgp_solve_simple(s, G, q, y, lambda);
  }
  T tolerance(const T& scale) const { return s.tolerance(scale); }
  static std::string name() { return "exact-plain"; }
};

}  // namespace sweepcheck
