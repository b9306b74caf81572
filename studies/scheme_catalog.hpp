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
template <class S, class P>
concept SchemeAppliesTo = (is_polyhedral_scheme<S>::value == PolyhedralProblem<P>);

template <class T, class F>
decltype(auto) with_scheme(const SchemeSpec& spec, F&& f) {
  if (spec.name == "pbd") return f(Pbd<T>{});
  if (spec.name == "pngs") {
    typename Pngs<T>::Options o;
    o.abstol = T(spec.get("abstol"));
    o.reltol = T(spec.get("reltol"));
    o.max_sweeps = static_cast<int>(spec.get("max_sweeps"));
    return f(Pngs<T>(o));
  }
  if (spec.name == "pgs") {
    typename Pgs<T>::Options o;
    o.abstol = T(spec.get("abstol"));
    o.reltol = T(spec.get("reltol"));
    o.max_sweeps = static_cast<int>(spec.get("max_sweeps"));
    return f(Pgs<T>(o));
  }
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
  (void)scheme_info(spec.name);  // throws for unknown names
  throw std::logic_error("with_scheme: scheme '" + spec.name + "' is catalogued but not dispatched");
}

}  // namespace sweepcheck
