#pragma once
// In-tree schemes keep their templates (no virtual call in their loops); to be
// audited like a plugin they are wrapped here: ViewProblem turns a
// plugin::ProblemView back into something satisfying the Problem concept
// (its constraint set has the members schemes use: dim, size, sweep,
// max_violation), and TemplateStepper<S> is a plugin::Stepper calling S::step
// on it. The audit then treats in-tree and plugin schemes through the same
// code path.
#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"
#include "sweepcheck/solvers/qp/sparse_rows.hpp"

namespace sweepcheck {

// One constraint of a view, with the free functions value / distance /
// gradient / project that schemes call on ConstraintSet elements (found by ADL).
struct ViewConstraint {
  const plugin::ConstraintView* set;
  int j;
};
inline std::span<const double> as_span(const Vec<double>& x) {
  return {x.data(), static_cast<std::size_t>(x.size())};
}
inline std::span<double> as_span(Vec<double>& x) { return {x.data(), static_cast<std::size_t>(x.size())}; }
inline double value(const ViewConstraint& c, double t, const Vec<double>& x) { return c.set->value(c.j, t, as_span(x)); }
inline double distance(const ViewConstraint& c, double t, const Vec<double>& x) {
  return c.set->distance(c.j, t, as_span(x));
}
inline void gradient(const ViewConstraint& c, double t, const Vec<double>& x, Vec<double>& g) {
  g.resize(x.size());
  c.set->gradient(c.j, t, as_span(x), std::span<double>(g.data(), static_cast<std::size_t>(g.size())));
}
inline bool project(const ViewConstraint& c, double t, Vec<double>& x) {
  return c.set->project(c.j, t, std::span<double>(x.data(), static_cast<std::size_t>(x.size())));
}

class ViewConstraintSet {
 public:
  using Scalar = double;
  explicit ViewConstraintSet(const plugin::ProblemView& p) : p_(p) {}

  int dim() const { return p_.dim(); }
  int size() const { return p_.constraints().size(); }
  ViewConstraint operator[](int j) const { return {&p_.constraints(), j}; }

  // Indices j with |g_j(t, x)| <= tol (as ConstraintSet::active).
  std::vector<int> active(double t, const Vec<double>& x, double tol) const {
    std::vector<int> out;
    const int m = size();
    for (int j = 0; j < m; ++j)
      if (std::abs(value((*this)[j], t, x)) <= tol) out.push_back(j);
    return out;
  }

  // One Gauss–Seidel sweep in insertion order (seed 000, (4)); the same
  // semantics as ConstraintSet::sweep.
  // The size is asked once (a virtual call through every wrapping view: 3% of
  // `audit --scheme moreau-euler` when asked at every j; issue 58).
  void sweep(double t, Vec<double>& x, Work& work) const {
    const auto& c = p_.constraints();
    const int m = c.size();
    for (int j = 0; j < m; ++j) {
      ++work.constraint_evaluations;
      if (c.project(j, t, std::span<double>(x.data(), static_cast<std::size_t>(x.size())))) ++work.projections;
    }
    ++work.sweeps;
  }

  double max_violation(double t, const Vec<double>& x) const {
    const auto& c = p_.constraints();
    double v = 0;
    const int m = c.size();
    for (int j = 0; j < m; ++j)
      v = std::max(v, c.distance(j, t, std::span<const double>(x.data(), static_cast<std::size_t>(x.size()))));
    return v;
  }

 private:
  const plugin::ProblemView& p_;
};

// A view has no neighbour structure: schemes that ask for the constraints
// near a point (PGS, the penalty method; solvers/sets/local_constraints.hpp) look
// at every constraint of the view, in its order. Only constraints with
// g_j <= 0 act in those schemes, so this changes their work, not their result.
inline double candidate_reach(const ViewConstraintSet& /*s*/) { return 0.0; }
inline const ViewConstraintSet& constraints_near(const ViewConstraintSet& s, double /*t*/, const Vec<double>& /*y*/,
                                                 double /*reach*/) {
  return s;
}

// The entries of g with g_c != 0 (a NaN included), in order. A view's gradient
// is dense, and a pair's on the disks has 4 nonzeros of 80: the entries are
// looked at in blocks of 8, one test per block on the OR of their bits with
// the sign masked (zero exactly when every entry is ±0), then one by one in a
// block that has one. The same entries as the plain loop (so the same rows,
// bit for bit), in a third of the plain loop's time on the disks' 780
// gradients; linearise_all's share of `audit --scheme venel` fell from 27% to
// 19% of the profile's samples, the plain loop's branch being most of it
// (issue 58).
inline void nonzero_entries(const Vec<double>& g, std::vector<std::pair<int, double>>& entries) {
  entries.clear();
  const Eigen::Index n = g.size();
  constexpr Eigen::Index block = 8;
  constexpr std::uint64_t magnitude = ~(std::uint64_t{1} << 63);
  Eigen::Index c = 0;
  for (; c + block <= n; c += block) {
    std::uint64_t any = 0;
    for (Eigen::Index k = 0; k < block; ++k) any |= std::bit_cast<std::uint64_t>(g[c + k]) & magnitude;
    if (any == 0) continue;
    for (Eigen::Index k = c; k < c + block; ++k)
      if (g[k] != 0.0) entries.emplace_back(static_cast<int>(k), g[k]);
  }
  for (; c < n; ++c)
    if (g[c] != 0.0) entries.emplace_back(static_cast<int>(c), g[c]);
}

// Venel's linearised set Q̃(t, q) (seed 001, (11)) of a view: every constraint,
// linearised with its gradient, exactly as linearise_all does for a
// ConstraintSet (solvers/schemes/venel.hpp). Venel::step finds it by ADL (the
// LinearisableProblem concept, solvers/schemes/scheme_traits.hpp), so it lives
// beside ViewConstraintSet: whoever can name a view can linearise it, and
// `sweepcheck audit --scheme venel` runs through the same view as every
// plugin. A view has no neighbour list: every constraint becomes a row (the
// disks: all 780 pairs).
inline void linearise_all(const ViewConstraintSet& set, const double& t, const Vec<double>& q, SparseRows<double>& rows,
                          Work& work) {
  rows.clear(static_cast<int>(q.size()));
  Vec<double> g;
  std::vector<std::pair<int, double>> entries;
  const int m = set.size();
  for (int j = 0; j < m; ++j) {
    ++work.constraint_evaluations;
    const double v = value(set[j], t, q);
    gradient(set[j], t, q, g);
    nonzero_entries(g, entries);
    // g_j + <∇g_j, y − q> >= 0  <=>  <∇g_j, y> >= <∇g_j, q> − g_j
    rows.add_row(entries, g.dot(q) - v);
  }
}

// The Problem concept over a view, for one step (x0, t0, t_end are not part of
// a view and are never asked for by a scheme's step).
class ViewProblem {
 public:
  using Scalar = double;
  explicit ViewProblem(const plugin::ProblemView& p) : p_(p), set_(p) {}

  int dim() const { return p_.dim(); }
  Vec<double> f(double t, const Vec<double>& x) const {
    Vec<double> out(x.size());
    p_.f(t, std::span<const double>(x.data(), static_cast<std::size_t>(x.size())),
         std::span<double>(out.data(), static_cast<std::size_t>(out.size())));
    return out;
  }
  const ViewConstraintSet& constraints() const { return set_; }
  Vec<double> x0() const { throw std::logic_error("ViewProblem: x0 is not part of a view"); }
  double t0() const { throw std::logic_error("ViewProblem: t0 is not part of a view"); }
  double t_end() const { throw std::logic_error("ViewProblem: t_end is not part of a view"); }
  std::string name() const { return "view"; }

 private:
  const plugin::ProblemView& p_;
  ViewConstraintSet set_;
};
static_assert(Problem<ViewProblem>);

// An in-tree scheme's inner-solver tolerance, seen by the audit's noise floor
// (a plugin does not declare one: its floor is round-off only, studies/audit/audit.md).
struct InnerTolerance {
  virtual ~InnerTolerance() = default;
  virtual double inner_tolerance(double scale) const = 0;
};

// What every adapter of a templated scheme S (S::step(problem, t, x, h,
// out, work)) to a plugin::Stepper shares: the scheme, its label and claimed
// order, and a step on a problem adapter over the view (the state copied in
// and out through vectors kept between steps). TemplateStepper below and
// PolyhedralStepper (solvers/adapters/polyhedral_stepper.hpp) differ only in the
// adapter they build.
template <class S>
class SchemeStepper : public plugin::Stepper {
 public:
  SchemeStepper(S scheme, std::string label, double claimed_order)
      : scheme_(std::move(scheme)), label_(std::move(label)), claimed_(claimed_order) {}

  std::string name() const override { return label_; }
  double claimed_order() const override { return claimed_; }

 protected:
  template <class ViewAdapter>
  StepStatus step_on(const ViewAdapter& vp, double t, std::span<const double> x, double h, int dim,
                     std::span<double> out, Work& work) {
    x_ = Eigen::Map<const Vec<double>>(x.data(), dim);
    const StepStatus s = scheme_.step(vp, t, x_, h, out_, work);
    Eigen::Map<Vec<double>>(out.data(), dim) = out_;
    return s;
  }
  const S& scheme() const { return scheme_; }
  const std::string& label() const { return label_; }

 private:
  S scheme_;
  std::string label_;
  double claimed_;
  Vec<double> x_, out_;
};

// A templated scheme on any view (through ViewProblem).
template <class S>
class TemplateStepper final : public SchemeStepper<S>, public InnerTolerance {
 public:
  using SchemeStepper<S>::SchemeStepper;

  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    return this->step_on(ViewProblem(p), t, x, h, p.dim(), out, work);
  }
  // The scheme's inner-solver tolerance at state scale `scale` (0 for direct schemes).
  double inner_tolerance(double scale) const override {
    if constexpr (requires { this->scheme().inner_tolerance(scale); }) return this->scheme().inner_tolerance(scale);
    else return 0;
  }
};

}  // namespace sweepcheck
