#pragma once
// The exact Euclidean projection onto S = { z : M z + b ≥ 0 } for the small
// polyhedra of linear complementarity systems, with its KKT certificate.
// Derivation in solvers/schemes/catching_up.md, Section 1.
//
//   min ½‖w − z‖²  s.t.  M z + b ≥ 0
//   KKT:  z = w + Mᵀλ,  λ ≥ 0,  g = M z + b ≥ 0,  λ_i g_i = 0.
//
// Solved exactly (finitely, up to round-off) as a least distance program,
// solvers/projection/least_distance.hpp; its KKT residuals are the certificate.
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"
#include "sweepcheck/solvers/sets/polyhedron.hpp"

namespace sweepcheck {

template <class T>
struct PolyhedronKkt {
  T primal_infeasibility{0};  // max_i max(0, −g_i(z))   (0 up to round-off)
  T dual_infeasibility{0};    // max_i max(0, −λ_i)
  T complementarity{0};       // max_i |λ_i g_i(z)|
  T stationarity{0};          // ‖z − w − Mᵀλ‖
  int active = 0;             // |A|
  bool found = false;         // false when the polyhedron is empty

  T worst() const {
    using std::max;
    return max(max(primal_infeasibility, dual_infeasibility), max(complementarity, stationarity));
  }
};

template <class T>
PolyhedronKkt<T> kkt_certificate(const Polyhedron<T>& s, const Vec<T>& w, const Vec<T>& z, const Vec<T>& lambda) {
  using std::abs;
  using std::max;
  PolyhedronKkt<T> c;
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
  PolyhedronKkt<T> kkt;
};

// Tolerance of the sign tests: a few hundred ulps of the problem's scale.
template <class T>
T kkt_tolerance(const Polyhedron<T>& s, const Vec<T>& w) {
  const T scale = T(1) + s.M.norm() * w.norm() + s.b.norm();
  return T(256) * epsilon<T>() * scale;
}

template <class T>
ExactProjection<T> project_exact(const Polyhedron<T>& s, const Vec<T>& w, Work* work = nullptr) {
  if (w.size() != s.M.cols()) throw std::invalid_argument("project_exact: dimension mismatch");
  ExactProjection<T> out;
  if (work) ++work->inner_iterations;
  // M z + b >= 0 with z = w + x:  M x >= −(M w + b).
  const auto ldp = least_distance<T>(s.M, Vec<T>(-s.value(w)));
  if (!ldp.feasible) {
    out.z = w;
    out.lambda = Vec<T>::Zero(s.rows());
    out.kkt.found = false;
    return out;
  }
  out.z = w + ldp.w;
  out.lambda = ldp.multipliers;
  out.kkt = kkt_certificate(s, w, out.z, out.lambda);
  return out;
}

}  // namespace sweepcheck
