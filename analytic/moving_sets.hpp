#pragma once
// Moving sets and time-dependent fields with exact solutions, for
// x' ∈ f(t, x) − N(S(t), x) (seed 002). Derivations: moving_sets.md next to
// this file; the exact solutions are checked against the inclusion itself in
// moving_sets_test.cpp (analytic/inclusion_residual.hpp).
//
//  MovingHalfPlane   S(t) = { x ∈ R² : x_2 ≥ A sin ωt },
//                    f(t, x) = (u + b cos ωt − κ x_1, −g − a cos ωt).
//                    A ≠ 0: an oscillating wall with a tangential field;
//                    a, b ≠ 0: a time-dependent field (static wall for A = 0).
//                    x_2 is the Skorokhod reflection of the free motion on
//                    the moving barrier (closed form, moving_sets.md §1).
//  DraggedInBall     S(t) = B(c(t), R), c(t) = (v t, 0), f = 0: a point at
//                    rest until the ball's back reaches it, then dragged
//                    along a tractrix (§2).
//  PushedByObstacle  S(t) = R² \ B°(c(t), R), c(t) = (v t, 0), f = 0 (prox-
//                    regular, not convex): a point in front of a moving disk
//                    is pushed along its boundary until it slides off (§3).
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/ball.hpp"
#include "sweepcheck/solvers/sets/ball_complement.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"
#include "sweepcheck/solvers/sets/half_space.hpp"

namespace sweepcheck {

// A parameter that must be finite, named in the message.
inline void need_finite(double v, const char* problem, const char* field) {
  if (!std::isfinite(v)) throw std::invalid_argument(std::string(problem) + ": " + field + " must be finite");
}
// The vector (a, b).
template <class T>
Vec<T> vec2(const T& a, const T& b) {
  Vec<T> v(2);
  v << a, b;
  return v;
}

struct MovingHalfPlaneOptions {
  double A = 0.5;       // wall amplitude: the wall is x_2 = A sin ωt
  double omega = 6.283185307179586;  // ω > 0 (default 2π: period 1)
  double g = 1;         // constant normal field −g
  double a = 0;         // normal field amplitude: f_2 = −g − a cos ωt
  double u = 1;         // constant tangential field
  double b = 0;         // tangential amplitude: f_1 = u + b cos ωt − κ x_1
  double x1 = 0, x2 = 0;  // x(0); needs x2 ≥ 0 (the wall is at 0 at t = 0)
  double t_end = 2.5;
  double kappa = 0;     // tangential relaxation κ ≥ 0 (f_1 depends on x: Euler is then O(h) in x_1)

  void validate() const {
    const char* n = "moving-half-plane";
    using P = std::pair<double, const char*>;
    for (const P& p : {P{A, "A"}, P{g, "g"}, P{a, "a"}, P{u, "u"}, P{b, "b"}, P{x1, "x1"}, P{x2, "x2"}})
      need_finite(p.first, n, p.second);
    if (!(omega > 0) || !std::isfinite(omega)) throw std::invalid_argument("moving-half-plane: omega must be > 0");
    if (!(x2 >= 0)) throw std::invalid_argument("moving-half-plane: x2 must be >= 0 (x(0) in S(0))");
    if (!(t_end > 0) || !std::isfinite(t_end)) throw std::invalid_argument("moving-half-plane: t_end must be > 0");
    if (!(kappa >= 0) || !std::isfinite(kappa)) throw std::invalid_argument("moving-half-plane: kappa must be >= 0");
  }
};

template <class T>
class MovingHalfPlane {
 public:
  using Scalar = T;
  using Options = MovingHalfPlaneOptions;

  explicit MovingHalfPlane(Options o = {}) : opt_(o), set_(2) {
    opt_.validate();
    set_.add(HalfSpace<T>(vec2(T(0), T(1)), T(0),
                          Translation<T>::oscillation(vec2(T(0), T(opt_.A)), T(opt_.omega))));
  }

  int dim() const { return 2; }
  std::string name() const { return "moving-half-plane"; }
  const ConstraintSet<T>& constraints() const { return set_; }
  Vec<T> x0() const { return vec2(T(opt_.x1), T(opt_.x2)); }
  T t0() const { return T(0); }
  T t_end() const { return T(opt_.t_end); }
  const Options& options() const { return opt_; }

  Vec<T> f(const T& t, const Vec<T>& x) const {
    using std::cos;
    const T c = cos(T(opt_.omega) * t);
    return vec2(T(opt_.u) + T(opt_.b) * c - T(opt_.kappa) * x[0], -T(opt_.g) - T(opt_.a) * c);
  }
  // The wall height c(t) = A sin ωt and the set's largest speed A ω.
  T wall(const T& t) const {
    using std::sin;
    return T(opt_.A) * sin(T(opt_.omega) * t);
  }
  double set_speed() const { return std::abs(opt_.A) * opt_.omega; }

  // moving_sets.md §1: x_2 = z + max(0, max_{[0,t]} φ − x_2(0)),
  // z(t) = x_2(0) − g t − (a/ω) sin ωt, φ(s) = B sin ωs + g s, B = A + a/ω.
  Vec<T> exact(const T& t) const {
    using std::sin;
    const T w(opt_.omega);
    const T x1 = tangential(t);
    const T z = T(opt_.x2) - T(opt_.g) * t - T(opt_.a) / w * sin(w * t);
    using std::max;
    return vec2(x1, T(z + max(T(0), running_max(t) - T(opt_.x2))));
  }

  // x_1' = u + b cos ωt − κ x_1 (moving_sets.md §1):
  // x_1 = e^{−κt} x_1(0) + u (1 − e^{−κt})/κ + b (κ cos ωt + ω sin ωt − κ e^{−κt})/(κ² + ω²),
  // whose κ → 0 limit is x_1(0) + u t + (b/ω) sin ωt.
  T tangential(const T& t) const {
    using std::cos;
    using std::exp;
    using std::sin;
    const T w(opt_.omega), k(opt_.kappa), u(opt_.u), b(opt_.b);
    if (opt_.kappa == 0) return T(opt_.x1) + u * t + b / w * sin(w * t);
    const T e = exp(-k * t);
    return e * T(opt_.x1) + u * (T(1) - e) / k + b * (k * cos(w * t) + w * sin(w * t) - k * e) / (k * k + w * w);
  }

  // max over s ∈ [0, t] of φ(s) = B sin ωs + g s: the largest of φ(0), φ(t)
  // and φ at the critical points in (0, t), where cos ωs = −g/(Bω)
  // (every critical point is a candidate; minima never win).
  T running_max(const T& t) const {
    using std::acos;
    using std::abs;
    using std::floor;
    using std::max;
    using std::sin;
    const T w(opt_.omega), g(opt_.g);
    const T B = T(opt_.A) + T(opt_.a) / w;
    auto phi = [&](const T& s) { return B * sin(w * s) + g * s; };
    T m = max(phi(T(0)), phi(t));
    if (B == T(0) || abs(g) >= abs(B) * w) return m;  // φ monotone: no interior critical point
    const T theta = acos(-g / (B * w));                // ω s = ±θ + 2πk
    const T two_pi = boost::math::constants::two_pi<T>();
    const long k_max = static_cast<long>(static_cast<double>(floor((w * t + theta) / two_pi))) + 1;
    for (long k = 0; k <= k_max; ++k)
      for (const T& ws : {T(theta + two_pi * T(k)), T(-theta + two_pi * T(k))}) {
        const T s = ws / w;
        if (s > T(0) && s < t) m = max(m, phi(s));
      }
    return m;
  }

 private:
  Options opt_;
  ConstraintSet<T> set_;
};

struct DraggedInBallOptions {
  double v = 1;     // speed of the ball, along e_1
  double R = 1;     // radius
  double y0 = 0.8;  // x(0) = (0, y0), |y0| < R (inside, at rest)
  double t_end = 3;
  double c0 = 0;    // the centre starts at (c0, 0); c0 = sqrt(R² − y0²): in contact from t = 0

  void validate() const {
    if (!(v > 0) || !std::isfinite(v)) throw std::invalid_argument("dragged-in-ball: v must be > 0");
    if (!(R > 0) || !std::isfinite(R)) throw std::invalid_argument("dragged-in-ball: R must be > 0");
    if (!(std::abs(y0) < R)) throw std::invalid_argument("dragged-in-ball: |y0| must be < R");
    if (!(t_end > 0) || !std::isfinite(t_end)) throw std::invalid_argument("dragged-in-ball: t_end must be > 0");
    if (!(std::abs(c0) <= std::sqrt(R * R - y0 * y0) * (1 + 1e-15)))
      throw std::invalid_argument("dragged-in-ball: |c0| must be <= sqrt(R^2 - y0^2) (x(0) in S(0))");
  }
};

template <class T>
class DraggedInBall {
 public:
  using Scalar = T;
  using Options = DraggedInBallOptions;

  explicit DraggedInBall(Options o = {}) : opt_(o), set_(2) {
    opt_.validate();
    set_.add(Ball<T>(vec2(T(opt_.c0), T(0)), T(opt_.R), Translation<T>::drift(vec2(T(opt_.v), T(0)))));
    using std::atan2;
    using std::max;
    using std::sqrt;
    using std::tan;
    t1_ = max(T(0), T((sqrt(T(opt_.R) * T(opt_.R) - T(opt_.y0) * T(opt_.y0)) - T(opt_.c0)) / T(opt_.v)));
    const T R(opt_.R);
    const T theta1 = atan2(T(opt_.y0), -sqrt(R * R - T(opt_.y0) * T(opt_.y0)));
    tan_half_theta1_ = tan(theta1 / T(2));
  }

  int dim() const { return 2; }
  std::string name() const { return "dragged-in-ball"; }
  const ConstraintSet<T>& constraints() const { return set_; }
  Vec<T> x0() const { return vec2(T(0), T(opt_.y0)); }
  T t0() const { return T(0); }
  T t_end() const { return T(opt_.t_end); }
  Vec<T> f(const T& /*t*/, const Vec<T>& x) const { return Vec<T>::Zero(x.size()); }
  double set_speed() const { return opt_.v; }

  // The back of the ball reaches x(0) at t1 = (sqrt(R² − y0²) − c0)/v.
  T contact_time() const { return t1_; }

  // moving_sets.md §2: x = x(0) for t ≤ t1; then x = c(t) + R (cos θ, sin θ)
  // with tan(θ/2) = tan(θ1/2) e^{v (t − t1)/R}, θ1 = atan2(y0, −v t1).
  // t1 and tan(θ1/2) are computed once, in the constructor: the uniform error
  // evaluates the solution at 8 points a step.
  Vec<T> exact(const T& t) const {
    using std::atan;
    using std::cos;
    using std::exp;
    using std::sin;
    const T& t1 = t1_;
    if (t < t1) return x0();
    const T v(opt_.v), R(opt_.R);
    // atan gives θ/2 in (−π/2, π/2), so θ stays in (−π, π) on the right branch.
    const T theta = T(2) * atan(tan_half_theta1_ * exp(v * (t - t1) / R));
    return vec2(T(T(opt_.c0) + v * t + R * cos(theta)), T(R * sin(theta)));
  }

 private:
  Options opt_;
  ConstraintSet<T> set_;
  T t1_{0};               // contact_time()
  T tan_half_theta1_{0};  // tan(θ1/2), θ1 = atan2(y0, −sqrt(R² − y0²))
};

struct PushedByObstacleOptions {
  double v = 1;            // speed of the obstacle, along e_1
  double R = 1;            // its radius
  double theta0 = 0.5235987755982988;  // x(0) = R (cos θ0, sin θ0), θ0 ∈ (0, π/2) (default π/6)
  double t_end = 2.5;

  void validate() const {
    if (!(v > 0) || !std::isfinite(v)) throw std::invalid_argument("pushed-by-obstacle: v must be > 0");
    if (!(R > 0) || !std::isfinite(R)) throw std::invalid_argument("pushed-by-obstacle: R must be > 0");
    const double half_pi = boost::math::constants::half_pi<double>();
    if (!(theta0 > 0 && theta0 < half_pi))
      throw std::invalid_argument("pushed-by-obstacle: theta0 must lie in (0, pi/2)");
    if (!(t_end > 0) || !std::isfinite(t_end)) throw std::invalid_argument("pushed-by-obstacle: t_end must be > 0");
  }
};

template <class T>
class PushedByObstacle {
 public:
  using Scalar = T;
  using Options = PushedByObstacleOptions;

  explicit PushedByObstacle(Options o = {}) : opt_(o), set_(2) {
    opt_.validate();
    set_.add(BallComplement<T>(vec2(T(0), T(0)), T(opt_.R),
                               Translation<T>::drift(vec2(T(opt_.v), T(0)))));
    using std::log;
    using std::tan;
    tan_half_theta0_ = tan(T(opt_.theta0) / T(2));
    exit_time_ = -T(opt_.R) / T(opt_.v) * log(tan_half_theta0_);
  }

  int dim() const { return 2; }
  std::string name() const { return "pushed-by-obstacle"; }
  const ConstraintSet<T>& constraints() const { return set_; }
  Vec<T> x0() const {
    using std::cos;
    using std::sin;
    return vec2(T(opt_.R) * cos(T(opt_.theta0)), T(opt_.R) * sin(T(opt_.theta0)));
  }
  T t0() const { return T(0); }
  T t_end() const { return T(opt_.t_end); }
  Vec<T> f(const T& /*t*/, const Vec<T>& x) const { return Vec<T>::Zero(x.size()); }
  double set_speed() const { return opt_.v; }

  // The point slides off the top of the disk (θ = π/2) at t* = −(R/v) log tan(θ0/2).
  T exit_time() const { return exit_time_; }

  // moving_sets.md §3: x = c(t) + R (cos θ, sin θ), tan(θ/2) = tan(θ0/2) e^{v t/R}
  // for t ≤ t*; x = x(t*) = (v t*, R) after. t* and tan(θ0/2) are computed
  // once, in the constructor.
  Vec<T> exact(const T& t) const {
    using std::atan;
    using std::cos;
    using std::exp;
    using std::min;
    using std::sin;
    const T v(opt_.v), R(opt_.R);
    const T s = min(t, exit_time_);
    const T theta = T(2) * atan(tan_half_theta0_ * exp(v * s / R));
    return vec2(T(v * s + R * cos(theta)), T(R * sin(theta)));
  }

 private:
  Options opt_;
  ConstraintSet<T> set_;
  T tan_half_theta0_{0};  // tan(θ0/2)
  T exit_time_{0};        // t* = −(R/v) log tan(θ0/2)
};

}  // namespace sweepcheck
