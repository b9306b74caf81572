#pragma once
// A rigid translation of a set in time, S(t) = S_0 + s(t) with
//   s(t) = v t + A sin(ω t)          (v: drift velocity, A: oscillation amplitude),
// or any path the user gives, s(t) = path(t) (Translation::following; its
// rate by a central difference, its speed bound unknown: NaN),
// for the moving sets of seed 002 (x' ∈ f(t, x) − N(S(t), x), the catching-up
// algorithm projecting onto S(t_{k+1})). Empty v and A: a static set, and the
// constraints using it take their static code path unchanged (bit for bit).
// The set's speed |s'(t)| ≤ |v| + |A| ω bounds how fast a solution is
// dragged; the audit adds it to the problem's velocity scale.
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
struct Translation {
  Vec<T> velocity;   // v; empty: no drift
  Vec<T> amplitude;  // A; empty: no oscillation
  T omega{0};        // ω of the oscillation
  std::function<Vec<T>(const T&)> path;  // s(t) given by the user, added to the above; empty: none

  static Translation drift(Vec<T> v) {
    Translation m;
    m.velocity = std::move(v);
    return m;
  }
  // s(t) = s(t) as the user writes it: any callable t -> Vec<T> of the set's dimension.
  static Translation following(std::function<Vec<T>(const T&)> s) {
    if (!s) throw std::invalid_argument("Translation::following: the path s(t) is empty");
    Translation m;
    m.path = std::move(s);
    return m;
  }
  static Translation oscillation(Vec<T> A, T w) {
    using std::isfinite;
    if (!(w > T(0)) || !isfinite(w)) throw std::invalid_argument("Translation: omega must be > 0 and finite");
    Translation m;
    m.amplitude = std::move(A);
    m.omega = std::move(w);
    return m;
  }

  bool moving() const { return velocity.size() > 0 || amplitude.size() > 0 || bool(path); }

  // s(t), in dimension n.
  Vec<T> shift(const T& t, Eigen::Index n) const {
    using std::sin;
    Vec<T> s = Vec<T>::Zero(n);
    if (velocity.size() > 0) s += t * velocity;
    if (amplitude.size() > 0) s += sin(omega * t) * amplitude;
    if (path) s += along(t, n);
    return s;
  }
  // s'(t).
  Vec<T> rate(const T& t, Eigen::Index n) const {
    using std::cos;
    Vec<T> s = Vec<T>::Zero(n);
    if (velocity.size() > 0) s += velocity;
    if (amplitude.size() > 0) s += (omega * cos(omega * t)) * amplitude;
    if (path) {
      using std::abs;
      using std::sqrt;
      const T d = sqrt(std::numeric_limits<T>::epsilon()) * (T(1) + abs(t));  // central difference, O(d^2)
      s += (along(t + d, n) - along(t - d, n)) / (T(2) * d);
    }
    return s;
  }
  // sup_t |s'(t)| ≤ |v| + |A| ω (the bound the audit uses).
  T max_speed() const {
    if (path) return std::numeric_limits<T>::quiet_NaN();  // unknown for a user's path
    T m(0);
    if (velocity.size() > 0) m += velocity.norm();
    if (amplitude.size() > 0) m += amplitude.norm() * omega;
    return m;
  }

 private:
  Vec<T> along(const T& t, Eigen::Index n) const {
    Vec<T> s = path(t);
    if (s.size() != n)
      throw std::invalid_argument("Translation: the path s(t) has dimension " + std::to_string(s.size()) +
                                  ", the set " + std::to_string(n));
    return s;
  }
};

}  // namespace sweepcheck
