#pragma once
// Exact projection onto S = ∩_j { x : |x − c_j| ≥ R_j }, the complement of a
// union of balls (the sliding case of seed 000, Section 4.2), and d_S.
//
// Method: the nearest point p of S to y ∉ S lies on the boundary, on the
// stratum of its active set J: an open part of the sphere intersection
// Σ_J = ∩_{j∈J} { |x − c_j| = R_j }, and p is a local minimiser of |x − y| on
// Σ_J. Σ_J is a round sphere of dimension d − |J| (centre m_J in the affine
// hull of the c_j, radius ρ_J, lying in m_J + span{c_j − c_1}^⊥), and on a
// round sphere the only local minimiser of the distance to a point is the
// global nearest point (or every point, when y projects onto the centre). So
// enumerating every non-empty J, taking the nearest point of Σ_J and keeping
// the feasible candidates finds P_S(y) exactly. Cost 2^m subsets: meant for
// the few constraints of analytic problems and for tests, not for many
// particles (that is the reference projector's job).
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <Eigen/QR>

#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/sets/ball_complement.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

template <class T>
struct BallComplementProjection {
  Vec<T> point;             // P_S(y)
  T distance;               // d_S(y) = |y − P_S(y)|
  std::vector<int> active;  // constraints with |x − c_j| − R_j within tolerance of 0 at P_S(y)
};

template <class T>
class BallComplementProjector {
 public:
  // Takes the centres and radii of a set whose constraints are all
  // BallComplement (throws std::invalid_argument otherwise, or for m > 20).
  explicit BallComplementProjector(const ConstraintSet<T>& set) {
    for (int j = 0; j < set.size(); ++j) {
      const auto* b = std::get_if<BallComplement<T>>(&set[j]);
      if (!b) throw std::invalid_argument("BallComplementProjector: constraint " + std::to_string(j) + " is a " +
                                          kind_name(set[j]) + ", not a ball complement");
      if (b->motion.moving())
        throw std::invalid_argument("BallComplementProjector: constraint " + std::to_string(j) +
                                    " moves; the projector holds the centres of a static set");
      centres_.push_back(b->c);
      radii_.push_back(b->R);
    }
    if (centres_.size() > 20) throw std::invalid_argument("BallComplementProjector: more than 20 constraints");
  }

  // Feasibility tolerance for candidates: a few ulps of the problem's length scale.
  T tolerance(const Vec<T>& y) const {
    T scale = y.norm() + T(1);
    for (std::size_t j = 0; j < centres_.size(); ++j) scale += centres_[j].norm() + radii_[j];
    return T(64) * epsilon<T>() * scale;
  }

  BallComplementProjection<T> operator()(const Vec<T>& y) const {
    const T tol = tolerance(y);
    const int m = static_cast<int>(centres_.size());
    BallComplementProjection<T> best{y, T(0), {}};
    if (feasible(y, T(0))) {
      best.active = active_at(y, tol);
      return best;
    }
    bool found = false;
    for (unsigned mask = 1; mask < (1u << m); ++mask) {
      Vec<T> p;
      if (!nearest_on_intersection(mask, y, p)) continue;
      if (!feasible(p, tol)) continue;
      const T dist = (p - y).norm();
      if (!found || dist < best.distance) {
        best.point = p;
        best.distance = dist;
        found = true;
      }
    }
    if (!found) throw std::runtime_error("BallComplementProjector: no feasible stratum found (empty set?)");
    best.active = active_at(best.point, tol);
    return best;
  }

  T distance(const Vec<T>& y) const { return (*this)(y).distance; }

  // The Projector concept of solvers/schemes/moreau_euler.hpp (the set is time independent).
  StepStatus operator()(const ConstraintSet<T>& /*set*/, const T& /*t*/, Vec<T>& y, Work& work) const {
    work.constraint_evaluations += static_cast<std::int64_t>(centres_.size());
    auto r = (*this)(y);
    if (r.distance > T(0)) ++work.projections;
    y = r.point;
    return StepStatus::ok;
  }

 private:
  bool feasible(const Vec<T>& x, const T& tol) const {
    for (std::size_t j = 0; j < centres_.size(); ++j)
      if ((x - centres_[j]).norm() < radii_[j] - tol) return false;
    return true;
  }

  std::vector<int> active_at(const Vec<T>& x, const T& tol) const {
    using std::abs;
    std::vector<int> a;
    for (std::size_t j = 0; j < centres_.size(); ++j)
      if (abs((x - centres_[j]).norm() - radii_[j]) <= tol) a.push_back(static_cast<int>(j));
    return a;
  }

  // Nearest point of Σ_J to y; false when Σ_J is empty.
  bool nearest_on_intersection(unsigned mask, const Vec<T>& y, Vec<T>& p) const {
    using std::sqrt;
    std::vector<int> J;
    for (int j = 0; j < static_cast<int>(centres_.size()); ++j)
      if (mask & (1u << j)) J.push_back(j);
    const Eigen::Index d = y.size();
    const Vec<T>& c1 = centres_[static_cast<std::size_t>(J[0])];
    const T R1 = radii_[static_cast<std::size_t>(J[0])];
    const Eigen::Index k = static_cast<Eigen::Index>(J.size()) - 1;
    Vec<T> m = c1;
    Mat<T> Q(d, 0);
    if (k > 0) {
      // m = c_1 + B a with |m − c_j|² − R_j² equal for all j ∈ J:
      // 2 (m − c_1)·(c_j − c_1) = |c_j − c_1|² + R_1² − R_j².
      Mat<T> B(d, k);
      Vec<T> rhs(k);
      for (Eigen::Index i = 0; i < k; ++i) {
        const auto j = static_cast<std::size_t>(J[static_cast<std::size_t>(i + 1)]);
        B.col(i) = centres_[j] - c1;
        rhs[i] = (B.col(i).squaredNorm() + R1 * R1 - radii_[j] * radii_[j]) / T(2);
      }
      const Eigen::ColPivHouseholderQR<Mat<T>> qr(B);
      if (qr.rank() < k) return false;  // affinely dependent centres: Σ_J is a lower-order case of a subset
      const Mat<T> G = B.transpose() * B;
      const Vec<T> a = G.ldlt().solve(rhs);
      m = c1 + B * a;
      Q = qr.householderQ() * Mat<T>::Identity(d, k);  // orthonormal basis of span(B)
    }
    const T rho2 = R1 * R1 - (m - c1).squaredNorm();
    if (rho2 < T(0)) return false;
    const T rho = sqrt(rho2);
    Vec<T> w = y - m;
    if (k > 0) w -= Q * (Q.transpose() * w);
    T wn = w.norm();
    if (!(wn > epsilon<T>() * (y.norm() + m.norm() + T(1)))) {
      // y projects onto the centre of Σ_J: every point is nearest; take the first
      // coordinate axis with a component orthogonal to span(B) (deterministic).
      for (Eigen::Index i = 0; i < d; ++i) {
        w = Vec<T>::Unit(d, i);
        if (k > 0) w -= Q * (Q.transpose() * w);
        wn = w.norm();
        if (wn > T(1e-3)) break;
      }
    }
    p = m + (rho / wn) * w;
    return true;
  }

  std::vector<Vec<T>> centres_;
  std::vector<T> radii_;
};

}  // namespace sweepcheck
