#pragma once
// Half-space S_j = { x : <a, x> >= b }, stored with |a| = 1 so that g is the
// signed distance: a is the normal pointing INTO the set. Optionally moving:
// S_j(t) = S_j + s(t) (solvers/sets/translation.hpp), i.e. the offset
// b(t) = b + <a, s(t)>.
//
// In the user's words, without the sign convention:
//   HalfSpace<double>::below(0, 1.5)                      x_0 <= 1.5 (dimension from ConstraintSet::add, or .in(n))
//   HalfSpace<double>::above(1, 0.0)                      x_1 >= 0
//   HalfSpace<double>::below(0, [](double t) { return 1.5 + 0.3 * std::sin(t); })   x_0 <= 1.5 + 0.3 sin t
//   HalfSpace<double>::through(p, n)                      { x : <n, x − p> <= 0 }: the plane through p, n pointing out
//   h.moving_with(Translation<double>::following(s))      S(t) = S + s(t), s any callable t -> Vec
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/translation.hpp"

namespace sweepcheck {

template <class T>
struct AxisBound;

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

  // { x : <n, x − point> <= 0 }: the boundary plane through `point`, `outward`
  // its normal pointing out of the set (a = −n/|n|, b = −<n, point>/|n|).
  static HalfSpace through(const Vec<T>& point, const Vec<T>& outward) {
    if (point.size() != outward.size())
      throw std::invalid_argument("HalfSpace::through: the point and the outward normal differ in dimension");
    return HalfSpace(Vec<T>(-outward), T(-outward.dot(point)));
  }
  // { x : x_axis <= level } and { x : x_axis >= level }; `level` a number or
  // a callable t -> level(t) (a time-dependent wall). The dimension is the
  // set's (ConstraintSet::add) or given by .in(n).
  template <class Level>
  static AxisBound<T> below(int axis, Level level) {
    return AxisBound<T>::make(axis, std::move(level), true);
  }
  template <class Level>
  static AxisBound<T> above(int axis, Level level) {
    return AxisBound<T>::make(axis, std::move(level), false);
  }
  // The same half-space moving rigidly: S(t) = S + s(t).
  HalfSpace moving_with(Translation<T> m) const {
    HalfSpace h = *this;
    h.motion = std::move(m);
    return h;
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

// x_axis <= level(t) or x_axis >= level(t) before its dimension is known
// (HalfSpace::below / above); .in(n) is the HalfSpace in dimension n.
template <class T>
struct AxisBound {
  int axis = 0;
  bool below = true;
  T level{0};                                // a fixed level, or
  std::function<T(const T&)> level_at;       // level(t), when given as a callable
  Translation<T> motion{};                   // a further rigid motion (moving_with)

  template <class Level>
  static AxisBound make(int axis, Level level, bool below) {
    if (axis < 0) throw std::invalid_argument("HalfSpace::below/above: the axis must be >= 0");
    AxisBound b;
    b.axis = axis;
    b.below = below;
    if constexpr (std::is_invocable_r_v<T, const Level&, const T&>)
      b.level_at = std::function<T(const T&)>(std::move(level));
    else
      b.level = T(level);
    return b;
  }
  AxisBound moving_with(Translation<T> m) const {
    if (level_at) throw std::invalid_argument("HalfSpace::below/above: a callable level moves already; give one motion");
    AxisBound b = *this;
    b.motion = std::move(m);
    return b;
  }

  HalfSpace<T> in(int dim) const {
    if (axis >= dim)
      throw std::invalid_argument("HalfSpace::below/above: axis " + std::to_string(axis) + " in dimension " +
                                  std::to_string(dim));
    const T sign = below ? T(-1) : T(1);  // a points into the set
    HalfSpace<T> h(Vec<T>(sign * Vec<T>::Unit(dim, axis)), T(sign * level), motion);
    if (level_at) {
      // b(t) = b + <a, s(t)> with b = 0 and s(t) = level(t) e_axis: x_axis <= level(t) (below), >= (above).
      h.b = T(0);
      const int n = dim, k = axis;
      h.motion = Translation<T>::following([f = level_at, n, k](const T& t) {
        Vec<T> s = Vec<T>::Zero(n);
        s[k] = f(t);
        return s;
      });
    }
    return h;
  }
};

}  // namespace sweepcheck
