#pragma once
// Schemes by name, for the command line and the studies. A spec is
// "name[:key=value[:key=value...]]", e.g. "pngs:reltol=1e-8". with_scheme
// builds the concrete stepper and hands it to a generic callable, so the
// step loop itself is compiled per scheme type (no virtual call inside it).
#include <map>
#include <string>
#include <vector>

#include "solvers/catching_up.hpp"
#include "solvers/moreau_euler.hpp"
#include "solvers/pbd.hpp"
#include "solvers/penalty.hpp"
#include "solvers/pgs.hpp"
#include "solvers/reference_projector.hpp"
#include "solvers/pngs.hpp"
#include "solvers/venel.hpp"

namespace sweepcheck {

struct SchemeParameter {
  std::string name;
  double default_value;
  std::string meaning;
};

struct SchemeInfo {
  std::string name;
  double claimed_order;  // NaN: none claimed
  std::string description;
  std::vector<SchemeParameter> parameters;
  // True when the claim is a proven bound error <= C h^p that is not meant
  // as the expected order (seed 001: Venel's h^{1/2}; Venel fits order 1.01
  // on the sliding case): fit_order then judges "at least p", not "p".
  bool claim_is_lower_bound = false;
};

const std::vector<SchemeInfo>& scheme_catalog();
const SchemeInfo& scheme_info(const std::string& name);  // throws std::invalid_argument for unknown names

struct SchemeSpec {
  std::string name;
  std::map<std::string, double> parameters;  // only the ones given explicitly

  // Parameter value, or the catalogue default.
  double get(const std::string& key) const;
  // "pngs" or "pngs:reltol=1e-08"
  std::string label() const;
};

// Parses and validates against the catalogue (unknown scheme or parameter,
// malformed number: std::invalid_argument naming the culprit).
SchemeSpec parse_scheme_spec(const std::string& text);
// Counts (max_sweeps, max_iterations: names starting with "max_") and
// choices (solver) are whole numbers in [0, INT_MAX]: "2.5" and "1e30" are
// rejected by parse_scheme_spec, never cut or wrapped when converted to int.
bool is_integer_parameter(const std::string& key);
std::vector<SchemeSpec> parse_scheme_list(const std::string& comma_separated);

// Which problems a scheme applies to: the catching-up schemes of
// solvers/catching_up.hpp need a polyhedral moving set (LCS problems), the
// others a ConstraintSet-like set with per-constraint projections. run_one
// checks this at compile time and throws std::invalid_argument for a
// mismatch instead of instantiating a step that cannot compile.
template <class S>
struct is_polyhedral_scheme : std::false_type {};
template <class T, class Pr>
struct is_polyhedral_scheme<CatchingUp<T, Pr>> : std::true_type {};
// Venel's scheme linearises the constraints: it needs a ConstraintSet or a
// set with linearise()/linearisation_drift() (the crowd's), not the disks'
// cell-list set.
template <class S>
struct is_venel_scheme : std::false_type {};
template <class T, class Qp>
struct is_venel_scheme<Venel<T, Qp>> : std::true_type {};
template <class P>
concept LinearisableProblem =
    std::is_same_v<std::decay_t<decltype(std::declval<const P&>().constraints())>, ConstraintSet<typename P::Scalar>> ||
    requires(const P& p, const typename P::Scalar& t, const Vec<typename P::Scalar>& x,
             SparseRows<typename P::Scalar>& r, Work& w) {
      p.constraints().linearise(t, x, t, r, w);
      p.constraints().linearisation_drift(x, x);
    };
template <class S, class P>
concept SchemeAppliesTo = (is_polyhedral_scheme<S>::value == PolyhedralProblem<P>) &&
                          (!is_venel_scheme<S>::value || LinearisableProblem<P>);

// Venel's scheme with the QP solver chosen by the spec's `solver` number
// (0: exact MPRGP, 1: Uzawa, 2: exact Hildreth; the exact ones stop with a
// KKT certificate, see solvers/qp_*.hpp).
template <class T, class F>
decltype(auto) with_venel(const SchemeSpec& spec, F&& f) {
  const double which = spec.get("solver");
  const double cap = spec.get("max_iterations");
  if (!(cap >= 1)) throw std::invalid_argument("venel: max_iterations must be >= 1");
  if (!(spec.get("tol") >= 0)) throw std::invalid_argument("venel: tol must be >= 0");
  if (which == 0) {
    typename MprgpQp<T>::Options o;
    o.tolerance = spec.get("tol");
    o.max_iterations = static_cast<std::int64_t>(cap);
    return f(Venel<T, MprgpQp<T>>(MprgpQp<T>(o), {}));
  }
  if (which == 2) {
    typename HildrethQp<T>::Options o;
    o.tolerance = spec.get("tol");
    o.max_sweeps = static_cast<std::int64_t>(cap);
    return f(Venel<T, HildrethQp<T>>(HildrethQp<T>(o), {}));
  }
  if (which == 1) {
    typename UzawaQp<T>::Options o;
    o.tolerance = spec.get("tol");
    o.max_iterations = static_cast<std::int64_t>(cap);
    return f(Venel<T, UzawaQp<T>>(UzawaQp<T>(o), {}));
  }
  throw std::invalid_argument("venel: solver must be 0 (exact MPRGP), 1 (uzawa) or 2 (exact Hildreth), got " + std::to_string(which));
}

// The options PNGS and PGS share: the tolerances of stopping rule (38) and
// the cap on sweeps per step.
template <class Options>
Options sweep_stopping_options(const SchemeSpec& spec) {
  using T = decltype(Options{}.abstol);
  Options o;
  o.abstol = T(spec.get("abstol"));
  o.reltol = T(spec.get("reltol"));
  o.max_sweeps = static_cast<int>(spec.get("max_sweeps"));
  return o;
}

template <class T, class F>
decltype(auto) with_scheme(const SchemeSpec& spec, F&& f) {
  if (spec.name == "pbd") return f(Pbd<T>{});
  if (spec.name == "pngs") return f(Pngs<T>(sweep_stopping_options<typename Pngs<T>::Options>(spec)));
  if (spec.name == "pgs") return f(Pgs<T>(sweep_stopping_options<typename Pgs<T>::Options>(spec)));
  if (spec.name == "penalty") return f(Penalty<T>(typename Penalty<T>::Options{T(spec.get("gamma"))}));
  // The exact projection onto the intersection comes from the reference projector.
  if (spec.name == "moreau-euler") return f(MoreauEuler<T, ReferenceProjector<T>>{});
  if (spec.name == "catching-up") return f(ExactCatchingUp<T>{});
  if (spec.name == "inexact-catching-up") {
    InexactSchedule o;
    o.eps_coef = spec.get("eps_coef");
    o.eps_power = spec.get("eps_power");
    o.eta_coef = spec.get("eta_coef");
    o.eta_power = spec.get("eta_power");
    o.max_iterations = static_cast<long>(spec.get("max_iterations"));
    o.validate();
    return f(InexactCatchingUp<T>{DualGradientProjector<T>{o}});
  }
  if (spec.name == "venel") return with_venel<T>(spec, std::forward<F>(f));
  (void)scheme_info(spec.name);  // throws for unknown names
  throw std::logic_error("with_scheme: scheme '" + spec.name + "' is catalogued but not dispatched");
}

}  // namespace sweepcheck
