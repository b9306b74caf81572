#pragma once
// Closed ball S_j = { x : |x - c| <= R } ("stay inside"). Convex, so
// prox-regular with any eta.
#include <stdexcept>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/translation.hpp"

namespace sweepcheck {

template <class T>
struct Ball {
  Vec<T> c;  // the centre at rest (at every t for a static set)
  T R;
  Translation<T> motion{};  // none: static; else the centre is c + s(t)

  Ball(Vec<T> centre, T radius) : c(std::move(centre)), R(std::move(radius)) {
    if (!(R > T(0))) throw std::invalid_argument("Ball: the radius must be positive");
  }
  Ball(Vec<T> centre, T radius, Translation<T> m) : Ball(std::move(centre), std::move(radius)) {
    motion = std::move(m);
  }

  // The centre at time t: c + s(t) (solvers/sets/translation.hpp).
  Vec<T> centre(const T& t) const { return motion.moving() ? Vec<T>(c + motion.shift(t, c.size())) : c; }

  // Calls f with the centre at time t, without a copy for a static ball.
  template <class F>
  decltype(auto) at(const T& t, F&& f) const {
    if (!motion.moving()) return f(c);
    const Vec<T> ct = centre(t);
    return f(ct);
  }

  T value(const T& t, const Vec<T>& x) const {
    return at(t, [&](const Vec<T>& ct) { return T(R - (x - ct).norm()); });
  }
  // At the centre g is not differentiable; the constraint is inactive there,
  // and we return the zero vector.
  void gradient(const T& t, const Vec<T>& x, Vec<T>& g) const {
    at(t, [&](const Vec<T>& ct) {
      g = ct - x;
      const T r = g.norm();
      if (r > T(0)) g /= r;
      return 0;
    });
  }
  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    return max(T(0), -value(t, x));
  }
  bool project(const T& t, Vec<T>& x) const {
    return at(t, [&](const Vec<T>& ct) {
      const T r = (x - ct).norm();
      if (r <= R) return false;
      x = ct + (R / r) * (x - ct);
      return true;
    });
  }
};

}  // namespace sweepcheck
