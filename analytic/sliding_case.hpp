#pragma once
// The sliding case of seed 000, Section 4.2, corrected; the derivation is in
// sliding_case.md next to this file.
//
//   x' ∈ −e_2 − N(S, x),   x(0) = sin(α) e_1 + cos(α) e_2,   x ∈ R^d, d ≥ 3,
//   S = ∩_{j=1}^{d−1} { x : |x − c_j| ≥ R },   R = sqrt(1 + C²),
//   c_j = C e_{j+2} (j = 1..d−2),   c_{d−1} = −C (d−2)^{−1/2} Σ_{k=3}^{d} e_k.
//
// Exact solution: with θ(t) = 2 atan(tan(α/2) e^t) and exit time
// t* = −log tan(α/2),
//   x(t) = sin θ(t) e_1 + cos θ(t) e_2                    for t ≤ t*,
//   x(t) = e_1 − (t − t*) e_2                             for t ≥ t*.
#include <fmt/format.h>

#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/ball_complement.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

// π/16, the initial angle of seed 000's Figure 8 (to the last digit a double holds).
inline constexpr double kPiOver16 = 0.19634954084936207;

struct SlidingCaseOptions {
  int d = 3;                                          // dimension, >= 3
  double C = 1.0;                                     // distance of the ball centres, > 0
  double alpha = kPiOver16;                           // initial angle in (0, π/2]
  double t_end = 0.0;                                 // final time; 0 means t* + 1 (both phases)

  void validate() const {
    using std::isfinite;
    if (d < 3) throw std::invalid_argument("sliding: d must be >= 3 (got " + std::to_string(d) + ")");
    // d − 1 ball centres of d coordinates each are held (and the schemes'
    // work vectors): checked before the constructor allocates them.
    check_memory(fmt::format("sliding: d = {}", d), double(d) * double(d), "d - 1 ball centres of dimension d");
    if (!(C > 0) || !isfinite(C)) throw std::invalid_argument("sliding: C must be > 0 and finite");
    const double half_pi = boost::math::constants::half_pi<double>();
    if (!(alpha > 0) || !(alpha <= half_pi))
      throw std::invalid_argument(fmt::format("sliding: alpha must lie in (0, pi/2] (got {:.17g})", alpha));
    if (!(t_end >= 0) || !isfinite(t_end)) throw std::invalid_argument("sliding: t_end must be >= 0");
  }
};

template <class T>
class SlidingCase {
 public:
  using Scalar = T;
  using Options = SlidingCaseOptions;

  explicit SlidingCase(Options o = {}) : opt_(o), set_(o.d) {
    opt_.validate();
    using std::log;
    using std::sqrt;
    using std::tan;
    const int d = opt_.d;
    const T C(opt_.C);
    R_ = sqrt(T(1) + C * C);
    for (int j = 1; j <= d - 2; ++j) {
      Vec<T> c = Vec<T>::Zero(d);
      c[j + 1] = C;  // C e_{j+2}, 0-based index j+1
      set_.add(BallComplement<T>(c, R_));
    }
    Vec<T> c = Vec<T>::Zero(d);
    const T w = -C / sqrt(T(d - 2));
    for (int k = 2; k < d; ++k) c[k] = w;
    set_.add(BallComplement<T>(c, R_));
    tan_half_alpha_ = tan(T(opt_.alpha) / T(2));
    exit_time_ = -log(tan_half_alpha_);
    t_end_ = opt_.t_end > 0 ? T(opt_.t_end) : exit_time_ + T(1);
  }

  std::string name() const { return "sliding"; }
  const Options& options() const { return opt_; }
  int dim() const { return opt_.d; }
  T t0() const { return T(0); }
  T t_end() const { return t_end_; }
  T exit_time() const { return exit_time_; }
  // Prox-regularity constant of S claimed by seed 000 (eta = min(R, 1)).
  T eta() const {
    using std::min;
    return min(R_, T(1));
  }
  T radius() const { return R_; }
  const ConstraintSet<T>& constraints() const { return set_; }

  Vec<T> f(const T& /*t*/, const Vec<T>& x) const {
    Vec<T> v = Vec<T>::Zero(x.size());
    v[1] = T(-1);
    return v;
  }

  Vec<T> x0() const { return exact(T(0)); }

  Vec<T> exact(const T& t) const {
    using std::atan;
    using std::cos;
    using std::exp;
    using std::sin;
    Vec<T> x = Vec<T>::Zero(opt_.d);
    if (t <= exit_time_) {
      const T theta = T(2) * atan(tan_half_alpha_ * exp(t));
      x[0] = sin(theta);
      x[1] = cos(theta);
    } else {
      x[0] = T(1);
      x[1] = exit_time_ - t;
    }
    return x;
  }

  // x'(t); at t* both one-sided derivatives equal −e_2 (the solution is C¹).
  Vec<T> exact_velocity(const T& t) const {
    using std::cos;
    using std::sin;
    Vec<T> v = Vec<T>::Zero(opt_.d);
    if (t <= exit_time_) {
      const Vec<T> x = exact(t);
      const T s = x[0];  // sin θ, and θ' = sin θ
      v[0] = x[1] * s;   // (sin θ)' = cos θ θ'
      v[1] = -s * s;     // (cos θ)' = −sin θ θ'
    } else {
      v[1] = T(-1);
    }
    return v;
  }

 private:
  Options opt_;
  ConstraintSet<T> set_;
  T R_;
  T tan_half_alpha_;
  T exit_time_;
  T t_end_;
};

}  // namespace sweepcheck
