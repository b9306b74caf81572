#pragma once
// Exact Euclidean projection onto a polyhedron {y : G y >= b}, by least
// distance programming (Lawson & Hanson, 1974, Ch. 23, Algorithm LDP):
//   min |x|  s.t.  G x >= h,   with x = y − q, h = b − G q,
// solved through the NNLS problem  min |E u − f|, u >= 0,
//   E = [Gᵀ; hᵀ] ((n+1) × m),  f = (0, ..., 0, 1).
// If the residual r = E u − f vanishes the polyhedron is empty; otherwise
// x = −r_{1..n} / r_{n+1}. Finite and exact up to round-off, generic on the
// scalar. A KKT certificate (λ = u / −r_{n+1}) is returned for checking.
#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <vector>

#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {

template <class T>
struct PolyhedronProjection {
  bool feasible = false;  // false: {G y >= b} is empty
  Vec<T> point;           // P(q)
  Vec<T> multipliers;     // λ >= 0 with P(q) − q = Gᵀ λ
  T distance{0};          // |q − P(q)|
  // KKT residuals: stationarity |P(q) − q − Gᵀλ|, primal max(0, b − G P(q)),
  // complementarity max λ_i |(G P(q) − b)_i|.
  T stationarity{0}, primal{0}, complementarity{0};
};

// The least distance program itself: min |w| s.t. B w >= h. Returns
// feasible = false when the program is infeasible; otherwise w and its
// multipliers μ >= 0 with w = Bᵀ μ.
template <class T>
struct LeastDistanceSolution {
  bool feasible = false;
  Vec<T> w;
  Vec<T> multipliers;
};

// Active-set polish: LDP recovers w by a division that costs a few ulps
// more than necessary. Once it has identified the active set A = {μ_i > 0},
// the solution is w = B_Aᵀ μ_A with (B_A B_Aᵀ) μ_A = h_A; re-solving that small
// system gives the last digits back. The polished point is kept only when it
// still satisfies the KKT conditions (μ_A >= 0, B w >= h) to round-off.
// `factorisation` update (the fast path, nnls.hpp) factorises B_A B_Aᵀ by a
// pivoted LDLᵀ instead of a full-pivoting LU (~10 times cheaper at k ~ 75
// active rows); the rank test is the same (pivots above k ε times the largest).
template <class T>
void polish(const Mat<T>& B, const Vec<T>& h, LeastDistanceSolution<T>& s,
            NnlsFactorisation factorisation = NnlsFactorisation::refactor) {
  std::vector<Eigen::Index> A;
  for (Eigen::Index i = 0; i < s.multipliers.size(); ++i)
    if (s.multipliers[i] > T(0)) A.push_back(i);
  if (A.empty()) return;
  const Eigen::Index k = static_cast<Eigen::Index>(A.size());
  Mat<T> BA(k, B.cols());
  Vec<T> hA(k);
  for (Eigen::Index i = 0; i < k; ++i) {
    BA.row(i) = B.row(A[static_cast<std::size_t>(i)]);
    hA[i] = h[A[static_cast<std::size_t>(i)]];
  }
  Vec<T> muA;
  if (factorisation == NnlsFactorisation::update) {
    using std::abs;
    const Eigen::LDLT<Mat<T>> ldlt(BA * BA.transpose());
    if (ldlt.info() != Eigen::Success) return;
    const Vec<T> D = ldlt.vectorD().cwiseAbs();
    if (!(D.minCoeff() > T(k) * epsilon<T>() * D.maxCoeff())) return;  // dependent active rows: keep LDP's answer
    muA = ldlt.solve(hA);
  } else {
    const Eigen::FullPivLU<Mat<T>> lu(BA * BA.transpose());
    if (lu.rank() < k) return;  // dependent active rows: keep LDP's answer
    muA = lu.solve(hA);
  }
  const Vec<T> w = BA.transpose() * muA;
  const T tol = T(64) * epsilon<T>() * (T(1) + h.cwiseAbs().maxCoeff() + B.norm() * w.norm());
  if (muA.minCoeff() < -tol) return;
  if (((B * w - h).array() < -tol).any()) return;
  s.w = w;
  s.multipliers.setZero();
  for (Eigen::Index i = 0; i < k; ++i) s.multipliers[A[static_cast<std::size_t>(i)]] = muA[i] > T(0) ? muA[i] : T(0);
}

// `warm` (optional): rows expected to be active (e.g. the previous SQP
// iterate's); passed to nnls as its starting passive set — same answer,
// fewer factorisations. `factorisation`: how nnls solves on its passive set
// (nnls.hpp; same answer up to round-off).
template <class T>
LeastDistanceSolution<T> least_distance(const Mat<T>& B, const Vec<T>& h,
                                        const std::vector<Eigen::Index>* warm = nullptr,
                                        NnlsFactorisation factorisation = NnlsFactorisation::refactor) {
  const Eigen::Index n = B.cols(), m = B.rows();
  LeastDistanceSolution<T> out;
  if (m == 0) {
    out.feasible = true;
    out.w = Vec<T>::Zero(n);
    out.multipliers = Vec<T>(0);
    return out;
  }
  Mat<T> E(n + 1, m);
  E.topRows(n) = B.transpose();
  E.row(n) = h.transpose();
  Vec<T> f = Vec<T>::Zero(n + 1);
  f[n] = T(1);
  const auto sol = nnls(E, f, 10 * static_cast<int>(m) + 30, warm, factorisation);
  const Vec<T> r = E * sol.lambda - f;
  // r_{n+1} = hᵀu − 1 < 0 exactly when the program is feasible.
  if (!(r[n] < -T(100) * epsilon<T>()) || !sol.converged) return out;
  out.feasible = true;
  out.w = -r.head(n) / r[n];
  out.multipliers = sol.lambda / (-r[n]);
  polish(B, h, out, factorisation);
  return out;
}

template <class T>
PolyhedronProjection<T> project_onto_polyhedron(const Mat<T>& G, const Vec<T>& b, const Vec<T>& q) {
  using std::abs;
  using std::max;
  PolyhedronProjection<T> out;
  const auto ldp = least_distance<T>(G, b - G * q);
  if (!ldp.feasible) return out;
  out.feasible = true;
  out.point = q + ldp.w;
  out.multipliers = ldp.multipliers;
  out.distance = ldp.w.norm();
  if (G.rows() == 0) return out;
  const Vec<T> slack = G * out.point - b;
  out.stationarity = (ldp.w - G.transpose() * out.multipliers).norm();
  for (Eigen::Index i = 0; i < G.rows(); ++i) {
    out.primal = max(out.primal, -slack[i]);
    out.complementarity = max(out.complementarity, out.multipliers[i] * abs(slack[i]));
  }
  return out;
}

}  // namespace sweepcheck
