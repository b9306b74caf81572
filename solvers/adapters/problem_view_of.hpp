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
  Vec<double> copy(std::span<const double> x) const { return Eigen::Map<const Vec<double>>(x.data(), dim()); }

  int size() const override { return set().size(); }
  double value(int j, double t, std::span<const double> x) const override {
    return sweepcheck::value(set()[j], t, copy(x));
  }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    Vec<double> gv(dim());
    sweepcheck::gradient(set()[j], t, copy(x), gv);
    Eigen::Map<Vec<double>>(g.data(), dim()) = gv;
  }
  double distance(int j, double t, std::span<const double> x) const override {
    return sweepcheck::distance(set()[j], t, copy(x));
  }
  bool project(int j, double t, std::span<double> x) const override {
    Vec<double> v = copy(x);
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
