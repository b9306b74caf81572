#pragma once
// Closed ball S_j = { x : |x - c| <= R } ("stay inside"). Convex, so
// prox-regular with any eta.
#include <stdexcept>

#include "solvers/scalar.hpp"

namespace sweepcheck {

template <class T>
struct Ball {
  Vec<T> c;
  T R;

  Ball(Vec<T> centre, T radius) : c(std::move(centre)), R(std::move(radius)) {
    if (!(R > T(0))) throw std::invalid_argument("Ball: the radius must be positive");
  }

  T value(const T& /*t*/, const Vec<T>& x) const { return R - (x - c).norm(); }
  // At the centre g is not differentiable; the constraint is inactive there,
  // and we return the zero vector.
  void gradient(const T& /*t*/, const Vec<T>& x, Vec<T>& g) const {
    g = c - x;
    const T r = g.norm();
    if (r > T(0)) g /= r;
  }
  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    return max(T(0), -value(t, x));
  }
  bool project(const T& /*t*/, Vec<T>& x) const {
    const T r = (x - c).norm();
    if (r <= R) return false;
    x = c + (R / r) * (x - c);
    return true;
  }
};

}  // namespace sweepcheck
