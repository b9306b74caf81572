#pragma once
// The exact (reference) projection onto a polyhedron {y : G y >= b} for
// large, jammed contact sets: the dual bound-constrained QP
//   min_{λ >= 0} φ(λ) = ½ λᵀ A λ + λᵀ(G q − b),   A = G Gᵀ (never formed),
// solved by MPRGP, modified proportioning with reduced gradient projections
// (Dostál & Schöberl, Comput. Optim. Appl. 30 (2005); Dostál, "Optimal
// quadratic programming algorithms", Springer 2009, Sec. 5.8): conjugate
// gradients on the current free face {λ_i > 0}, expansion by a projected
// gradient step when a CG step would leave λ >= 0, and proportioning steps
// that release constraints whose chopped gradient dominates. CG makes the
// count of iterations grow like sqrt(cond A) instead of cond A (Hildreth,
// Uzawa), which is what a jam at a door needs.
//
// The dual gradient is the slack vector: ∇φ(λ) = A λ + G q − b = G y − b = w
// with y = q + Gᵀλ. So the projected gradient of MPRGP is exactly the
// natural KKT residual r(y, λ) of qp_projector.hpp, and the solver stops
// with the same certificate as HildrethQp: r <= tolerance_factor · ε_T ·
// scale, or reports the cap. A products cost O(non-zeros of G) each
// (u = Gᵀp, then a_i·u).
//
// A = G Gᵀ may be singular (more contacts than degrees of freedom): along a
// direction p with pᵀAp = 0 the dual is linear and bounded below (Q̃ is not
// empty), so the step goes to the bound (expansion step). If no bound stops
// it, Q̃ is empty: the solver stops with StepStatus::infeasible (a recorded
// run status, solvers/core/work.hpp), never an exception that would end a study.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/qp/compact_rows.hpp"
#include "sweepcheck/solvers/qp/qp_projector.hpp"

namespace sweepcheck {

template <class T>
struct MprgpQp {
  struct Options {
    // stop when r(y, λ) <= tolerance_factor · ε_T · scale. Measured floor: on the
    // jammed crowd (N = 150, step 410 of h = 0.01) both MPRGP and Hildreth stall
    // at r ≈ 3e-11 .. 1e-10 = (1e4 .. 4e4) ε scale (round-off amplified by nearly
    // parallel contact rows), so the factor sits one decade above that.
    double tolerance_factor = 1e5;
    double tolerance = 1e-9;  // absolute floor of the stopping tolerance (units of y; 0: ulps only)
    std::int64_t max_iterations = 200000;  // cap on MPRGP steps (each one or two A products); reported
    double gamma = 1;                      // proportioning parameter Γ > 0 (Dostál: 1)
    double step_factor = 1.9;              // expansion step ᾱ = step_factor / (‖G‖_1 ‖G‖_∞), in (0, 2]

    void validate() const {
      if (!(tolerance_factor >= 1)) throw std::invalid_argument("MprgpQp::Options: tolerance_factor must be >= 1");
      if (!(tolerance >= 0)) throw std::invalid_argument("MprgpQp::Options: tolerance must be >= 0");
      if (max_iterations < 1) throw std::invalid_argument("MprgpQp::Options: max_iterations must be >= 1");
      if (!(gamma > 0)) throw std::invalid_argument("MprgpQp::Options: gamma must be > 0");
      if (!(step_factor > 0 && step_factor <= 2)) throw std::invalid_argument("MprgpQp::Options: step_factor must lie in (0, 2]");
    }
  };
  Options options{};

  MprgpQp() = default;
  explicit MprgpQp(Options o) : options(o) { options.validate(); }

  static std::string name() { return "exact"; }

  T tolerance(const T& scale) const {
    using std::max;
    return max(T(options.tolerance), T(options.tolerance_factor) * epsilon<T>() * scale);
  }

  QpResult<T> solve(const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& lambda) const {
    lambda = Vec<T>::Zero(G.rows());
    return solve_from(G, q, y, lambda);
  }

  // The same, started from the multipliers in `lambda` (a warm start, e.g.
  // the previous time step's; negative entries are clipped to 0, a vector of
  // the wrong size means a cold start). MPRGP converges from any λ >= 0 and
  // stops on the same certificate, so the result is the projection to the
  // same tolerance; only the iterate it stops at (within that tolerance) and
  // the iteration count depend on the start.
  QpResult<T> solve_from(const SparseRows<T>& G, const Vec<T>& q, Vec<T>& y, Vec<T>& lambda) const {
    if (G.cols() != q.size()) throw std::invalid_argument("MprgpQp: G and q disagree in size");
    const int m = G.rows();
    if (lambda.size() != m)
      lambda = Vec<T>::Zero(m);
    else
      for (int i = 0; i < m; ++i)
        if (!(lambda[i] > T(0))) lambda[i] = T(0);
    QpResult<T> res;
    if (m == 0) {
      y = q;
      res.certificate = kkt_certificate(G, q, y, lambda);
      return res;
    }
    for (int i = 0; i < m; ++i)
      if (!(G.squared_norm(i) > T(0))) throw std::invalid_argument("MprgpQp: a constraint row is zero");
    const T tol = tolerance(problem_scale(G, q));
    using std::min;
    using std::max;
    using std::abs;

    // The iteration of mprgp_solve_simple (qp_mprgp_plain.hpp), operation for operation (the same
    // values in the same order, so the same iterates bit for bit; checked by
    // properties/mprgp_properties_test.cpp), on flat buffers reused across
    // calls: the products on the active columns only (CompactRows), the
    // element-wise passes fused, the residual computed with the split, the
    // feasible step without a branch per row. The reductions (dot products,
    // squared norms) stay Eigen's, on Maps of the buffers: Eigen sums a
    // Map in the same order as a Vec (a packet loop from index 0), so they
    // round alike.
    Workspace& w = workspace();
    const CompactRows<T>& A = w.rows;
    w.rows.assign(G);
    const int n = A.active();
    const T abar = T(options.step_factor) / A.gram_norm_bound();
    const T gamma2 = T(options.gamma) * T(options.gamma);
    w.resize(m, n);
    T* l = lambda.data();
    T *g = w.g.data(), *p = w.p.data(), *Ap = w.Ap.data(), *phi = w.phi.data(), *beta = w.beta.data();
    T *u = w.u.data(), *yc = w.y.data(), *qc = w.q.data();
    for (int c = 0; c < n; ++c) qc[c] = q[A.active_columns()[static_cast<std::size_t>(c)]];
    const auto& b = G.rhs_values();
    using Map = Eigen::Map<Vec<T>>;
    const Map gv(g, m), pv(p, m), Apv(Ap, m), phiv(phi, m), betav(beta, m);
    const T inf = std::numeric_limits<T>::infinity();

    auto slack = [&] {  // y = q + Gᵀλ, g = G y − b
      A.transpose_times(l, qc, yc);
      A.times(yc, b.data(), g);
    };
    auto times_A = [&](const T* v, T* out) {  // out = G Gᵀ v
      A.transpose_times(v, nullptr, u);
      A.times(u, nullptr, out);
    };
    // free gradient φ, chopped gradient β; returns the natural residual
    // r(y, λ) = ‖projected gradient‖_∞ of the λ, g it split
    auto split_one = [&](int i, T& r) {
      const bool free = l[i] > T(0);
      phi[i] = free ? g[i] : T(0);
      beta[i] = free ? T(0) : min(g[i], T(0));
      r = max(r, free ? abs(g[i]) : -g[i]);
    };
    auto split = [&] {
      T r(0);
      for (int i = 0; i < m; ++i) split_one(i, r);
      return r;
    };
    // Largest α with λ − α p >= 0 (infinite when p has no positive entry).
    // For doubles: the quotients of the rows with p_i > 0 (inf elsewhere)
    // in one loop the compiler vectorises (divpd and a blend: these were a
    // dependent divsd and an unpredictable branch per row, a fifth of the
    // step), then their minimum over four independent lanes. The same value
    // as the branchy loop: each quotient is the same, min is exact and
    // order-free here (a quotient with p_i > 0 is never NaN or −0: λ >= +0).
    auto feasible_step = [&] {
      if constexpr (std::is_floating_point_v<T>) {
        T* quot = u;  // free here: u is rewritten by the next product
        for (int i = 0; i < m; ++i) quot[i] = l[i] / p[i];  // divpd
        // inf where p_i <= 0, by a bit mask: written as a select, the
        // compiler turns it into a branch (unpredictable: the sign of p_i).
        using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
        const Bits inf_bits = std::bit_cast<Bits>(inf);
        auto masked = [&](int i) {
          const Bits keep = Bits(0) - Bits(p[i] > T(0));
          return std::bit_cast<T>(Bits((std::bit_cast<Bits>(quot[i]) & keep) | (inf_bits & ~keep)));
        };
        T a0 = inf, a1 = inf, a2 = inf, a3 = inf;
        int i = 0;
        for (; i + 4 <= m; i += 4) {
          const T q0 = masked(i), q1 = masked(i + 1), q2 = masked(i + 2), q3 = masked(i + 3);
          a0 = q0 < a0 ? q0 : a0;
          a1 = q1 < a1 ? q1 : a1;
          a2 = q2 < a2 ? q2 : a2;
          a3 = q3 < a3 ? q3 : a3;
        }
        for (; i < m; ++i) {
          const T q0 = masked(i);
          a0 = q0 < a0 ? q0 : a0;
        }
        a0 = a1 < a0 ? a1 : a0;
        a2 = a3 < a2 ? a3 : a2;
        return a2 < a0 ? a2 : a0;
      } else {
        T a = inf;
        for (int i = 0; i < m; ++i)
          if (p[i] > T(0)) a = min(a, l[i] / p[i]);
        return a;
      }
    };
    auto copy_p = [&] { std::copy(phi, phi + m, p); };

    slack();
    T r = split();
    copy_p();
    while (true) {
      if (r <= tol) {
        slack();  // confirm on the slacks recomputed from λ, not the recurrence
        r = split();
        if (r <= tol) break;
        copy_p();
      }
      if (res.iterations >= options.max_iterations) {
        res.status = StepStatus::inner_cap_hit;
        break;
      }
      ++res.iterations;
      if (betav.squaredNorm() <= gamma2 * phiv.squaredNorm()) {
        times_A(p, Ap);
        const T pAp = pv.dot(Apv);
        const T acg = pAp > T(0) ? gv.dot(pv) / pAp : inf;
        const T af = feasible_step();
        if (acg <= af && acg < inf) {
          r = T(0);
          for (int i = 0; i < m; ++i) {  // the step, the clamp and the split in one pass
            const T li = l[i] - acg * p[i];
            l[i] = li < T(0) ? T(0) : li;
            g[i] = g[i] - acg * Ap[i];
            split_one(i, r);
          }
          const T coef = pAp > T(0) ? phiv.dot(Apv) / pAp : T(0);
          for (int i = 0; i < m; ++i) p[i] = phi[i] - coef * p[i];
        } else {
          if (!(af < inf)) {
            res.status = StepStatus::infeasible;  // the dual is unbounded: the polyhedron is empty
            break;
          }
          for (int i = 0; i < m; ++i) {  // expansion: to the bound, then a projected gradient step
            T li = l[i] - af * p[i];
            if (li < T(0)) li = T(0);
            const T gi = g[i] - af * Ap[i];
            g[i] = gi;
            const T phii = li > T(0) ? gi : T(0);
            l[i] = std::max(T(0), li - abar * phii);
          }
          slack();
          r = split();
          copy_p();
        }
      } else {
        // Proportioning: release constraints along the chopped gradient.
        times_A(beta, Ap);
        const T dAd = betav.dot(Apv);
        if (!(dAd > T(0))) {
          for (int i = 0; i < m; ++i) l[i] = std::max(T(0), l[i] - abar * (phi[i] + beta[i]));
          slack();
          r = split();
        } else {
          const T a = gv.dot(betav) / dAd;
          r = T(0);
          for (int i = 0; i < m; ++i) {  // the step and the split in one pass
            l[i] = l[i] - a * beta[i];
            g[i] = g[i] - a * Ap[i];
            split_one(i, r);
          }
        }
        copy_p();
      }
      if (res.iterations % 256 == 0) {
        slack();
        r = split();
      }
    }
    // y = q + Gᵀλ: q off the active columns, the compact y on them.
    A.transpose_times(l, qc, yc);
    y = q;
    for (int c = 0; c < n; ++c) y[A.active_columns()[static_cast<std::size_t>(c)]] = yc[c];
    res.certificate = kkt_certificate(G, q, y, lambda, w.certificate);
    return res;
  }

 private:
  // solve_from's buffers, one set per thread (a solver is shared read-only
  // by a study's threads); kept across calls so a solve allocates nothing
  // once warm. A pure scratch: no value survives from one call to the next.
  struct Workspace {
    CompactRows<T> rows;
    std::vector<T> g, p, Ap, phi, beta, u, y, q;
    Vec<T> certificate;  // kkt_certificate's q + Gᵀλ
    void resize(int m, int n) {
      for (auto* v : {&g, &p, &Ap, &phi, &beta}) v->resize(static_cast<std::size_t>(m));
      // + 1: the zero entry padded rows read (CompactRows::times); u doubles
      // as feasible_step's quotients
      u.resize(static_cast<std::size_t>(std::max(m, n + 1)));
      for (auto* v : {&y, &q}) v->resize(static_cast<std::size_t>(n) + 1);
    }
  };
  static Workspace& workspace() {
    thread_local Workspace w;
    return w;
  }
};

}  // namespace sweepcheck
