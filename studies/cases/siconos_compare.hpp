#pragma once
// Both codes on the same grid: sweepcheck's catching-up (exact projection)
// and Siconos' Euler–Moreau (θ = 0), trajectories compared in x-coordinates.
//
// With the left-rectangle predictor, catching-up IS θ = 0 Euler–Moreau,
// algebraically: z_{k+1} = P_{S(t_{k+1})}(z_k + h f(t_k, z_k)) has the KKT
// conditions z_{k+1} = w + Mᵀμ, 0 ≤ μ ⊥ M z_{k+1} + b(t_{k+1}) ≥ 0 with
// Mᵀ = R⁻¹Cᵀ = R B; multiplying by R⁻¹, x_{k+1} = x_k + h(A x_k + E u(t_k)) + Bμ,
// 0 ≤ μ ⊥ C x_{k+1} + G u(t_{k+1}) + F ≥ 0, which is Siconos' step with
// h λ_{k+1} = μ (siconos_lcs.hpp). The two differ only by round-off in the
// LCP/QP solutions (Lemke pivoting vs active-set enumeration, both direct),
// propagated by the step map x ↦ (I + hA)x + ... and the non-expansive
// projection: |difference| ≲ n · c · ulp · max|x| · e^{‖A‖ T}. For the
// circuit (‖A‖₂ ≈ 3.3, T = 1, |x| ≲ 3, n ≤ 10⁴, c ~ 10): ≲ 10⁴·10·2e-16·3·27
// ≈ 2e-9, hence kSameSchemeTolerance = 1e-8 (measured: see the report).
//
// With the exact input integral (sweepcheck's default), the schemes differ by
// the quadrature error of ∫u, O(h²) per step, O(h) over [0, T]: that
// difference must shrink proportionally to h.
#include <algorithm>
#include <vector>

#include "studies/runs/siconos_lcs.hpp"
#include "sweepcheck/analytic/lcs.hpp"
#include "sweepcheck/solvers/schemes/catching_up.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"

namespace sweepcheck {

inline constexpr double kSameSchemeTolerance = 1e-8;

// The problem without f_integral, so the catching-up predictor falls back to
// the left rectangle h f(t_k, z_k) (solvers/schemes/catching_up.hpp).
template <class P>
struct LeftRectanglePredictor {
  using Scalar = typename P::Scalar;
  const P& p;
  int dim() const { return p.dim(); }
  Vec<Scalar> f(const Scalar& t, const Vec<Scalar>& z) const { return p.f(t, z); }
  decltype(auto) constraints() const { return p.constraints(); }
  Vec<Scalar> x0() const { return p.x0(); }
  Scalar t0() const { return p.t0(); }
  Scalar t_end() const { return p.t_end(); }
  std::string name() const { return p.name() + "-left-rectangle"; }
  Polyhedron<Scalar> polyhedron(const Scalar& t) const { return p.polyhedron(t); }
};

struct SiconosComparison {
  std::int64_t steps = 0;
  bool left_rectangle = true;          // true: same scheme; false: sweepcheck integrates u exactly
  std::vector<double> max_difference;  // per component of x, max over the grid
  double max_state = 0;                // max_k |x_k|∞ (scale)
};

// Throws std::runtime_error when Siconos is unavailable.
inline SiconosComparison compare_with_siconos(const LcsData<double>& lcs, std::int64_t n, bool left_rectangle) {
  const SiconosTrajectory sic = run_siconos_euler_moreau(lcs, n, 0.0);
  const LcsSweeping<double> p(lcs);
  std::vector<Vec<double>> ours;
  auto obs = [&](std::int64_t, double, const Vec<double>& z) { ours.push_back(p.to_x(z)); };
  if (left_rectangle)
    integrate(LeftRectanglePredictor<LcsSweeping<double>>{p}, ExactCatchingUp<double>{}, n, obs);
  else
    integrate(p, ExactCatchingUp<double>{}, n, obs);
  SiconosComparison c;
  c.steps = n;
  c.left_rectangle = left_rectangle;
  c.max_difference.assign(static_cast<std::size_t>(lcs.n()), 0.0);
  for (std::size_t k = 0; k < ours.size() && k < sic.x.size(); ++k) {
    for (Eigen::Index i = 0; i < lcs.n(); ++i)
      c.max_difference[i] = std::max(c.max_difference[i], std::abs(ours[k][i] - sic.x[k][i]));
    c.max_state = std::max(c.max_state, ours[k].cwiseAbs().maxCoeff());
  }
  if (ours.size() != sic.x.size()) throw std::runtime_error("compare_with_siconos: trajectories of different lengths");
  return c;
}

}  // namespace sweepcheck
