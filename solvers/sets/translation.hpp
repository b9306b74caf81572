#pragma once
// A rigid translation of a set in time, S(t) = S_0 + s(t) with
//   s(t) = v t + A sin(ω t)          (v: drift velocity, A: oscillation amplitude),
// for the moving sets of seed 002 (x' ∈ f(t, x) − N(S(t), x), the catching-up
// algorithm projecting onto S(t_{k+1})). Empty v and A: a static set, and the
// constraints using it take their static code path unchanged (bit for bit).
// The set's speed |s'(t)| ≤ |v| + |A| ω bounds how fast a solution is
// dragged; the audit adds it to the problem's velocity scale.
#include <cmath>
#include <stdexcept>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
struct Translation {
  Vec<T> velocity;   // v; empty: no drift
  Vec<T> amplitude;  // A; empty: no oscillation
  T omega{0};        // ω of the oscillation

  static Translation drift(Vec<T> v) { return {std::move(v), Vec<T>(), T(0)}; }
  static Translation oscillation(Vec<T> A, T w) {
    using std::isfinite;
    if (!(w > T(0)) || !isfinite(w)) throw std::invalid_argument("Translation: omega must be > 0 and finite");
    return {Vec<T>(), std::move(A), std::move(w)};
  }

  bool moving() const { return velocity.size() > 0 || amplitude.size() > 0; }

  // s(t), in dimension n.
  Vec<T> shift(const T& t, Eigen::Index n) const {
    using std::sin;
    Vec<T> s = Vec<T>::Zero(n);
    if (velocity.size() > 0) s += t * velocity;
    if (amplitude.size() > 0) s += sin(omega * t) * amplitude;
    return s;
  }
  // s'(t).
  Vec<T> rate(const T& t, Eigen::Index n) const {
    using std::cos;
    Vec<T> s = Vec<T>::Zero(n);
    if (velocity.size() > 0) s += velocity;
    if (amplitude.size() > 0) s += (omega * cos(omega * t)) * amplitude;
    return s;
  }
  // sup_t |s'(t)| ≤ |v| + |A| ω (the bound the audit uses).
  T max_speed() const {
    T m(0);
    if (velocity.size() > 0) m += velocity.norm();
    if (amplitude.size() > 0) m += amplitude.norm() * omega;
    return m;
  }
};

}  // namespace sweepcheck
