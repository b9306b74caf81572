#include "studies/scheme_factory.hpp"

#include <stdexcept>
#include <type_traits>

#include "solvers/template_stepper.hpp"

namespace sweepcheck {

namespace {

// Schemes whose step needs more of the problem than a view offers (here: an
// exact projection onto the whole intersection S). If a newly catalogued
// scheme does not compile over ViewProblem, list its type here.
template <class S>
constexpr bool runs_on_views = !std::is_same_v<S, MoreauEuler<double>>;

}  // namespace

SchemeFactory catalog_scheme_factory(const SchemeSpec& spec) {
  const SchemeInfo& info = scheme_info(spec.name);
  const std::string label = spec.label();
  const double order = info.claimed_order;
  return with_scheme<double>(spec, [&](const auto& scheme) -> SchemeFactory {
    using S = std::decay_t<decltype(scheme)>;
    if constexpr (runs_on_views<S>) {
      return [scheme, label, order] { return std::make_shared<TemplateStepper<S>>(scheme, label, order); };
    } else {
      throw std::invalid_argument("scheme '" + spec.name +
                                  "' needs an exact projection onto the whole set and cannot be audited on a generic "
                                  "problem view");
    }
  });
}

}  // namespace sweepcheck
