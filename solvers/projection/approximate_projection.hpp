#pragma once
// An (ε, η)-approximate projection onto S = { z : M z + b ≥ 0 } (seed 002,
// Definition 2.5 with S_η = S + ηB), computed by projected gradient on the
// dual (seed 002, (23)), with a stopping rule that CERTIFIES the definition
// without knowing the exact projection. Derivation: solvers/schemes/catching_up.md,
// Sections 2 and 3.
//
//   dual:   min_{λ ≥ 0} D(λ) = ½ λᵀ M Mᵀ λ + λᵀ(M w + b),   ∇D(λ) = g(z(λ)),
//   primal: z(λ) = w + Mᵀ λ,  g(z) = M z + b,
//   (23):   λ_{j+1} = max(0, λ_j − g(z(λ_j)) / L),  L = λ_max(M Mᵀ).
//
// Certificate (checked at every iterate, λ_0 = 0 included):
//   (ε) gap_j = 2 λ_jᵀ g(z_j) < ε  ⇒  ‖w − z_j‖² < d_S(w)² + ε   (weak duality);
//   (η) θ_j ‖s − z_j‖ ≤ η         ⇒  d_S(z_j) ≤ η, i.e. z_j ∈ S + ηB,
// where s is a Slater point (g(s) = σ𝟙 > 0) and
// θ_j = max_{i: g_i(z_j) < 0} −g_i(z_j) / (σ − g_i(z_j)) ∈ [0, 1): the point
// (1 − θ_j) z_j + θ_j s lies in S.
#include <Eigen/Dense>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/sets/polyhedron.hpp"

namespace sweepcheck {

struct DualGradientOptions {
  long max_iterations = 1000000;  // cap on (23) iterations per projection; reaching it is reported

  void validate() const {
    if (max_iterations < 1) throw std::invalid_argument("DualGradientOptions: max_iterations must be >= 1");
  }
};

template <class T>
struct ApproximateProjection {
  Vec<T> z;
  Vec<T> lambda;
  T gap{0};           // 2 λᵀ g(z): certified upper bound of ‖w − z‖² − d_S(w)²
  T distance_bound{0};  // θ ‖s − z‖: certified upper bound of d_S(z)
  long iterations = 0;
  bool certified = false;  // false: the cap was hit first
};

// The (η) half of the certificate: an upper bound of d_S(z) from the Slater
// point s = Mᵀ(M Mᵀ)⁻¹(σ𝟙 − b), for which g(s) = σ𝟙. Requires M of full row
// rank (M Mᵀ invertible); throws std::invalid_argument otherwise.
template <class T>
T feasibility_distance_bound(const Polyhedron<T>& s, const Vec<T>& z, const Eigen::LDLT<Mat<T>>& mmt) {
  using std::abs;
  using std::max;
  const Vec<T> g = s.value(z);
  T gmax(0);
  for (Eigen::Index i = 0; i < g.size(); ++i) gmax = max(gmax, abs(g[i]));
  bool violated = false;
  for (Eigen::Index i = 0; i < g.size(); ++i) violated = violated || g[i] < T(0);
  if (!violated) return T(0);
  const T sigma = T(1) + gmax;
  const Vec<T> target = Vec<T>::Constant(s.rows(), sigma) - s.b;
  const Vec<T> slater = s.M.transpose() * mmt.solve(target);
  T theta(0);
  for (Eigen::Index i = 0; i < g.size(); ++i)
    if (g[i] < T(0)) theta = max(theta, -g[i] / (sigma - g[i]));
  return theta * (slater - z).norm();
}

template <class T>
ApproximateProjection<T> project_dual_gradient(const Polyhedron<T>& s, const Vec<T>& w, const T& eps, const T& eta,
                                               const DualGradientOptions& opt = {}) {
  opt.validate();
  if (!(eps > T(0)) || !(eta > T(0)))
    throw std::invalid_argument("project_dual_gradient: eps and eta must be > 0");
  const Mat<T> H = s.M * s.M.transpose();
  Eigen::LDLT<Mat<T>> mmt(H);
  const Eigen::SelfAdjointEigenSolver<Mat<T>> eig(H, Eigen::EigenvaluesOnly);
  const T L = eig.eigenvalues().maxCoeff();
  const T lmin = eig.eigenvalues().minCoeff();
  if (!(lmin > dummy_precision<T>() * L))
    throw std::invalid_argument(
        "project_dual_gradient: M Mᵀ is singular (M lacks full row rank); the feasibility certificate needs a "
        "Slater point M⁺(σ𝟙 − b)");
  ApproximateProjection<T> r;
  r.lambda = Vec<T>::Zero(s.rows());
  for (long j = 0;; ++j) {
    r.z = w + s.M.transpose() * r.lambda;
    const Vec<T> g = s.value(r.z);
    r.gap = T(2) * r.lambda.dot(g);
    r.iterations = j;
    if (r.gap < eps) {
      r.distance_bound = feasibility_distance_bound(s, r.z, mmt);
      if (r.distance_bound <= eta) {
        r.certified = true;
        return r;
      }
    }
    if (j == opt.max_iterations) {
      r.distance_bound = feasibility_distance_bound(s, r.z, mmt);
      return r;
    }
    r.lambda = (r.lambda - g / L).cwiseMax(T(0));
  }
}

}  // namespace sweepcheck
