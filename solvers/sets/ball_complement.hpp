#pragma once
// Complement of an open ball, S_j = { x : |x - c| >= R } ("stay outside").
// It is R-prox-regular: the projection is unique for points closer than R to
// the set, i.e. everywhere except at the centre.
#include <stdexcept>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/translation.hpp"

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
  Vec<T> c;  // the centre at rest (at every t for a static set)
  T R;
  Translation<T> motion{};  // none: static; else the centre is c + s(t)

  BallComplement(Vec<T> centre, T radius) : c(std::move(centre)), R(std::move(radius)) {
    if (!(R > T(0))) throw std::invalid_argument("BallComplement: the radius must be positive");
  }
  BallComplement(Vec<T> centre, T radius, Translation<T> m) : BallComplement(std::move(centre), std::move(radius)) {
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
    return at(t, [&](const Vec<T>& ct) { return T((x - ct).norm() - R); });
  }
  void gradient(const T& t, const Vec<T>& x, Vec<T>& g) const {
    at(t, [&](const Vec<T>& ct) {
      g = x - ct;
      const T r = g.norm();
      if (r > T(0)) {
        g /= r;
      } else {
        g = tie_break_direction<T>(x.size());
      }
      return 0;
    });
  }
  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    return max(T(0), -value(t, x));
  }
  bool project(const T& t, Vec<T>& x) const {
    return at(t, [&](const Vec<T>& ct) {
      Vec<T> u = x - ct;
      const T r = u.norm();
      if (r >= R) return false;
      if (r > T(0)) {
        u /= r;
      } else {
        u = tie_break_direction<T>(x.size());
      }
      x = ct + R * u;
      return true;
    });
  }
};

}  // namespace sweepcheck
