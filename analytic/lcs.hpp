#pragma once
// Linear complementarity systems as sweeping processes (seed 002, Section 7,
// (19); derivation checked in analytic/lcs.md):
//
//   x' = A x + B ζ + E u(t),   0 ≤ ζ ⊥ w = C x + G u(t) + F ≥ 0,   (D = 0)
//
// with a symmetric positive-definite P such that P B = Cᵀ. With R = P^{1/2}
// and z = R x this is the perturbed sweeping process
//
//   z' ∈ −N(S(t), z) + R A R⁻¹ z + R E u(t),
//   S(t) = R K(t) = { z : C R⁻¹ z + G u(t) + F ≥ 0 }.
//
// LcsSweeping<T> is that sweeping process, a PolyhedralProblem for the
// catching-up schemes of solvers/schemes/catching_up.hpp; its state is z, not x.
#include <Eigen/Dense>
#include <boost/math/constants/constants.hpp>
#include <optional>
#include <cmath>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/polyhedron.hpp"

namespace sweepcheck {

// Scalar inputs u(t) with a closed-form antiderivative, so that the
// catching-up predictor ∫ f(s, x_k) ds is exact in u.
struct LcsInput {
  enum class Kind { constant, sine, sign_sine };
  Kind kind = Kind::constant;
  double amplitude = 0;  // a
  double omega = 0;      // ω
  double offset = 0;     // c
  // constant: c;  sine: a sin(ωt) + c;  sign_sine: a sign(sin(ωt)) + c.

  void validate() const {
    using std::isfinite;
    if (!isfinite(amplitude) || !isfinite(offset)) throw std::invalid_argument("LcsInput: amplitude and offset must be finite");
    if (kind != Kind::constant && (!(omega > 0) || !isfinite(omega)))
      throw std::invalid_argument("LcsInput: omega must be > 0 and finite");
  }

  template <class T>
  T value(const T& t) const {
    using std::sin;
    switch (kind) {
      case Kind::constant: return T(offset);
      case Kind::sine: return T(amplitude) * sin(T(omega) * t) + T(offset);
      case Kind::sign_sine: {
        const T s = sin(T(omega) * t);
        const T sg = s > T(0) ? T(1) : (s < T(0) ? T(-1) : T(0));
        return T(amplitude) * sg + T(offset);
      }
    }
    return T(0);
  }

  // U(t) = ∫_0^t u(s) ds.
  template <class T>
  T antiderivative(const T& t) const {
    using std::cos;
    using std::floor;
    switch (kind) {
      case Kind::constant: return T(offset) * t;
      case Kind::sine: return T(amplitude) * (T(1) - cos(T(omega) * t)) / T(omega) + T(offset) * t;
      case Kind::sign_sine: {
        // ∫_0^t sign(sin ωs) ds is a triangle wave of period 2π/ω: it rises
        // with slope 1 on the first half period and falls on the second.
        const T period = T(2) * boost::math::constants::pi<T>() / T(omega);
        const T tau = t - period * floor(t / period);
        const T tri = tau <= period / T(2) ? tau : period - tau;
        return T(amplitude) * tri + T(offset) * t;
      }
    }
    return T(0);
  }

  template <class T>
  T integral(const T& t0, const T& t1) const {
    return antiderivative(t1) - antiderivative(t0);
  }
};

template <class T>
struct LcsData {
  std::string name = "lcs";
  Mat<T> A, B, C, P;  // n×n, n×m, m×n, n×n (P: the SPD matrix with P B = Cᵀ)
  Vec<T> E;           // n
  Vec<T> G, F;        // m
  LcsInput input;
  Vec<T> x0;
  T t_end = T(1);

  int n() const { return static_cast<int>(A.rows()); }
  int m() const { return static_cast<int>(C.rows()); }

  // Every structural condition of Section 7, each with an error naming it.
  // Defined below the class, not inline: lcs_instances.hpp can then declare
  // it instantiated once (build time, issue 58).
  void validate() const;
};

template <class T>
void LcsData<T>::validate() const {
  using std::abs;
  input.validate();
  const Eigen::Index n = A.rows(), m = C.rows();
  auto need = [&](bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("LCS '" + name + "': " + what);
  };
  need(n >= 1 && A.cols() == n, "A must be square and non-empty");
  need(m >= 1 && C.cols() == n, "C must be m × n with m >= 1");
  need(B.rows() == n && B.cols() == m, "B must be n × m");
  need(E.size() == n, "E must have n entries");
  need(G.size() == m && F.size() == m, "G and F must have m entries");
  need(x0.size() == n, "x0 must have n entries");
  need(t_end > T(0), "t_end must be > 0");
  need(P.size() != 0,
       "no P given: the sweeping-process reformulation needs a symmetric positive-definite P with P B = Cᵀ");
  need(P.rows() == n && P.cols() == n, "P must be n × n");
  const T tol = T(64) * epsilon<T>();
  need((P - P.transpose()).norm() <= tol * P.norm(), "P is not symmetric");
  const Eigen::SelfAdjointEigenSolver<Mat<T>> eig(P, Eigen::EigenvaluesOnly);
  need(eig.eigenvalues().minCoeff() > tol * eig.eigenvalues().maxCoeff(), "P is not positive definite");
  const T misfit = (P * B - C.transpose()).norm();
  need(misfit <= tol * (P.norm() * B.norm() + C.norm()),
       "P B ≠ Cᵀ (‖P B − Cᵀ‖ = " + std::to_string(static_cast<double>(misfit)) + ")");
  const Vec<T> w0 = C * x0 + G * input.value(T(0)) + F;
  const T floor = T(64) * epsilon<T>() * (T(1) + C.norm() * x0.norm() + G.norm() + F.norm());
  need(w0.minCoeff() >= -floor, "the initial state violates C x0 + G u(0) + F ≥ 0");
}

// The moving set S(t) as the foundation's observers see it (max_violation).
template <class T>
class LcsMovingSet {
 public:
  LcsMovingSet(Mat<T> M, Vec<T> G, Vec<T> F, LcsInput u) : M_(std::move(M)), G_(std::move(G)), F_(std::move(F)), u_(u) {}
  Polyhedron<T> at(const T& t) const { return {M_, G_ * u_.value(t) + F_}; }
  T max_violation(const T& t, const Vec<T>& z) const { return at(t).max_violation(z); }
  int size() const { return static_cast<int>(M_.rows()); }

 private:
  Mat<T> M_;
  Vec<T> G_, F_;
  LcsInput u_;
};

template <class T>
class LcsSweeping {
 public:
  using Scalar = T;

  // Defined below the class, not inline (as LcsData::validate).
  explicit LcsSweeping(LcsData<T> d);

  std::string name() const { return d_.name; }
  int dim() const { return d_.n(); }
  T t0() const { return T(0); }
  T t_end() const { return d_.t_end; }
  const LcsData<T>& data() const { return d_; }
  const Mat<T>& R() const { return R_; }
  const Mat<T>& R_inverse() const { return Rinv_; }

  Vec<T> x0() const { return R_ * d_.x0; }
  Vec<T> to_x(const Vec<T>& z) const { return Rinv_ * z; }
  Vec<T> to_z(const Vec<T>& x) const { return R_ * x; }

  // f(t, z) = R A R⁻¹ z + R E u(t).
  Vec<T> f(const T& t, const Vec<T>& z) const { return Az_ * z + Ez_ * d_.input.value(t); }
  // ∫_t^{t+h} f(s, z) ds, exact (u integrated in closed form).
  Vec<T> f_integral(const T& t, const T& h, const Vec<T>& z) const {
    return h * (Az_ * z) + Ez_ * d_.input.integral(t, t + h);
  }
  Polyhedron<T> polyhedron(const T& t) const { return set_->at(t); }
  const LcsMovingSet<T>& constraints() const { return *set_; }

 private:
  LcsData<T> d_;
  Mat<T> R_, Rinv_, Az_;
  Vec<T> Ez_;
  std::optional<LcsMovingSet<T>> set_;
};

template <class T>
LcsSweeping<T>::LcsSweeping(LcsData<T> d) : d_(std::move(d)) {
  d_.validate();
  const Eigen::SelfAdjointEigenSolver<Mat<T>> eig(d_.P);
  const Vec<T> s = eig.eigenvalues().cwiseSqrt();
  R_ = eig.eigenvectors() * s.asDiagonal() * eig.eigenvectors().transpose();
  Rinv_ = eig.eigenvectors() * s.cwiseInverse().asDiagonal() * eig.eigenvectors().transpose();
  Az_ = R_ * d_.A * Rinv_;
  Ez_ = R_ * d_.E;
  set_.emplace(d_.C * Rinv_, d_.G, d_.F, d_.input);
}

}  // namespace sweepcheck
