// Test fixture: a problem plugin WITH an exact solution, the two-dimensional
// sliding case: S = { |x| >= 1 } (outside the unit disk), f = (0, −1),
// x(0) = (sin α, cos α). The point slides on the circle with θ' = sin θ, so
// tan(θ/2) = tan(α/2) e^t, until θ = π/2 at t* = −log tan(α/2); then it
// falls freely: x(t) = (1, −(t − t*)). (analytic/sliding_case.md is the
// d-dimensional version.)
#include <cmath>

#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"

namespace {

constexpr double kAlpha = 0.4;

class OutsideUnitDisk final : public sweepcheck::plugin::ConstraintView {
 public:
  int size() const override { return 1; }
  double value(int, double, std::span<const double> x) const override { return std::hypot(x[0], x[1]) - 1; }
  void gradient(int, double, std::span<const double> x, std::span<double> g) const override {
    const double r = std::hypot(x[0], x[1]);
    g[0] = r > 0 ? x[0] / r : 0.0;
    g[1] = r > 0 ? x[1] / r : 1.0;
  }
  double distance(int, double, std::span<const double> x) const override {
    return std::max(0.0, 1 - std::hypot(x[0], x[1]));
  }
  bool project(int, double, std::span<double> x) const override {
    const double r = std::hypot(x[0], x[1]);
    if (r >= 1) return false;
    if (r == 0) {
      x[0] = 0, x[1] = 1;
    } else {
      x[0] /= r, x[1] /= r;
    }
    return true;
  }
};

class SlidingCircle final : public sweepcheck::plugin::ProblemDefinition {
 public:
  std::string name() const override { return "sliding-circle"; }
  std::string parameters() const override { return "alpha=0.4"; }
  int dim() const override { return 2; }
  double t_end() const override { return exit_time() + 1; }
  void x0(std::span<double> out) const override { out[0] = std::sin(kAlpha), out[1] = std::cos(kAlpha); }
  void f(double, std::span<const double>, std::span<double> out) const override { out[0] = 0, out[1] = -1; }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return set_; }
  bool exact(double t, std::span<double> out) const override {
    const double ts = exit_time();
    if (t <= ts) {
      const double theta = 2 * std::atan(std::tan(kAlpha / 2) * std::exp(t));
      out[0] = std::sin(theta), out[1] = std::cos(theta);
    } else {
      out[0] = 1, out[1] = -(t - ts);
    }
    return true;
  }

 private:
  static double exit_time() { return -std::log(std::tan(kAlpha / 2)); }
  OutsideUnitDisk set_;
};

}  // namespace

SWEEPCHECK_EXPORT_PROBLEM(SlidingCircle)
