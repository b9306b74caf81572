#pragma once
// A host-side extension of the plugin view for sets that are polyhedra,
// S(t) = { z : M z + b(t) ≥ 0 }. It is NOT part of the plugin ABI
// (solvers/plugin/plugin_api.hpp, kAbiVersion unchanged): a plugin sees the same
// ProblemView as before; only the host's polyhedral schemes (the catching-up
// schemes of seed 002, solvers/schemes/catching_up.hpp, wrapped by
// solvers/adapters/polyhedral_stepper.hpp) look for it.
//
// Why an extension: a ProblemView shows constraints one at a time and cannot
// show that they are affine, so the catching-up schemes, which project onto
// the whole polyhedron by a small QP, cannot be built on it. A view whose set
// is a polyhedron also derives from PolyhedralView and hands out (M, b(t))
// itself. Its per-constraint view must agree with the polyhedron (each
// constraint the signed distance to one half-space; tested for every view
// that implements this: studies/audit/problems/audit_lcs_test.cpp).
#include <algorithm>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"
#include "sweepcheck/solvers/sets/polyhedron.hpp"

namespace sweepcheck {

class PolyhedralView {
 public:
  virtual ~PolyhedralView() = default;
  // False when this object only decorates a view (solvers/adapters/counting_view.hpp)
  // whose set is not a polyhedron.
  virtual bool has_polyhedron() const { return true; }
  virtual Polyhedron<double> polyhedron(double t) const = 0;
  // out ← ∫_t^{t+h} f(s, x) ds when the view knows it in closed form (the LCS
  // inputs u(t), analytic/lcs.hpp); false: not known, and a catching-up step
  // uses the left rectangle h f(t, x) (solvers/schemes/catching_up.md, Section 4).
  virtual bool f_integral(double /*t*/, double /*h*/, std::span<const double> /*x*/, std::span<double> /*out*/) const {
    return false;
  }
};

// The view's polyhedron, or null when it has none.
inline const PolyhedralView* as_polyhedral(const plugin::ProblemView& v) {
  const auto* p = dynamic_cast<const PolyhedralView*>(&v);
  return p && p->has_polyhedron() ? p : nullptr;
}

// A PolyhedralProblem<double> (analytic/lcs.hpp's LcsSweeping) as a view: the
// constraints are the polyhedron's rows normalised to unit gradients,
// g_j(t, z) = (M_j z + b_j(t)) / |M_j|, so value() is the signed distance to
// the j-th half-space and project() its exact projection.
template <class P>
class PolyhedralViewOf final : public plugin::ProblemView, public PolyhedralView, private plugin::ConstraintView {
 public:
  explicit PolyhedralViewOf(P p) : p_(std::move(p)) {
    const Polyhedron<double> s = p_.polyhedron(p_.t0());
    s.validate();  // no zero row: every g_j has a unit gradient
    if (s.dim() != p_.dim()) throw std::invalid_argument("PolyhedralViewOf: the polyhedron's dimension is not dim()");
    m_ = s.rows();
  }
  const P& problem() const { return p_; }

  int dim() const override { return p_.dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    Eigen::Map<Vec<double>>(out.data(), dim()) = p_.f(t, copy(x));
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

  Polyhedron<double> polyhedron(double t) const override { return p_.polyhedron(t); }
  bool f_integral(double t, double h, std::span<const double> x, std::span<double> out) const override {
    if constexpr (requires { p_.f_integral(t, h, Vec<double>{}); }) {
      Eigen::Map<Vec<double>>(out.data(), dim()) = p_.f_integral(t, h, copy(x));
      return true;
    } else {
      return false;
    }
  }

 private:
  Vec<double> copy(std::span<const double> x) const { return Eigen::Map<const Vec<double>>(x.data(), dim()); }
  struct Row {
    Vec<double> normal;  // M_j / |M_j|
    double value;        // g_j(t, z)
  };
  Row row(int j, double t, std::span<const double> x) const {
    const Polyhedron<double> s = p_.polyhedron(t);
    const double norm = s.M.row(j).norm();
    return {s.M.row(j).transpose() / norm, (s.M.row(j).dot(copy(x)) + s.b[j]) / norm};
  }

  int size() const override { return m_; }
  double value(int j, double t, std::span<const double> x) const override { return row(j, t, x).value; }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    Eigen::Map<Vec<double>>(g.data(), dim()) = row(j, t, x).normal;
  }
  double distance(int j, double t, std::span<const double> x) const override {
    return std::max(0.0, -row(j, t, x).value);
  }
  bool project(int j, double t, std::span<double> x) const override {
    const Row r = row(j, t, x);
    if (!(r.value < 0)) return false;
    Eigen::Map<Vec<double>>(x.data(), dim()) -= r.value * r.normal;
    return true;
  }

  P p_;
  int m_ = 0;
};

// An existing view whose constraints are half-spaces, with its polyhedron
// added (the moving walls of analytic/moving_sets.hpp): every ProblemView
// call goes to the inner view unchanged, so schemes that use the constraints
// see the same numbers as through the inner view.
class WithPolyhedron final : public plugin::ProblemView, public PolyhedralView {
 public:
  WithPolyhedron(std::shared_ptr<const plugin::ProblemView> inner, std::function<Polyhedron<double>(double)> polyhedron)
      : inner_(std::move(inner)), polyhedron_(std::move(polyhedron)) {
    if (!inner_ || !polyhedron_) throw std::invalid_argument("WithPolyhedron: needs a view and a polyhedron");
  }
  int dim() const override { return inner_->dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override { inner_->f(t, x, out); }
  const plugin::ConstraintView& constraints() const override { return inner_->constraints(); }
  Polyhedron<double> polyhedron(double t) const override { return polyhedron_(t); }

 private:
  std::shared_ptr<const plugin::ProblemView> inner_;
  std::function<Polyhedron<double>(double)> polyhedron_;
};

}  // namespace sweepcheck
