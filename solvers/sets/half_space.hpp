#pragma once
// Half-space S_j = { x : <a, x> >= b }, stored with |a| = 1 so that g is the
// signed distance. Optionally moving: S_j(t) = S_j + s(t) (solvers/sets/translation.hpp),
// i.e. the offset b(t) = b + <a, s(t)>.
#include <stdexcept>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/translation.hpp"

namespace sweepcheck {

template <class T>
struct HalfSpace {
  Vec<T> a;  // unit normal pointing into the set
  T b;
  Translation<T> motion{};  // none: a static half-space

  HalfSpace(Vec<T> normal, T offset) : a(std::move(normal)), b(std::move(offset)) {
    using std::isfinite;
    const T n = a.norm();
    if (!(n > T(0)) || !isfinite(n) || !isfinite(b))
      throw std::invalid_argument("HalfSpace: the normal must be non-zero and finite");
    a /= n;
    b /= n;
  }

  HalfSpace(Vec<T> normal, T offset, Translation<T> m) : HalfSpace(std::move(normal), std::move(offset)) {
    motion = std::move(m);
  }

  // b(t) = b + <a, s(t)>.
  T offset(const T& t) const { return motion.moving() ? T(b + a.dot(motion.shift(t, a.size()))) : b; }
  T value(const T& t, const Vec<T>& x) const { return a.dot(x) - offset(t); }
  void gradient(const T& /*t*/, const Vec<T>& /*x*/, Vec<T>& g) const { g = a; }
  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    return max(T(0), -value(t, x));
  }
  // Returns true when x was moved.
  bool project(const T& t, Vec<T>& x) const {
    const T g = value(t, x);
    if (g >= T(0)) return false;
    x -= g * a;
    return true;
  }
};

}  // namespace sweepcheck
