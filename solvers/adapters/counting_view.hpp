#pragma once
// A ProblemView decorator counting every call a scheme makes through it: the
// host's own work counters, so precision–work comparisons do not depend on
// schemes counting honestly. One CountingView per run (the counters are not
// shared between threads).
#include <cstdint>
#include <stdexcept>

#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

struct ViewCounters {
  std::int64_t f_evaluations = 0;
  std::int64_t constraint_evaluations = 0;  // value, gradient, distance or project of one g_j
  std::int64_t projections = 0;             // project calls that moved the point
};

// It forwards the host-side polyhedron of a polyhedral view
// (solvers/adapters/polyhedral_view.hpp) too: a polyhedron(t) call counts as one
// evaluation of each of its rows (the catching-up projection reads them all),
// an f_integral call as one f evaluation.
class CountingView final : public plugin::ProblemView, public PolyhedralView, private plugin::ConstraintView {
 public:
  explicit CountingView(const plugin::ProblemView& inner) : inner_(inner), poly_(as_polyhedral(inner)) {}

  int dim() const override { return inner_.dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    ++counters_.f_evaluations;
    inner_.f(t, x, out);
  }
  const plugin::ConstraintView& constraints() const override { return *this; }
  const ViewCounters& counters() const { return counters_; }

  bool has_polyhedron() const override { return poly_ != nullptr; }
  Polyhedron<double> polyhedron(double t) const override {
    if (!poly_) throw std::logic_error("CountingView: the inner view has no polyhedron");
    Polyhedron<double> s = poly_->polyhedron(t);
    counters_.constraint_evaluations += s.rows();
    return s;
  }
  bool f_integral(double t, double h, std::span<const double> x, std::span<double> out) const override {
    if (!poly_) return false;
    ++counters_.f_evaluations;
    return poly_->f_integral(t, h, x, out);
  }

 private:
  const plugin::ConstraintView& c() const { return inner_.constraints(); }
  int size() const override { return c().size(); }
  double value(int j, double t, std::span<const double> x) const override {
    ++counters_.constraint_evaluations;
    return c().value(j, t, x);
  }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    ++counters_.constraint_evaluations;
    c().gradient(j, t, x, g);
  }
  double distance(int j, double t, std::span<const double> x) const override {
    ++counters_.constraint_evaluations;
    return c().distance(j, t, x);
  }
  bool project(int j, double t, std::span<double> x) const override {
    ++counters_.constraint_evaluations;
    const bool moved = c().project(j, t, x);
    if (moved) ++counters_.projections;
    return moved;
  }

  const plugin::ProblemView& inner_;
  const PolyhedralView* poly_;
  mutable ViewCounters counters_;
};

}  // namespace sweepcheck
