#pragma once
// Schemes by name, for the command line and the studies. A spec is
// "name[:key=value[:key=value...]]", e.g. "pngs:reltol=1e-8". with_scheme
// builds the concrete stepper and hands it to a generic callable, so the
// step loop itself is compiled per scheme type (no virtual call inside it).
#include <map>
#include <stdexcept>
#include <type_traits>
#include <string>
#include <vector>

#include "studies/runs/scheme_list.hpp"

namespace sweepcheck {

struct SchemeInfo {
  std::string name;
  double claimed_order;  // NaN: none claimed
  std::string description;
  std::vector<SchemeParameter> parameters;
  // True when the claim is a proven bound error <= C h^p that is not meant
  // as the expected order (seed 001: Venel's h^{1/2}; Venel fits order 1.01
  // on the sliding case): fit_order then judges "at least p", not "p".
  bool claim_is_sharp = false;
  std::string needs;  // what the scheme needs of the problem's set (solvers/schemes/scheme_traits.hpp)
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
// "pbd,penalty:gamma=100": the labels, comma-separated ("" for none). The
// text of a list built as values (a default), for help and reports.
std::string scheme_list_label(const std::vector<SchemeSpec>& specs);

namespace detail {

template <class T, class F, template <class> class S0, template <class> class... Rest>
decltype(auto) dispatch_scheme(const SchemeSpec& spec, F& f) {
  if (spec.name == S0<T>::name()) return build_scheme<S0<T>>([&spec](const std::string& k) { return spec.get(k); }, f);
  if constexpr (sizeof...(Rest) > 0) {
    return dispatch_scheme<T, F, Rest...>(spec, f);
  } else {
    (void)scheme_info(spec.name);  // throws for unknown names
    throw std::logic_error("with_scheme: scheme '" + spec.name + "' is catalogued but not in InTreeSchemes");
  }
}
template <class T, class F, template <class> class... S>
decltype(auto) dispatch_scheme(SchemeList<S...>, const SchemeSpec& spec, F& f) {
  return dispatch_scheme<T, F, S...>(spec, f);
}

// The type f returns for the first scheme of the list that applies to P
// (only schemes that apply are ever handed to f).
template <class P, class F, template <class> class S0, template <class> class... Rest>
auto result_for() {
  using T = typename P::Scalar;
  if constexpr (SchemeAppliesTo<S0<T>, P>)
    return std::type_identity<std::invoke_result_t<F&, const S0<T>&>>{};
  else if constexpr (sizeof...(Rest) > 0)
    return result_for<P, F, Rest...>();
  else
    return std::type_identity<void>{};
}

template <class R, class P, class F, template <class> class S0, template <class> class... Rest>
R dispatch_scheme_for(const SchemeSpec& spec, const std::string& problem_name, F& f) {
  using T = typename P::Scalar;
  if (spec.name == S0<T>::name()) {
    if constexpr (SchemeAppliesTo<S0<T>, P>) {
      return build_scheme<S0<T>>([&spec](const std::string& k) { return spec.get(k); }, f);
    } else {
      throw std::invalid_argument("scheme '" + spec.name + "' cannot run on problem '" + problem_name +
                                  "': it needs " + scheme_needs<S0<T>>());
    }
  }
  if constexpr (sizeof...(Rest) > 0) {
    return dispatch_scheme_for<R, P, F, Rest...>(spec, problem_name, f);
  } else {
    (void)scheme_info(spec.name);  // throws for unknown names
    throw std::logic_error("with_scheme_for: scheme '" + spec.name + "' is catalogued but not in InTreeSchemes");
  }
}
template <class P, class F, template <class> class... S>
decltype(auto) dispatch_scheme_for(SchemeList<S...>, const SchemeSpec& spec, const std::string& problem_name, F& f) {
  using R = typename decltype(result_for<P, F, S...>())::type;
  return dispatch_scheme_for<R, P, F, S...>(spec, problem_name, f);
}

}  // namespace detail

// Builds the scheme `spec` names (scalar T) and returns f(scheme): the step
// loop inside f is compiled per scheme type (no virtual call inside it). f
// must accept every scheme of InTreeSchemes.
template <class T, class F>
decltype(auto) with_scheme(const SchemeSpec& spec, F&& f) {
  return detail::dispatch_scheme<T>(InTreeSchemes{}, spec, f);
}

// The same for a problem of type P: f is instantiated only for the schemes
// that can run on P (SchemeAppliesTo, from each scheme's own category), and
// a spec naming any other scheme is refused with std::invalid_argument
// saying what the scheme needs (bad input, not a compile error).
template <class P, class F>
decltype(auto) with_scheme_for(const SchemeSpec& spec, const std::string& problem_name, F&& f) {
  return detail::dispatch_scheme_for<P>(InTreeSchemes{}, spec, problem_name, f);
}

}  // namespace sweepcheck
