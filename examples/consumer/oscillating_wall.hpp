#pragma once
// The project's own problem, written with one include: a point pushed against
// a wall that oscillates, x_0 <= 1.5 + 0.3 sin t, written as the user says it
// (HalfSpace::below with a callable level), while x_1 decays:
//   x' = (1, -x_1) - N(S(t), x),  x(0) = (1.5, 1).
// The wall moves at most 0.3 < 1, so the point stays pressed against it:
//   x(t) = (1.5 + 0.3 sin t, e^{-t})  (smooth: a second-order scheme shows order 2).
#include <cmath>
#include <string>
#include <sweepcheck/problem_and_scheme.hpp>

namespace my {

class OscillatingWall {
 public:
  using Scalar = double;
  OscillatingWall() : set_(2) {
    set_.add(sweepcheck::HalfSpace<double>::below(0, [](double t) { return 1.5 + 0.3 * std::sin(t); }));
  }
  std::string name() const { return "oscillating-wall"; }
  int dim() const { return 2; }
  double t0() const { return 0; }
  double t_end() const { return 2; }
  sweepcheck::Vec<double> x0() const { return exact(0); }
  sweepcheck::Vec<double> f(double, const sweepcheck::Vec<double>& x) const { return sweepcheck::Vec<double>{{1.0, -x[1]}}; }
  const sweepcheck::ConstraintSet<double>& constraints() const { return set_; }
  sweepcheck::Vec<double> exact(double t) const { return sweepcheck::Vec<double>{{1.5 + 0.3 * std::sin(t), std::exp(-t)}}; }

 private:
  sweepcheck::ConstraintSet<double> set_;
};
static_assert(sweepcheck::HasExactSolution<OscillatingWall>);

// Projected Euler: one f call and one sweep a step (PBD on one constraint).
struct ProjectedEuler {
  static std::string name() { return "projected-euler"; }
  static double claimed_order() { return 1.0; }
  template <sweepcheck::Problem P>
  sweepcheck::StepStatus step(const P& p, double t, const sweepcheck::Vec<double>& x, double h,
                              sweepcheck::Vec<double>& out, sweepcheck::Work& w) const {
    out = x + h * p.f(t, x);
    p.constraints().sweep(t + h, out, w);
    return sweepcheck::StepStatus::ok;
  }
};

// Projected Heun: two f calls and two sweeps a step. The host counts the f
// calls (Work::field_evaluations); the scheme counts only its sweeps.
struct ProjectedHeun {
  static std::string name() { return "projected-heun"; }
  template <sweepcheck::Problem P>
  sweepcheck::StepStatus step(const P& p, double t, const sweepcheck::Vec<double>& x, double h,
                              sweepcheck::Vec<double>& out, sweepcheck::Work& w) const {
    const sweepcheck::Vec<double> k1 = p.f(t, x);
    sweepcheck::Vec<double> y = x + h * k1;
    p.constraints().sweep(t + h, y, w);
    out = x + 0.5 * h * (k1 + p.f(t + h, y));
    p.constraints().sweep(t + h, out, w);
    return sweepcheck::StepStatus::ok;
  }
};
static_assert(sweepcheck::SchemeFor<ProjectedHeun, OscillatingWall>);

// Wrong on purpose, claiming Euler's order 1: the projection goes only
// ω = √h of the way back onto the wall. Pushed out by h f_n a step and
// pulled back by ω of the violation, the point settles about √h (1 − √h) f_n
// outside the wall (f_n = 1 − 0.3 cos t, the speed at which it meets the
// wall): its runs converge, to the right solution, with order ½, approached
// from below.
struct UnderRelaxedEuler {
  static std::string name() { return "under-relaxed-euler"; }
  static double claimed_order() { return 1.0; }
  template <sweepcheck::Problem P>
  sweepcheck::StepStatus step(const P& p, double t, const sweepcheck::Vec<double>& x, double h,
                              sweepcheck::Vec<double>& out, sweepcheck::Work& w) const {
    const sweepcheck::Vec<double> y = x + h * p.f(t, x);
    out = y;
    p.constraints().sweep(t + h, out, w);
    out = y + std::sqrt(h) * (out - y);
    return sweepcheck::StepStatus::ok;
  }
};

}  // namespace my
