#pragma once
// The projection Moreau–Euler needs, P_{S(t)}(q) onto the intersection
// S = ∩_j {g_j(t, ·) ≥ 0}, computed through the plugin view alone (values,
// gradients, single projections: solvers/adapters/template_stepper.hpp), so that
// `sweepcheck audit --scheme moreau-euler` runs on every audit problem.
// The reference projector (reference_projector.hpp) needs the constraints'
// Hessians, which a view does not give; this one does without them and pays
// with a linear instead of a quadratic rate.
//
// Method. One constraint: its own exact projection. Several: start from one
// Gauss–Seidel sweep z of q (not feasible in general; the iteration does not
// need it to be), then iterate the projection of q onto the set linearised
// at z,
//     z ← P_{S̃(z)}(q),  S̃(z) = { y : g_j(z) + ∇g_j(z)ᵀ (y − z) ≥ 0, j near-active },
// solved exactly by least distance programming (least_distance.hpp). A fixed
// point is a KKT point of min ½|y − q|² s.t. g_j(y) ≥ 0 (S̃(z) agrees with S
// to first order at z), and the iteration contracts near it at a rate of
// about |λ| times the constraints' curvature, λ = O(|q − z|) = O(h) here.
//
// Certificate (checked after the iteration, independent of it), with
// tol = tolerance_factor · ε (1 + |q|):
//   primal         max_j d_{S_j}(z) ≤ tol,
//   stationarity   min_{μ ≥ 0} |(z − q) − Σ_{j near-active} μ_j ∇g_j(z)| ≤ tol (NNLS).
// Under prox-regularity of S with constant η (seed 000, Def. 2.1), a KKT
// point z with |q − z| < η is P_S(q) (the reference projector's argument);
// every audit problem's set has η ≥ 1 (the sliding case: the balls' radius
// R ≥ √2; the disks: the pairs' 2R-scale, see analytic/disks.hpp), far above
// the O(h) displacement of a step. A failed certificate is reported as
// StepStatus::inner_cap_hit, never accepted.
//
// The start. Sweeping to the Gauss–Seidel limit (at most 100 sweeps, until
// still at tol) cost 55 sweeps a call on average over the short Moreau–Euler
// audit, the disks' 780 pairs each, for a start the iteration then moves
// anyway: one sweep takes 19% more iterations and 55 times fewer sweeps. The
// Moreau–Euler audit of the whole battery (the four prepared manufactured
// problems with it) went 214 → 170 s, every verdict the same, the answers
// the same up to the certificate's tolerance (issue 58). A start is only a
// start: the certificate below judges the point, not the path to it.
//
// Factorisation. Both NNLS solves keep one QR and update it as columns enter
// and leave (NnlsFactorisation::update, nnls.hpp; the reference projector's
// fast path, issue 34), warm-started from the constraints active at the
// previous iterate: the same answer up to round-off, and the certificate above
// judges the point whichever way it was found. The certificate stays
// independent of the iteration: its residual is |A μ − (z − q)| at the μ ≥ 0
// NNLS returns, an upper bound of the minimum from any start, so a warm start
// can make it fail, never pass falsely.
#include <algorithm>
#include <cmath>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {

struct ViewProjector {
  double tolerance_factor = 1e4;  // certificate tolerance, in units of ε (1 + |q|)
  int start_sweeps = 1;           // Gauss–Seidel sweeps for the start (stops sooner when still)
  int max_iterations = 100;       // linearise-and-project iterations
  double reach_factor = 4;        // near-active: g_j(z) ≤ reach_factor |z − q| + tol

  template <class Set>
  StepStatus operator()(const Set& s, const double& t, Vec<double>& y, Work& work) const {
    const double tol = tolerance_factor * epsilon<double>() * (1 + y.norm());
    if (s.max_violation(t, y) == 0) return StepStatus::ok;  // q ∈ S: P_S(q) = q
    if (s.size() == 1) {
      ++work.constraint_evaluations;
      if (project(s[0], t, y)) ++work.projections;
      return StepStatus::ok;
    }
    const Vec<double> q = y;
    Vec<double> z = q, prev;
    for (int k = 0; k < start_sweeps; ++k) {
      prev = z;
      s.sweep(t, z, work);
      if ((z - prev).norm() <= tol) break;
    }
    Vec<double> g;
    std::vector<int> near;
    std::vector<int> active;           // constraints with μ_j > 0 at the previous iterate
    std::vector<Eigen::Index> warm;    // their rows in this iterate's program
    const int m = s.size();
    auto near_active = [&](const Vec<double>& at, double reach) {
      near.clear();
      for (int j = 0; j < m; ++j)
        if (value(s[j], t, at) <= reach) near.push_back(j);
    };
    for (int it = 0; it < max_iterations; ++it) {
      near_active(z, reach_factor * (z - q).norm() + tol);
      if (near.empty()) break;
      Mat<double> G(static_cast<Eigen::Index>(near.size()), q.size());
      Vec<double> h(static_cast<Eigen::Index>(near.size()));
      for (std::size_t r = 0; r < near.size(); ++r) {
        gradient(s[near[r]], t, z, g);
        G.row(static_cast<Eigen::Index>(r)) = g.transpose();
        // g_j(z) + ∇g_jᵀ (q + w − z) ≥ 0  <=>  ∇g_jᵀ w ≥ −g_j(z) − ∇g_jᵀ (q − z)
        h[static_cast<Eigen::Index>(r)] = -value(s[near[r]], t, z) - g.dot(q - z);
      }
      ++work.inner_iterations;
      warm.clear();
      for (std::size_t r = 0; r < near.size(); ++r)
        if (std::binary_search(active.begin(), active.end(), near[r])) warm.push_back(static_cast<Eigen::Index>(r));
      const auto ldp = least_distance<double>(G, h, &warm, NnlsFactorisation::update);
      if (!ldp.feasible) return StepStatus::inner_cap_hit;
      active.clear();
      for (std::size_t r = 0; r < near.size(); ++r)
        if (ldp.multipliers[static_cast<Eigen::Index>(r)] > 0) active.push_back(near[r]);
      prev = z;
      z = q + ldp.w;
      if ((z - prev).norm() <= tol) break;
    }
    // The certificate.
    if (s.max_violation(t, z) > tol) return StepStatus::inner_cap_hit;
    near_active(z, std::sqrt(tol));
    if (!near.empty()) {
      Mat<double> A(q.size(), static_cast<Eigen::Index>(near.size()));
      warm.clear();
      for (std::size_t c = 0; c < near.size(); ++c) {
        gradient(s[near[c]], t, z, g);
        A.col(static_cast<Eigen::Index>(c)) = g;
        if (std::binary_search(active.begin(), active.end(), near[c])) warm.push_back(static_cast<Eigen::Index>(c));
      }
      if (nnls<double>(A, Vec<double>(z - q), 0, &warm, NnlsFactorisation::update).residual > tol)
        return StepStatus::inner_cap_hit;
    } else if ((z - q).norm() > tol) {
      return StepStatus::inner_cap_hit;
    }
    if ((z - q).norm() > 0) ++work.projections;
    y = z;
    return StepStatus::ok;
  }
};

}  // namespace sweepcheck
