#pragma once
// Observers that turn a trajectory into the numbers of one error-table row,
// streaming, without storing the trajectory.
#include <cstdint>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

// The uniform error of seed 000, sup_t ‖x_h(t) − x(t)‖ with x_h the
// piecewise-linear interpolant of the grid values, evaluated at
// `points_per_step` equally spaced points inside every step (the grid points
// included), and the plain grid error max_k ‖x_k − x(t_k)‖ beside it.
// `Reference` is any callable t ↦ x(t): an exact solution or an interpolated
// reference trajectory.
template <class T, class Reference>
class UniformErrorObserver {
 public:
  UniformErrorObserver(Reference ref, int points_per_step) : ref_(std::move(ref)), m_(points_per_step) {}

  // The uniform error keeps the largest squared distance and takes its root
  // once, when asked: norm() is sqrt(squaredNorm()) (Eigen), and a correctly
  // rounded square root is monotone, so the root of the largest square is
  // the largest root, bit for bit, without a root at every point.
  void operator()(std::int64_t k, const T& t, const Vec<T>& x) {
    using std::max;
    using std::sqrt;
    const T sq_grid = (x - ref_(t)).squaredNorm();
    const T e_grid = sqrt(sq_grid);
    final_ = e_grid;
    grid_ = max(grid_, e_grid);
    uniform_sq_ = max(uniform_sq_, sq_grid);
    if (k > 0) {
      for (int i = 1; i < m_; ++i) {
        const T s = T(i) / T(m_);
        const T ti = t_prev_ + s * (t - t_prev_);
        xi_ = x_prev_ + s * (x - x_prev_);  // into one buffer: no allocation a point
        uniform_sq_ = max(uniform_sq_, (xi_ - ref_(ti)).squaredNorm());
      }
    }
    t_prev_ = t;
    x_prev_ = x;
  }

  T uniform_error() const {
    using std::sqrt;
    return sqrt(uniform_sq_);
  }
  T grid_error() const { return grid_; }
  T final_error() const { return final_; }  // ‖x_N − x(t_N)‖ at the last step seen (T, once the run is complete)

 private:
  Reference ref_;
  int m_;
  T t_prev_{0};
  Vec<T> x_prev_, xi_;
  T uniform_sq_{0};  // the largest ‖x_h(t) − x(t)‖² seen
  T grid_{0};
  T final_{0};
};

// max_k max_j d_{S_j}(t_k, x_k) (the reported constraint violation), the
// largest state norm (the scale of round-off), and max_k ‖x_{k+1} − x_k‖
// (for the step bound (14) of seed 000).
template <class T, class Set>
class ViolationObserver {
 public:
  explicit ViolationObserver(const Set& s) : set_(s) {}

  void operator()(std::int64_t k, const T& t, const Vec<T>& x) {
    using std::max;
    violation_ = max(violation_, set_.max_violation(t, x));
    scale_ = max(scale_, x.norm());
    if (k > 0) max_increment_ = max(max_increment_, (x - x_prev_).norm());
    x_prev_ = x;
  }

  T violation() const { return violation_; }
  T scale() const { return scale_; }
  T max_increment() const { return max_increment_; }

 private:
  const Set& set_;
  Vec<T> x_prev_;
  T violation_{0};
  T scale_{0};
  T max_increment_{0};
};

// The events of a run that make its error depend on where the grid falls
// (grid phases are spent on them: studies/engine/grid_phases.hpp): steps
// where the active set changes and the discrete velocity jumps. The active
// set at t_k is {j : |g_j(t_k, x_k)| <= tol}, tol = 1e-7 (1 + max_k ‖x_k‖):
// far above round-off on the boundary (a projection lands within a few ulps
// of it; an inner solver within its own tolerance), far below the O(h) gap
// of a free step that lands at the next. At a landing the velocity jumps by
// O(1) and the interpolant's error there is C(φ) h; where the velocity is
// continuous (a C¹ lift-off, the sliding case's exit) the discrete velocity
// changes by O(h |x''|) only and the error does not depend on the phase to
// first order. An event counts when the velocity changes, across the steps
// on either side of the change, by more than kKinkFraction (1/10) of the
// run's largest step velocity (taken at the end of the run). A set that
// cannot name its active constraints (no active(t, x, tol)) counts as
// having events, so phases are never skipped for want of knowing.
template <class T, class Set>
class ActiveSetObserver {
 public:
  static constexpr double kKinkFraction = 0.1;
  explicit ActiveSetObserver(const Set& s) : set_(s) {}

  void operator()(std::int64_t k, const T& t, const Vec<T>& x) {
    using std::max;
    if constexpr (requires { set_.active(t, x, t); }) {
      scale_ = max(scale_, T(x.norm()));
      auto now = set_.active(t, x, T(1e-7) * (T(1) + scale_));
      if (k > 0) {
        const T dt = t - t_prev_;
        Vec<T> v = (x - x_prev_) / dt;
        speed_ = max(speed_, T(v.norm()));
        // The velocity change across grid point k − 1, where the active set changed at k − 1 or k.
        if (k > 1 && (changed_ || now != last_)) jump_ = max(jump_, T((v - v_prev_).norm()));
        changed_ = now != last_;
        v_prev_ = std::move(v);
      }
      last_ = std::move(now);
      t_prev_ = t;
      x_prev_ = x;
    } else {
      unknown_ = true;
    }
  }

  // 1 when the run has an event with a velocity jump (or the set cannot tell), else 0.
  std::int64_t has_event() const {
    if (unknown_) return 1;
    return jump_ > T(kKinkFraction) * speed_ && jump_ > T(0) ? 1 : 0;
  }

 private:
  const Set& set_;
  std::vector<int> last_;
  bool changed_ = false, unknown_ = false;
  T scale_{0}, speed_{0}, jump_{0};
  T t_prev_{0};
  Vec<T> x_prev_, v_prev_;
};

}  // namespace sweepcheck
