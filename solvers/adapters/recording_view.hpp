#pragma once
// A ProblemView decorator that records every call a scheme makes through it:
// which function, which constraint and at which time. The audit's diagnosis
// (studies/audit/diagnosis/diagnosis.hpp, issue 36) reads the times a step queries f and
// S at (its time stencil) and how often each constraint is looked at (its
// coverage) from the host side of the view, whatever the scheme says of
// itself. One RecordingView per run, one thread; clear() between steps.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

struct ViewCall {
  enum Kind : std::uint8_t { f, value, gradient, distance, project, polyhedron, f_integral };
  Kind kind = f;
  bool moved = false;  // project: the point moved
  int j = -1;          // the constraint (value, gradient, distance, project); -1 otherwise
  double t = 0;        // the time queried (f_integral: the start of its interval)
  double h = 0;        // f_integral: the interval's length
  // f: which of the states the caller registered (set_known_states) the
  // argument x equals bit for bit, as an index into that list; -1: none of
  // them (an intermediate state such as a predictor), -2: not looked up.
  int state = -2;
  bool queries_set() const { return kind != f && kind != f_integral; }
};

// It forwards a polyhedral view's polyhedron (solvers/adapters/polyhedral_view.hpp)
// as CountingView does: a polyhedron(t) call is recorded as one query of the
// whole set at t, an f_integral(t, h) call as a query of f over [t, t + h].
class RecordingView final : public plugin::ProblemView, public PolyhedralView, private plugin::ConstraintView {
 public:
  explicit RecordingView(const plugin::ProblemView& inner) : inner_(inner), poly_(as_polyhedral(inner)) {}

  const std::vector<ViewCall>& calls() const { return calls_; }
  void clear() { calls_.clear(); }
  // The states an f call's argument is compared with (ViewCall::state): the
  // caller's list, which must outlive the calls; null: none.
  void set_known_states(const std::vector<Vec<double>>* states) { known_ = states; }

  int dim() const override { return inner_.dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    calls_.push_back({ViewCall::f, false, -1, t, 0, known_state(x)});
    inner_.f(t, x, out);
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

  bool has_polyhedron() const override { return poly_ != nullptr; }
  Polyhedron<double> polyhedron(double t) const override {
    if (!poly_) throw std::logic_error("RecordingView: the inner view has no polyhedron");
    calls_.push_back({ViewCall::polyhedron, false, -1, t, 0});
    return poly_->polyhedron(t);
  }
  bool f_integral(double t, double h, std::span<const double> x, std::span<double> out) const override {
    if (!poly_) return false;
    calls_.push_back({ViewCall::f_integral, false, -1, t, h});
    return poly_->f_integral(t, h, x, out);
  }

 private:
  const plugin::ConstraintView& c() const { return inner_.constraints(); }
  int size() const override { return c().size(); }
  double value(int j, double t, std::span<const double> x) const override {
    calls_.push_back({ViewCall::value, false, j, t, 0});
    return c().value(j, t, x);
  }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    calls_.push_back({ViewCall::gradient, false, j, t, 0});
    c().gradient(j, t, x, g);
  }
  double distance(int j, double t, std::span<const double> x) const override {
    calls_.push_back({ViewCall::distance, false, j, t, 0});
    return c().distance(j, t, x);
  }
  bool project(int j, double t, std::span<double> x) const override {
    const bool moved = c().project(j, t, x);
    calls_.push_back({ViewCall::project, moved, j, t, 0});
    return moved;
  }

  int known_state(std::span<const double> x) const {
    if (!known_) return -2;
    for (std::size_t i = 0; i < known_->size(); ++i) {
      const Vec<double>& s = (*known_)[i];
      if (std::size_t(s.size()) == x.size() && std::equal(x.begin(), x.end(), s.data())) return int(i);
    }
    return -1;
  }

  const plugin::ProblemView& inner_;
  const PolyhedralView* poly_;
  const std::vector<Vec<double>>* known_ = nullptr;
  mutable std::vector<ViewCall> calls_;
};

}  // namespace sweepcheck
