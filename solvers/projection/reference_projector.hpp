#pragma once
// The reference projector: a scheme-independent solver of the local projection
// problem onto S(t) = ∩_j { g_j(t, ·) >= 0 },
//
//     P_S(q) = argmin_y ½ |y − q|²   s.t.  g_j(t, y) >= 0,  j = 1..m,
//
// certified by its KKT conditions. It is the exact projection that
// Moreau–Euler (seed 000, (3)) needs, and the "true P_S" of the property suites.
//
// API (kept small on purpose):
//   project_onto(set, t, q, options) -> ProjectionResult<T>
//       point, multipliers (one per constraint of `set`), active set, KKT
//       certificate, converged flag, iterations.
//   kkt_certificate(set, t, q, y, lambda, tolerance) -> KktCertificate<T>
//       the same check for any candidate (y, λ), independent of how it was found.
//   distance_to_set(set, t, q, options) = |q − P_S(q)|  (d_S(q))
//   ReferenceProjector<T>: the Projector of solvers/schemes/moreau_euler.hpp.
//
// Method (local; S is non-convex but prox-regular near S):
//  1. Start from the nonlinear Gauss–Seidel iterate y_0 = (P^itr_S)^k(q) (a
//     few sweeps of the set's own sweep; it only has to be close to P_S(q)).
//  2. SQP: at (y, λ), solve the QP
//        min_d ½ dᵀ H d + (y − q)ᵀ d   s.t.  g_j(y) + ∇g_j(y)ᵀ d >= 0,
//     H = I − Σ_j λ_j ∇²g_j(y) (the Lagrangian's Hessian; for λ = 0 the QP is
//     the projection onto the linearised set S̃(y) of seed 000, Sec. 4.1).
//     With H = L Lᵀ the QP is a least-distance program, solved exactly by
//     Lawson–Hanson's LDP → NNLS reduction (Lawson & Hanson 1974, Ch. 23,
//     using solvers/projection/nnls.hpp with its QR updated, not refactored,
//     across the iterations). Its multipliers are the new λ. Near a KKT
//     point with linearly independent active gradients and H ≻ 0 on their
//     tangent space (second-order sufficiency; when H itself is indefinite
//     the QP is convexified by an augmented-Lagrangian term that leaves its
//     KKT points in place, see below) the iteration converges quadratically
//     and identifies the active set. NNLS is warm-started from the previous
//     QP's active set.
//  3. Stop when the step is below the tolerance; then certify.
//
// Certificate (KktCertificate), all absolute, at the returned (y, λ):
//   stationarity    |(y − q) − Σ_j λ_j ∇g_j(y)|
//   primal          max_j max(0, −g_j(y))
//   dual            max_j max(0, −λ_j)
//   complementarity max_j λ_j |g_j(y)|
//   cone_residual   min_{μ >= 0} |(y − q) − Σ_{j near-active} μ_j ∇g_j(y)| (NNLS,
//                   independent of the solver's λ: is q − y in the normal cone?)
// converged = every entry <= tolerance = tolerance_factor · ε_T · (1 + |q|).
// Under prox-regularity (seed 000, Def. 2.1) a KKT point y with |q − y| < η
// is P_S(q); the caller knows η, the projector does not, and the result
// reports |q − y| so the caller can check it.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <Eigen/Cholesky>

#include "sweepcheck/solvers/sets/constraint_set.hpp"
#include "sweepcheck/solvers/sets/local_constraints.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"

namespace sweepcheck {

template <class T>
struct ReferenceProjectorOptions {
  double tolerance_factor = 1e3;  // tolerance = tolerance_factor · ε_T · (1 + |q|), for steps and KKT
  int start_sweeps = 50;          // Gauss–Seidel sweeps for the starting point (stops early when still)
  int max_iterations = 60;        // SQP iterations; reaching it means "not converged"
  double near_active_factor = 1e6;  // constraints with g_j <= near_active_factor · tolerance enter cone_residual

  void validate() const {
    if (!(tolerance_factor >= 1)) throw std::invalid_argument("ReferenceProjectorOptions: tolerance_factor must be >= 1");
    if (start_sweeps < 0) throw std::invalid_argument("ReferenceProjectorOptions: start_sweeps must be >= 0");
    if (max_iterations < 1) throw std::invalid_argument("ReferenceProjectorOptions: max_iterations must be >= 1");
    if (!(near_active_factor >= 1))
      throw std::invalid_argument("ReferenceProjectorOptions: near_active_factor must be >= 1");
  }

  T tolerance_for(const Vec<T>& q) const { return T(tolerance_factor) * epsilon<T>() * (T(1) + q.norm()); }
};

template <class T>
struct KktCertificate {
  T stationarity{0};
  T primal{0};
  T dual{0};
  T complementarity{0};
  T cone_residual{0};
  T tolerance{0};

  bool ok() const {
    return stationarity <= tolerance && primal <= tolerance && dual <= tolerance && complementarity <= tolerance &&
           cone_residual <= tolerance;
  }
};

template <class T>
struct ProjectionResult {
  Vec<T> point;             // y ≈ P_S(q)
  Vec<T> multipliers;       // λ_j >= 0, one per constraint of the set (0 for inactive ones)
  std::vector<int> active;  // j with λ_j > 0, ascending
  KktCertificate<T> kkt;
  T distance{0};            // |q − y| (= d_S(q) when converged)
  int iterations = 0;       // SQP iterations
  bool converged = false;   // kkt.ok() and the SQP step fell below the tolerance
};

// ∇²|v| = (I − u uᵀ)/|v|, u = v/|v|; zero where |v| = 0 (not
// differentiable): the curvature of every sphere-like constraint below.
template <class T>
void norm_hessian(const Vec<T>& v, Mat<T>& P) {
  const T r = v.norm();
  const Eigen::Index k = v.size();
  P = Mat<T>::Zero(k, k);
  if (!(r > T(0))) return;
  const Vec<T> u = v / r;
  P = (Mat<T>::Identity(k, k) - u * u.transpose()) / r;
}

// ∇²g_j(y) of one constraint, as a dense n×n matrix.
template <class T>
Mat<T> constraint_hessian(const Constraint<T>& c, const T& t, const Vec<T>& y) {
  const Eigen::Index n = y.size();
  Mat<T> H = Mat<T>::Zero(n, n);
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        Mat<T> P;
        if constexpr (std::is_same_v<S, HalfSpace<T>>) {
        } else if constexpr (std::is_same_v<S, Ball<T>>) {  // g = R − |y − c|
          norm_hessian(Vec<T>(y - s.centre(t)), P);
          H = -P;
        } else if constexpr (std::is_same_v<S, BallComplement<T>>) {  // g = |y − c| − R
          norm_hessian(Vec<T>(y - s.centre(t)), P);
          H = P;
        } else if constexpr (std::is_same_v<S, DiskSegmentWall<T>>) {
          // g = |X_i − P(X_i)| − R: zero Hessian where P(X_i) is inside the
          // segment (distance to a line in the plane is affine on each side),
          // ∇²|X_i − E| where it is an end point E.
          T cx, cy;
          s.closest(y[2 * s.i], y[2 * s.i + 1], cx, cy);
          if ((cx == s.ax && cy == s.ay) || (cx == s.bx && cy == s.by)) {
            Vec<T> v(2);
            v << y[2 * s.i] - cx, y[2 * s.i + 1] - cy;
            norm_hessian(v, P);
            H.block(2 * s.i, 2 * s.i, 2, 2) = P;
          }
        } else {  // PairNonOverlap: g = |X_i − X_j| − d_min
          norm_hessian(Vec<T>(s.Xi(y) - s.Xj(y)), P);
          const Eigen::Index D = s.D, i = D * s.i, j = D * s.j;
          H.block(i, i, D, D) = P;
          H.block(j, j, D, D) = P;
          H.block(i, j, D, D) = -P;
          H.block(j, i, D, D) = -P;
        }
      },
      c);
  return H;
}

// H −= λ ∇²g_j(y), the same numbers as H −= λ · constraint_hessian(c, t, y)
// (the entries where that matrix is zero are left as they are, which
// subtracting λ · 0 does too), without forming an n×n matrix per constraint
// for a pair constraint, whose Hessian has four D×D blocks.
template <class T>
void subtract_scaled_constraint_hessian(const Constraint<T>& c, const T& t, const Vec<T>& y, const T& lambda,
                                        Mat<T>& H) {
  if (const auto* s = std::get_if<PairNonOverlap<T>>(&c)) {
    const Vec<T> v = s->Xi(y) - s->Xj(y);
    if (!(v.norm() > T(0))) return;  // ∇²|v| taken as zero where |v| = 0, as constraint_hessian does
    const Eigen::Index D = s->D, i = D * s->i, j = D * s->j;
    Mat<T> P;
    norm_hessian(v, P);
    const Mat<T> lP = lambda * P;  // λ · (−P) = −(λ · P) exactly
    H.block(i, i, D, D) -= lP;
    H.block(j, j, D, D) -= lP;
    H.block(i, j, D, D) += lP;
    H.block(j, i, D, D) += lP;
    return;
  }
  H -= lambda * constraint_hessian(c, t, y);
}

// The KKT check of (y, λ) for P_S(q); see the header comment.
template <class T>
KktCertificate<T> kkt_certificate(const ConstraintSet<T>& set, const T& t, const Vec<T>& q, const Vec<T>& y,
                                  const Vec<T>& lambda, const T& tolerance, const T& near_active) {
  using std::abs;
  using std::max;
  if (lambda.size() != set.size()) throw std::invalid_argument("kkt_certificate: one multiplier per constraint needed");
  KktCertificate<T> c;
  c.tolerance = tolerance;
  Vec<T> r = y - q, g;
  std::vector<Vec<T>> near;
  std::vector<Eigen::Index> warm;  // near-active columns with λ_j > 0: the cone NNLS's likely support
  for (int j = 0; j < set.size(); ++j) {
    const T gj = value(set[j], t, y);
    gradient(set[j], t, y, g);
    r -= lambda[j] * g;
    c.primal = max(c.primal, -gj);
    c.dual = max(c.dual, -lambda[j]);
    c.complementarity = max(c.complementarity, abs(lambda[j] * gj));
    if (gj <= near_active) {
      if (lambda[j] > T(0)) warm.push_back(static_cast<Eigen::Index>(near.size()));
      near.push_back(g);
    }
  }
  c.stationarity = r.norm();
  const Vec<T> v = y - q;
  if (near.empty()) {
    c.cone_residual = v.norm();
  } else {
    Mat<T> A(y.size(), static_cast<Eigen::Index>(near.size()));
    for (std::size_t k = 0; k < near.size(); ++k) A.col(static_cast<Eigen::Index>(k)) = near[k];
    // Any λ >= 0 bounds the distance to the cone from above by |Aλ − v|, so
    // a residual below the tolerance certifies whichever factorisation NNLS
    // used (the updated one: nnls.hpp).
    c.cone_residual = nnls(A, v, 0, &warm, NnlsFactorisation::update).residual;
  }
  return c;
}

template <class T>
KktCertificate<T> kkt_certificate(const ConstraintSet<T>& set, const T& t, const Vec<T>& q, const Vec<T>& y,
                                  const Vec<T>& lambda, const ReferenceProjectorOptions<T>& opt = {}) {
  const T tol = opt.tolerance_for(q);
  return kkt_certificate(set, t, q, y, lambda, tol, T(opt.near_active_factor) * tol);
}

template <class T>
ProjectionResult<T> project_onto(const ConstraintSet<T>& set, const T& t, const Vec<T>& q,
                                 const ReferenceProjectorOptions<T>& opt, Work& work) {
  opt.validate();
  if (q.size() != set.dim()) throw std::invalid_argument("project_onto: q has the wrong dimension");
  if (!all_finite(q)) throw std::invalid_argument("project_onto: q is not finite");
  const int m = set.size();
  const Eigen::Index n = q.size();
  const T tol = opt.tolerance_for(q);

  ProjectionResult<T> res;
  // 1. Gauss–Seidel start.
  Vec<T> y = q, prev;
  for (int k = 0; k < opt.start_sweeps; ++k) {
    prev = y;
    set.sweep(t, y, work);
    if ((y - prev).norm() <= tol) break;
  }
  // 2. SQP.
  Vec<T> lambda = Vec<T>::Zero(m), g, gvals(m);
  Mat<T> A(n, m);  // gradients as columns
  bool small_step = false;
  // The LDP's expected active rows: first the constraints touching the
  // Gauss–Seidel start, then the previous QP's active set (the SQP identifies
  // it early). Only a starting guess for NNLS; the QP solution is the same.
  std::vector<Eigen::Index> warm;
  const T touching = T(opt.near_active_factor) * tol;
  if (m == 0) {
    // S = Rⁿ (e.g. no pair of disks within reach): the first iteration's QP
    // has no constraint, and its step takes y to q at once. Taken here, not
    // through Eigen, whose triangular solve with an n×0 right-hand side binds
    // a reference to its null data (UBSan); counted as that one iteration.
    res.iterations = 1;
    ++work.inner_iterations;
    y = q;
    small_step = true;
  }
  for (int it = 0; m > 0 && it < opt.max_iterations; ++it) {
    res.iterations = it + 1;
    ++work.inner_iterations;
    Mat<T> H = Mat<T>::Identity(n, n);
    for (int j = 0; j < m; ++j) {
      ++work.constraint_evaluations;
      gvals[j] = value(set[j], t, y);
      gradient(set[j], t, y, g);
      A.col(j) = g;
      if (lambda[j] > T(0)) subtract_scaled_constraint_hessian(set[j], t, y, lambda[j], H);
      if (it == 0 && gvals[j] <= touching) warm.push_back(j);
    }
    // The QP's gradient; changed only by the augmentation below.
    Vec<T> grad = y - q;
    Eigen::LLT<Mat<T>> llt(H);
    if (llt.info() != Eigen::Success) {
      // H is indefinite: normal when many constraints are active (a jammed
      // cluster of disks has 77 active pairs in 80 dimensions, and
      // λ·curvature > 1 there), although H is positive definite on the
      // tangent space of the active constraints A = {λ_j > 0}, which is all
      // SQP needs. Convexify without moving the QP's KKT points: add
      // (ρ/2) Σ_{j∈A} (g_j + ∇g_jᵀ d)², which vanishes with its gradient
      // wherever the constraints of A hold with equality (Finsler: H + ρ Σ a_j a_jᵀ
      // ≻ 0 for ρ large enough). Falling back to H = I instead would make the
      // iteration converge only linearly (measured: rate ≈ 0.05, 8 iterations).
      Mat<T> AAt = Mat<T>::Zero(n, n);
      Vec<T> Ag = Vec<T>::Zero(n);
      for (int j = 0; j < m; ++j)
        if (lambda[j] > T(0)) {
          AAt.noalias() += A.col(j) * A.col(j).transpose();
          Ag += gvals[j] * A.col(j);
        }
      bool convex = false;
      for (T rho(1); rho <= T(1e4) && !convex; rho *= T(10)) {
        llt.compute(H + rho * AAt);
        if (llt.info() == Eigen::Success) {
          grad = (y - q) + rho * Ag;
          convex = true;
        }
      }
      if (!convex) {  // outside the prox-regular regime: fall back to H = I
        H = Mat<T>::Identity(n, n);
        llt.compute(H);
      }
    }
    const Mat<T> L = llt.matrixL();
    const Vec<T> c = L.template triangularView<Eigen::Lower>().solve(grad);
    const Mat<T> Bt = L.template triangularView<Eigen::Lower>().solve(A);  // columns b_j = L⁻¹ a_j
    const Mat<T> B = Bt.transpose();
    const Vec<T> h = -gvals + B * c;
    const auto ldp = least_distance<T>(B, h, &warm, NnlsFactorisation::update);
    if (!ldp.feasible) break;  // linearised set empty: give up, not converged
    const Vec<T> d = L.transpose().template triangularView<Eigen::Upper>().solve(Vec<T>(ldp.w - c));
    y += d;
    lambda = ldp.multipliers;
    warm.clear();
    for (int j = 0; j < m; ++j)
      if (lambda[j] > T(0)) warm.push_back(j);
    if (d.norm() <= tol) {
      small_step = true;
      break;
    }
  }
  res.point = y;
  res.multipliers = lambda;
  for (int j = 0; j < m; ++j)
    if (lambda[j] > T(0)) res.active.push_back(j);
  res.kkt = kkt_certificate(set, t, q, y, lambda, opt);
  res.distance = (q - y).norm();
  res.converged = small_step && res.kkt.ok();
  return res;
}

template <class T>
ProjectionResult<T> project_onto(const ConstraintSet<T>& set, const T& t, const Vec<T>& q,
                                 const ReferenceProjectorOptions<T>& opt = {}) {
  Work w;
  return project_onto(set, t, q, opt, w);
}

// d_S(q) = |q − P_S(q)|; throws std::runtime_error when the projection cannot be certified.
template <class T>
T distance_to_set(const ConstraintSet<T>& set, const T& t, const Vec<T>& q, const ReferenceProjectorOptions<T>& opt = {}) {
  const auto r = project_onto(set, t, q, opt);
  if (!r.converged) throw std::runtime_error("distance_to_set: the reference projection did not converge");
  return r.distance;
}

// The Projector of solvers/schemes/moreau_euler.hpp: y <- P_{S(t)}(y). A projection
// that cannot be certified is reported as StepStatus::inner_cap_hit.
template <class T>
struct ReferenceProjector {
  ReferenceProjectorOptions<T> options{};

  StepStatus operator()(const ConstraintSet<T>& s, const T& t, Vec<T>& y, Work& work) const {
    auto r = project_onto(s, t, y, options, work);
    y = r.point;
    return r.converged ? StepStatus::ok : StepStatus::inner_cap_hit;
  }

  // For a set with a neighbour structure (solvers/sets/local_constraints.hpp).
  template <class Set>
    requires HasLocalConstraints<Set, T>
  StepStatus operator()(const Set& s, const T& t, Vec<T>& y, Work& work) const {
    // d_S(y) <= |y − z| for the feasible Gauss–Seidel limit z, and a pair's
    // gap changes by at most 2|Δy| when y moves by Δy: constraints farther than
    // 2·|z − y| (plus a margin) from active cannot become active.
    // The start only sizes the neighbourhood (checked below), so a loose
    // tolerance (√ε-relative) and options.start_sweeps suffice.
    using std::sqrt;
    Vec<T> z = y, prev;
    for (int k = 0; k < options.start_sweeps; ++k) {
      prev = z;
      s.sweep(t, z, work);
      if ((z - prev).norm() <= sqrt(epsilon<T>()) * (T(1) + y.norm())) break;
    }
    T reach = T(3) * (z - y).norm() + T(1e3) * options.tolerance_for(y);
    for (int attempt = 0; attempt < 3; ++attempt, reach *= T(4)) {
      const ConstraintSet<T> local = s.local_constraints(t, y, reach);
      auto r = project_onto(local, t, y, options, work);
      if (r.converged && s.max_violation(t, r.point) <= options.tolerance_for(y) && r.distance <= reach / T(2)) {
        y = r.point;
        return StepStatus::ok;
      }
    }
    return StepStatus::inner_cap_hit;
  }
};

}  // namespace sweepcheck
