// A problem written outside sweepcheck, exported as a problem plugin:
//
//     x' ∈ f(t, x) − N(S, x),   S = { x ∈ R² : |x| <= 1 },   f(t, x) = 2 (cos t, sin t),   x(0) = 0.
//
// A rotating force drives the point to the unit circle (it arrives near
// t = 0.5) and then along it; the contact starts with a kink in the velocity
// and no closed form of x(t) is offered, so every study of it is
// reference-free: sweepcheck estimates the order from the step ladder itself.
//
// The constraint is g(x) = 1 − |x| >= 0 (the signed distance to the circle),
// with its unit gradient −x/|x| (pointing into S) and the exact projection
// x/|x|, exactly what solvers/plugin/plugin_api.hpp's ConstraintView asks for.
#include <cmath>

#include <sweepcheck/solvers/plugin/problem_plugin_api.hpp>

namespace {

class UnitDisk final : public sweepcheck::plugin::ConstraintView {
 public:
  int size() const override { return 1; }
  double value(int, double, std::span<const double> x) const override { return 1 - norm(x); }
  void gradient(int, double, std::span<const double> x, std::span<double> g) const override {
    const double r = norm(x);
    g[0] = r > 0 ? -x[0] / r : 0.0;
    g[1] = r > 0 ? -x[1] / r : -1.0;
  }
  double distance(int, double, std::span<const double> x) const override { return std::max(0.0, norm(x) - 1); }
  bool project(int, double, std::span<double> x) const override {
    const double r = norm(x);
    if (r <= 1) return false;
    x[0] /= r;
    x[1] /= r;
    return true;
  }

 private:
  static double norm(std::span<const double> x) { return std::hypot(x[0], x[1]); }
};

class RotatingForceInDisk final : public sweepcheck::plugin::ProblemDefinition {
 public:
  std::string name() const override { return "rotating-force-disk"; }
  std::string parameters() const override { return "F=2"; }
  int dim() const override { return 2; }
  double t_end() const override { return 3.0; }
  void x0(std::span<double> out) const override { out[0] = out[1] = 0.0; }
  void f(double t, std::span<const double>, std::span<double> out) const override {
    out[0] = 2 * std::cos(t);
    out[1] = 2 * std::sin(t);
  }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return disk_; }
  // |f| = 2 and S has radius 1: crossing it takes time 1.
  double time_scale() const override { return 1.0; }
  // exact() is not overridden: no exact solution.

 private:
  UnitDisk disk_;
};

}  // namespace

SWEEPCHECK_EXPORT_PROBLEM(RotatingForceInDisk)
