#pragma once
// The nine hostile problem plugins of issue 37, each a small variation of
// examples/external_problem (a rotating force pushing a point along the unit
// circle, t in [0, 3]): HostileDisk is that problem with one virtual hook per
// way to misbehave, and each hostile_*.cpp overrides one. What sweepcheck must
// do with each (the table in studies/audit/audit.md, "Hostile problem plugins"):
// check_hostile_problem.cmake runs `study` and `audit` on it and checks.
#include <cmath>
#include <span>
#include <string>

#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"

namespace hostile {

class UnitDisk : public sweepcheck::plugin::ConstraintView {
 public:
  // The radius project() lands at (1: exact).
  explicit UnitDisk(double landing = 1.0) : landing_(landing) {}
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
    x[0] *= landing_ / r;
    x[1] *= landing_ / r;
    return true;
  }

 private:
  static double norm(std::span<const double> x) { return std::hypot(x[0], x[1]); }
  double landing_;
};

class HostileDisk : public sweepcheck::plugin::ProblemDefinition {
 public:
  std::string name() const override { return "hostile-" + what(); }
  int dim() const override { return 2; }
  double t_end() const override { return 3.0; }
  void x0(std::span<double> out) const override { out[0] = out[1] = 0.0; }
  void f(double t, std::span<const double>, std::span<double> out) const override {
    out[0] = 2 * std::cos(t);
    out[1] = 2 * std::sin(t);
  }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return disk_; }

 protected:
  virtual std::string what() const = 0;
  UnitDisk disk_;
};

}  // namespace hostile
