#pragma once
// Complement of an open ball, S_j = { x : |x - c| >= R } ("stay outside").
// It is R-prox-regular: the projection is unique for points closer than R to
// the set, i.e. everywhere except at the centre.
#include <stdexcept>

#include "solvers/scalar.hpp"

namespace sweepcheck {

// The unit direction used where the projection is not unique (x at a centre,
// coincident disks): the first coordinate axis. Deterministic, so a run is
// reproducible, and never a NaN.
template <class T>
Vec<T> tie_break_direction(Eigen::Index n) {
  Vec<T> u = Vec<T>::Zero(n);
  u[0] = T(1);
  return u;
}

template <class T>
struct BallComplement {
  Vec<T> c;
  T R;

  BallComplement(Vec<T> centre, T radius) : c(std::move(centre)), R(std::move(radius)) {
    if (!(R > T(0))) throw std::invalid_argument("BallComplement: the radius must be positive");
  }

  T value(const T& /*t*/, const Vec<T>& x) const { return (x - c).norm() - R; }
  void gradient(const T& /*t*/, const Vec<T>& x, Vec<T>& g) const {
    g = x - c;
    const T r = g.norm();
    if (r > T(0)) {
      g /= r;
    } else {
      g = tie_break_direction<T>(x.size());
    }
  }
  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    return max(T(0), -value(t, x));
  }
  bool project(const T& /*t*/, Vec<T>& x) const {
    Vec<T> u = x - c;
    const T r = u.norm();
    if (r >= R) return false;
    if (r > T(0)) {
      u /= r;
    } else {
      u = tie_break_direction<T>(x.size());
    }
    x = c + R * u;
    return true;
  }
};

}  // namespace sweepcheck
