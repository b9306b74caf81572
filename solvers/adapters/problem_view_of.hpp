#pragma once
// A templated double-precision problem (the Problem concept, with a
// ConstraintSet<double>) seen through the plugin interface of
// solvers/plugin/plugin_api.hpp. Stateless, so one view may serve several threads;
// counting calls is CountingView's job (solvers/adapters/counting_view.hpp).

#include <memory>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

template <Problem P>
  requires std::same_as<typename P::Scalar, double>
class ProblemViewOf final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  // Keeps a reference: p must outlive the view (make_problem_view owns it).
  explicit ProblemViewOf(const P& p) : p_(p) {}

  int dim() const override { return p_.dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    Eigen::Map<Vec<double>>(out.data(), dim()) = p_.f(t, Eigen::Map<const Vec<double>>(x.data(), dim()));
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  const auto& set() const { return p_.constraints(); }
  // x as a Vec<double>, in a buffer of this thread that keeps its size: these
  // calls (every constraint, at every step of every run) allocated and freed
  // a vector each, a tenth of an audit's time in malloc and free (issue 58,
  // perf on `audit --scheme pbd`). One buffer per Slot, so no call overwrites
  // a point its caller still reads; the values are the same.
  enum class Slot { point, moved, gradient };
  template <Slot S>
  Vec<double>& held(std::span<const double> x) const {
    thread_local Vec<double> v;
    v = Eigen::Map<const Vec<double>>(x.data(), dim());
    return v;
  }

  int size() const override { return set().size(); }
  double value(int j, double t, std::span<const double> x) const override {
    return sweepcheck::value(set()[j], t, held<Slot::point>(x));
  }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    thread_local Vec<double> gv;
    gv.resize(dim());
    sweepcheck::gradient(set()[j], t, held<Slot::gradient>(x), gv);
    Eigen::Map<Vec<double>>(g.data(), dim()) = gv;
  }
  double distance(int j, double t, std::span<const double> x) const override {
    return sweepcheck::distance(set()[j], t, held<Slot::point>(x));
  }
  bool project(int j, double t, std::span<double> x) const override {
    Vec<double>& v = held<Slot::moved>(x);
    const bool moved = sweepcheck::project(set()[j], t, v);
    if (moved) {
      Eigen::Map<Vec<double>>(x.data(), dim()) = v;
    }
    return moved;
  }

  const P& p_;
};

// A view that owns its problem.
template <Problem P>
std::shared_ptr<const plugin::ProblemView> make_problem_view(P problem) {
  struct Owner {
    P p;
    ProblemViewOf<P> view;
    explicit Owner(P q) : p(std::move(q)), view(p) {}
  };
  auto owner = std::make_shared<const Owner>(std::move(problem));
  return std::shared_ptr<const plugin::ProblemView>(owner, &owner->view);
}

}  // namespace sweepcheck
