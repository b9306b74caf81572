#pragma once
// Non-overlap of two disks (or spheres) i and j on a stacked state
// x = (X_0, ..., X_{N-1}), X_i in R^D:  S_ij = { x : |X_i - X_j| >= min_distance }
// (min_distance = 2R for equal radii; seed 000 Section 4.3).
//
// The exact Euclidean projection onto S_ij in the stacked space keeps the
// midpoint and pushes both centres apart symmetrically; every other disk is
// untouched. Its distance in the stacked norm is (min_distance - r) / sqrt(2).
#include <stdexcept>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/ball_complement.hpp"

namespace sweepcheck {

template <class T>
struct PairNonOverlap {
  int i;
  int j;
  int D;           // space dimension of one disk centre (2 for disks, 3 for spheres)
  T min_distance;  // r_i + r_j

  PairNonOverlap(int i_, int j_, int D_, T min_distance_)
      : i(i_), j(j_), D(D_), min_distance(std::move(min_distance_)) {
    if (i == j || i < 0 || j < 0 || D < 1)
      throw std::invalid_argument("PairNonOverlap: needs two distinct disks and D >= 1");
    if (!(min_distance > T(0)))
      throw std::invalid_argument("PairNonOverlap: min_distance must be positive");
  }

  auto Xi(const Vec<T>& x) const { return x.segment(Eigen::Index(D) * i, D); }
  auto Xj(const Vec<T>& x) const { return x.segment(Eigen::Index(D) * j, D); }

  T value(const T& /*t*/, const Vec<T>& x) const { return (Xi(x) - Xj(x)).norm() - min_distance; }

  // Unit direction from X_j to X_i; the tie-break axis for coincident disks.
  Vec<T> direction(const Vec<T>& x) const {
    Vec<T> u = Xi(x) - Xj(x);
    const T r = u.norm();
    if (r > T(0)) return u / r;
    return tie_break_direction<T>(D);
  }

  void gradient(const T& /*t*/, const Vec<T>& x, Vec<T>& g) const {
    g = Vec<T>::Zero(x.size());
    const Vec<T> u = direction(x);
    g.segment(Eigen::Index(D) * i, D) = u;
    g.segment(Eigen::Index(D) * j, D) = -u;
  }

  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    using std::sqrt;
    return max(T(0), -value(t, x)) / sqrt(T(2));
  }

  bool project(const T& /*t*/, Vec<T>& x) const {
    const T r = (Xi(x) - Xj(x)).norm();
    if (r >= min_distance) return false;
    const Vec<T> u = direction(x);
    const Vec<T> mid = (Xi(x) + Xj(x)) / T(2);
    x.segment(Eigen::Index(D) * i, D) = mid + (min_distance / T(2)) * u;
    x.segment(Eigen::Index(D) * j, D) = mid - (min_distance / T(2)) * u;
    return true;
  }
};

}  // namespace sweepcheck
