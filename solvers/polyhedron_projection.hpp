#pragma once
// The exact Euclidean projection onto S = { z : M z + b ≥ 0 } for the small
// polyhedra of linear complementarity systems (m ≤ 16 rows), with its KKT
// certificate. Derivation in solvers/catching_up.md, Section 1.
//
//   min ½‖w − z‖²  s.t.  M z + b ≥ 0
//   KKT:  z = w + Mᵀλ,  λ ≥ 0,  g = M z + b ≥ 0,  λ_i g_i = 0.
//
// The problem is strictly convex, so the KKT point is unique in z. We
// enumerate active sets A ⊂ {1..m} in order of increasing size; for each, the
// equations g_A = 0 with z = w + M_Aᵀ λ_A give (M_A M_Aᵀ) λ_A = −(M_A w + b_A).
// The first A whose solution has λ_A ≥ −tol and g ≥ −tol is returned, and
// its KKT residuals are the certificate. Dense and exact up to round-off; the
// 2^m enumeration is the reason for the row limit.
#include <Eigen/Dense>
#include <bit>
#include <vector>
#include <stdexcept>

#include "solvers/polyhedron.hpp"
#include "solvers/work.hpp"

namespace sweepcheck {

template <class T>
struct KktCertificate {
  T primal_infeasibility{0};  // max_i max(0, −g_i(z))   (0 up to round-off)
  T dual_infeasibility{0};    // max_i max(0, −λ_i)
  T complementarity{0};       // max_i |λ_i g_i(z)|
  T stationarity{0};          // ‖z − w − Mᵀλ‖
  int active = 0;             // |A|
  bool found = false;         // false only for a degenerate set where no subset was accepted

  T worst() const {
    using std::max;
    return max(max(primal_infeasibility, dual_infeasibility), max(complementarity, stationarity));
  }
};

template <class T>
KktCertificate<T> kkt_certificate(const Polyhedron<T>& s, const Vec<T>& w, const Vec<T>& z, const Vec<T>& lambda) {
  using std::abs;
  using std::max;
  KktCertificate<T> c;
  const Vec<T> g = s.value(z);
  for (Eigen::Index i = 0; i < g.size(); ++i) {
    c.primal_infeasibility = max(c.primal_infeasibility, -g[i]);
    c.dual_infeasibility = max(c.dual_infeasibility, -lambda[i]);
    c.complementarity = max(c.complementarity, abs(lambda[i] * g[i]));
    if (lambda[i] > T(0)) ++c.active;
  }
  c.stationarity = (z - w - s.M.transpose() * lambda).norm();
  c.found = true;
  return c;
}

template <class T>
struct ExactProjection {
  Vec<T> z;
  Vec<T> lambda;
  KktCertificate<T> kkt;
};

// Tolerance of the sign tests: a few hundred ulps of the problem's scale.
template <class T>
T kkt_tolerance(const Polyhedron<T>& s, const Vec<T>& w) {
  const T scale = T(1) + s.M.norm() * w.norm() + s.b.norm();
  return T(256) * epsilon<T>() * scale;
}

template <class T>
ExactProjection<T> project_exact(const Polyhedron<T>& s, const Vec<T>& w, Work* work = nullptr) {
  const int m = s.rows();
  if (m > 16) throw std::invalid_argument("project_exact: at most 16 rows (active-set enumeration), got " + std::to_string(m));
  if (w.size() != s.M.cols()) throw std::invalid_argument("project_exact: dimension mismatch");
  const T tol = kkt_tolerance(s, w);
  const Vec<T> g0 = s.value(w);
  ExactProjection<T> best;
  // Subsets in order of size, so the inactive case (w ∈ S) costs one test.
  for (int size = 0; size <= m; ++size) {
    for (unsigned mask = 0; mask < (1u << m); ++mask) {
      if (std::popcount(mask) != size) continue;
      if (work) ++work->inner_iterations;
      Vec<T> lambda = Vec<T>::Zero(m);
      if (size > 0) {
        std::vector<int> idx;
        for (int i = 0; i < m; ++i)
          if (mask & (1u << i)) idx.push_back(i);
        Mat<T> MA(size, s.M.cols());
        Vec<T> rhs(size);
        for (int k = 0; k < size; ++k) {
          MA.row(k) = s.M.row(idx[k]);
          rhs[k] = -g0[idx[k]];
        }
        const Mat<T> H = MA * MA.transpose();
        Eigen::FullPivLU<Mat<T>> lu(H);
        if (lu.rank() < size) continue;  // dependent rows: a smaller subset covers this face
        const Vec<T> la = lu.solve(rhs);
        for (int k = 0; k < size; ++k) lambda[idx[k]] = la[k];
      }
      bool ok = true;
      for (int i = 0; i < m && ok; ++i) ok = lambda[i] >= -tol;
      if (!ok) continue;
      const Vec<T> z = w + s.M.transpose() * lambda;
      const Vec<T> g = s.value(z);
      for (int i = 0; i < m && ok; ++i) ok = g[i] >= -tol;
      if (!ok) continue;
      best.z = z;
      best.lambda = lambda;
      best.kkt = kkt_certificate(s, w, z, lambda);
      return best;
    }
  }
  best.z = w;
  best.lambda = Vec<T>::Zero(m);
  best.kkt.found = false;
  return best;
}

}  // namespace sweepcheck
