#pragma once
// What a scheme says of itself, on its own type (Boost.Odeint's order_value
// and stepper_category are the model). Every in-tree stepper S<T> has
//
//   static std::string name();                 // "pbd": the name on the command line
//   static double claimed_order();             // NaN: none claimed
//   static constexpr bool claim_is_sharp;  // true: the claim is the exact order ("order = p", failed when
//                                          // exceeded); false: an upper bound on the error, "order >= p", as a
//                                          // convergence theorem states it (studies/engine/fit_order.md)
//   static std::string description();          // one line for `sweepcheck list`
//   static std::vector<SchemeParameter> parameters();  // its spec keys and their defaults
//   template <class Get, class F>
//   static decltype(auto) with_parameters(const Get& get, F&& f);  // f(the stepper built from get("key"))
//   using scheme_category = ...;               // what it needs of S(t), below
//
// and studies/runs/scheme_list.hpp lists the types once; the catalogue, the name
// dispatch, the study runners and the audit by name all walk that list.
#include <concepts>
#include <string>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/qp/sparse_rows.hpp"
#include "sweepcheck/solvers/sets/local_constraints.hpp"
#include "sweepcheck/solvers/sets/polyhedron.hpp"

namespace sweepcheck {

// One key of a scheme spec ("pngs:reltol=1e-8"), its default and meaning.
struct SchemeParameter {
  std::string name;
  double default_value;
  std::string meaning;
};

// A problem whose set is a polyhedron given as such (the LCS problems of
// analytic/lcs.hpp): what the catching-up schemes of seed 002 project onto.
template <class P>
concept PolyhedralProblem = Problem<P> && requires(const P& p, const typename P::Scalar& t) {
  { p.polyhedron(t) } -> std::convertible_to<Polyhedron<typename P::Scalar>>;
};

// A set Venel's scheme can linearise (solvers/schemes/venel.hpp): one with
// linearise()/linearisation_drift() (the crowd's, near-active rows only),
// or one linearise_all() takes whole (ConstraintSet; a plugin view,
// solvers/adapters/template_stepper.hpp), found by argument-dependent lookup.
template <class P>
concept LinearisableProblem =
    Problem<P> && (requires(const P& p, const typename P::Scalar& t, const Vec<typename P::Scalar>& x,
                            SparseRows<typename P::Scalar>& r, Work& w) {
                    p.constraints().linearise(t, x, t, r, w);
                    p.constraints().linearisation_drift(x, x);
                  } || requires(const P& p, const typename P::Scalar& t, const Vec<typename P::Scalar>& x,
                                SparseRows<typename P::Scalar>& r, Work& w) {
                    linearise_all(p.constraints(), t, x, r, w);
                  });

// ---- Categories: what a scheme needs of the problem's set. ----------------
// Each category admits exactly the problems whose sets offer the operations
// the scheme's step calls, so a dispatch can refuse a mismatch with a reason
// instead of instantiating a step that cannot compile.

// One sweep of per-constraint projections per call: constraints().sweep(t, x, work) (PBD, PNGS).
struct sweep_scheme_tag {};
// The constraints near a point, one by one (value, gradient): a
// ConstraintSet, or a set with local_constraints() (PGS, penalty).
struct local_constraints_scheme_tag {};
// The exact projection onto the whole set S(t), by Projector (Moreau–Euler).
template <class Projector>
struct projection_scheme_tag {};
// The constraints linearised at the current point (Venel).
struct linearising_scheme_tag {};
// S(t) as a polyhedron (the catching-up schemes of seed 002).
struct polyhedral_scheme_tag {};

template <class Tag, class P>
struct category_admits : std::false_type {};

template <class P>
  requires requires(const P& p, const typename P::Scalar& t, Vec<typename P::Scalar>& x, Work& w) {
    p.constraints().sweep(t, x, w);
  }
struct category_admits<sweep_scheme_tag, P> : std::true_type {};

template <class P>
  requires requires(const P& p, const typename P::Scalar& t, const Vec<typename P::Scalar>& y) {
    constraints_near(p.constraints(), t, y, t);  // solvers/sets/local_constraints.hpp, or the set's own (ADL)
    candidate_reach(p.constraints());
  }
struct category_admits<local_constraints_scheme_tag, P> : std::true_type {};

template <class Projector, class P>
  requires requires(const Projector& pr, const P& p, const typename P::Scalar& t, Vec<typename P::Scalar>& y, Work& w) {
    { pr(p.constraints(), t, y, w) } -> std::convertible_to<StepStatus>;
  }
struct category_admits<projection_scheme_tag<Projector>, P> : std::true_type {};

template <LinearisableProblem P>
struct category_admits<linearising_scheme_tag, P> : std::true_type {};

template <PolyhedralProblem P>
struct category_admits<polyhedral_scheme_tag, P> : std::true_type {};

// Whether scheme S can run on problem P, from S's own category.
template <class S, class P>
concept SchemeAppliesTo = Problem<P> && category_admits<typename S::scheme_category, P>::value;

// What a category needs, for the message that refuses a mismatch.
inline std::string category_needs(sweep_scheme_tag) {
  return "a set that sweeps its per-constraint projections (constraints().sweep)";
}
inline std::string category_needs(local_constraints_scheme_tag) {
  return "the constraints near a point one by one (constraints_near: a ConstraintSet, or a set with "
         "local_constraints)";
}
template <class Projector>
std::string category_needs(projection_scheme_tag<Projector>) {
  return "an exact projection onto the whole set S(t) (a ConstraintSet, or a set with local_constraints)";
}
inline std::string category_needs(linearising_scheme_tag) {
  return "a set it can linearise (linearise_all: a ConstraintSet or a plugin view; or a set with linearise and "
         "linearisation_drift)";
}
inline std::string category_needs(polyhedral_scheme_tag) {
  return "S(t) as a polyhedron (polyhedron(t), the LCS problems of analytic/lcs.hpp)";
}

template <class S>
std::string scheme_needs() {
  return category_needs(typename S::scheme_category{});
}

// The keys PNGS and PGS share: the tolerances of stopping rule (38) of seed
// 000 and the cap on sweeps per step.
inline std::vector<SchemeParameter> sweep_stopping_parameters() {
  return {{"abstol", 1e-12, "absolute tolerance of (38)"},
          {"reltol", 1e-10, "relative tolerance of (38)"},
          {"max_sweeps", 10000, "cap on sweeps per step; reaching it is reported"}};
}
template <class Options, class Get>
Options sweep_stopping_options(const Get& get) {
  using T = decltype(Options{}.abstol);
  Options o;
  o.abstol = T(get("abstol"));
  o.reltol = T(get("reltol"));
  o.max_sweeps = static_cast<int>(get("max_sweeps"));
  return o;
}

// Builds S from get(key) when S has parameters, S{} otherwise.
template <class S, class Get, class F>
decltype(auto) build_scheme(const Get& get, F&& f) {
  if constexpr (requires { S::with_parameters(get, std::forward<F>(f)); })
    return S::with_parameters(get, std::forward<F>(f));
  else
    return std::forward<F>(f)(S{});
}

}  // namespace sweepcheck
