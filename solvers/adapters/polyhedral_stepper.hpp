#pragma once
// The catching-up schemes of seed 002 (solvers/schemes/catching_up.hpp) as a
// plugin::Stepper, like TemplateStepper (solvers/adapters/template_stepper.hpp) for
// the other in-tree schemes, but on views that are polyhedra
// (solvers/adapters/polyhedral_view.hpp). Such a stepper runs only on some views: it
// says so through ViewRequirement, and the audit runs it on the problems
// whose views meet it and lists every other problem with the reason
// (studies/audit/audit.md, "Schemes that need a polyhedron").
#include <span>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/schemes/catching_up.hpp"

namespace sweepcheck {

// A stepper that runs only on views with some property.
class ViewRequirement {
 public:
  virtual ~ViewRequirement() = default;
  // What the scheme needs, as a sentence ("catching-up needs S(t) as a polyhedron ...").
  virtual std::string requirement() const = 0;
  virtual bool runs_on(const plugin::ProblemView& view) const = 0;
};

// The PolyhedralProblem concept over a polyhedral view, for one step.
class PolyhedralViewProblem {
 public:
  using Scalar = double;
  PolyhedralViewProblem(const plugin::ProblemView& v, const PolyhedralView& poly) : vp_(v), poly_(poly) {}

  int dim() const { return vp_.dim(); }
  Vec<double> f(double t, const Vec<double>& x) const { return vp_.f(t, x); }
  const ViewConstraintSet& constraints() const { return vp_.constraints(); }
  Vec<double> x0() const { return vp_.x0(); }
  double t0() const { return vp_.t0(); }
  double t_end() const { return vp_.t_end(); }
  std::string name() const { return "polyhedral view"; }
  Polyhedron<double> polyhedron(double t) const { return poly_.polyhedron(t); }
  // ∫_t^{t+h} f(s, x) ds from the view when it knows it, else the left
  // rectangle (what CatchingUp does for a problem without f_integral).
  Vec<double> f_integral(double t, double h, const Vec<double>& x) const {
    Vec<double> out(x.size());
    if (poly_.f_integral(t, h, std::span<const double>(x.data(), static_cast<std::size_t>(x.size())),
                         std::span<double>(out.data(), static_cast<std::size_t>(out.size()))))
      return out;
    return h * f(t, x);
  }

 private:
  ViewProblem vp_;
  const PolyhedralView& poly_;
};
static_assert(PolyhedralProblem<PolyhedralViewProblem>);

template <class S>
class PolyhedralStepper final : public SchemeStepper<S>, public ViewRequirement {
 public:
  using SchemeStepper<S>::SchemeStepper;

  std::string requirement() const override {
    return this->label() + " needs S(t) as a polyhedron {z : M z + b(t) >= 0} (seed 002, Section 3)";
  }
  bool runs_on(const plugin::ProblemView& view) const override { return as_polyhedral(view) != nullptr; }

  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    const PolyhedralView* poly = as_polyhedral(p);
    // The audit never gives such a view (it checks runs_on first): a harness bug.
    if (!poly) throw std::logic_error(requirement() + "; this view has none");
    return this->step_on(PolyhedralViewProblem(p, *poly), t, x, h, p.dim(), out, work);
  }
};

}  // namespace sweepcheck
