#pragma once
// Concrete linear complementarity systems (derivations in analytic/lcs.md):
//  - the circuit with ideal diodes of seed 002, Example 7.3 (Figures 2 and 3);
//  - a two-dimensional system with a closed-form solution whose constraint
//    becomes active at t* = log(3/2) (the exact-error anchor).
#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <string>

#include "sweepcheck/analytic/lcs.hpp"

namespace sweepcheck {

struct CircuitOptions {
  double R1 = 1, R2 = 2, R3 = 1, L2 = 1, L3 = 2, C4 = 1;  // seed 002, Example 7.3 [values read]
  bool discontinuous = false;  // false: G = 0, u = 16 sin(6πt) − 0.5 (Fig. 2); true: G = (0,1)ᵀ, u = sign(sin 4πt) (Fig. 3)
  double t_end = 1.0;

  void validate() const {
    using std::isfinite;
    for (double v : {R1, R2, R3, L2, L3, C4})
      if (!(v > 0) || !isfinite(v)) throw std::invalid_argument("circuit: R1, R2, R3, L2, L3, C4 must be > 0 and finite");
    if (!(t_end > 0) || !isfinite(t_end)) throw std::invalid_argument("circuit: t_end must be > 0");
  }
};

// Seed 002, (25): x₁ time integral of the capacitor current, x₂ capacitor
// current, x₃ current through L₂, R₂; diodes 0 ≤ ζ₁ ⊥ x₂ − x₃ ≥ 0 and
// 0 ≤ ζ₂ ⊥ x₂ (+ u) ≥ 0. Matrices as reconstructed in
// notes/inexact-catching-up.md; P = diag(1, L₃, L₂) satisfies P B = Cᵀ
// (checked by LcsData::validate and in analytic/lcs.md).
template <class T>
LcsData<T> circuit(const CircuitOptions& o = {}) {
  o.validate();
  const T R1(o.R1), R2(o.R2), R3(o.R3), L2(o.L2), L3(o.L3), C4(o.C4);
  LcsData<T> d;
  d.name = o.discontinuous ? "circuit-sign" : "circuit";
  d.A.resize(3, 3);
  d.A << T(0), T(1), T(0),                                    //
      -T(1) / (L3 * C4), -(R1 + R3) / L3, R1 / L3,            //
      T(0), R1 / L2, -(R1 + R2) / L2;
  d.B.resize(3, 2);
  d.B << T(0), T(0), T(1) / L3, T(1) / L3, -T(1) / L2, T(0);
  d.C.resize(2, 3);
  d.C << T(0), T(1), T(-1), T(0), T(1), T(0);
  d.E.resize(3);
  d.E << T(0), T(1) / L3, T(1) / L2;
  d.F = Vec<T>::Zero(2);
  d.G = Vec<T>::Zero(2);
  d.P = Mat<T>::Zero(3, 3);
  d.P(0, 0) = T(1);
  d.P(1, 1) = L3;
  d.P(2, 2) = L2;
  const double pi = boost::math::constants::pi<double>();
  if (o.discontinuous) {
    d.G[1] = T(1);
    d.input = {LcsInput::Kind::sign_sine, 1.0, 4 * pi, 0.0};
  } else {
    d.input = {LcsInput::Kind::sine, 16.0, 6 * pi, -0.5};
  }
  d.x0 = Vec<T>::Zero(3);
  d.t_end = T(o.t_end);
  return d;
}

// x' = A x + B ζ + E u, 0 ≤ ζ ⊥ x₁ ≥ 0, with
//   A = diag(−1, −2), C = (1, 0), P = [[2, 1], [1, 1]], B = P⁻¹Cᵀ = (1, −1)ᵀ,
//   E = (−2, 1)ᵀ, u ≡ 1, G = F = 0, x(0) = (1, 0), T = 1.5.
// Exact solution (analytic/lcs.md, Section 3), t* = log(3/2):
//   t ≤ t*:  x = (3e^{−t} − 2, (1 − e^{−2t})/2),                ζ = 0;
//   t ≥ t*:  x = (0, −1/2 + (7/9) e^{−2(t − t*)}),                ζ = 2.
template <class T>
class LcsClosedForm {
 public:
  LcsClosedForm() {
    d_.name = "lcs-closed-form";
    d_.A.resize(2, 2);
    d_.A << T(-1), T(0), T(0), T(-2);
    d_.C.resize(1, 2);
    d_.C << T(1), T(0);
    d_.P.resize(2, 2);
    d_.P << T(2), T(1), T(1), T(1);
    d_.B.resize(2, 1);
    d_.B << T(1), T(-1);
    d_.E.resize(2);
    d_.E << T(-2), T(1);
    d_.G = Vec<T>::Zero(1);
    d_.F = Vec<T>::Zero(1);
    d_.input = {LcsInput::Kind::constant, 0.0, 0.0, 1.0};
    d_.x0.resize(2);
    d_.x0 << T(1), T(0);
    d_.t_end = T(3) / T(2);
    using std::log;
    t_star_ = log(T(3) / T(2));
  }

  const LcsData<T>& data() const { return d_; }
  T activation_time() const { return t_star_; }

  Vec<T> x(const T& t) const {
    using std::exp;
    Vec<T> v(2);
    if (t <= t_star_) {
      v << T(3) * exp(-t) - T(2), (T(1) - exp(-T(2) * t)) / T(2);
    } else {
      v << T(0), -T(1) / T(2) + T(7) / T(9) * exp(-T(2) * (t - t_star_));
    }
    return v;
  }
  Vec<T> velocity(const T& t) const {
    using std::exp;
    Vec<T> v(2);
    if (t <= t_star_) {
      v << -T(3) * exp(-t), exp(-T(2) * t);
    } else {
      v << T(0), -T(14) / T(9) * exp(-T(2) * (t - t_star_));
    }
    return v;
  }
  Vec<T> zeta(const T& t) const { return Vec<T>::Constant(1, t <= t_star_ ? T(0) : T(2)); }

 private:
  LcsData<T> d_;
  T t_star_;
};

}  // namespace sweepcheck
