#include "studies/scheme_factory.hpp"

#include <stdexcept>
#include <type_traits>

#include "solvers/template_stepper.hpp"

namespace sweepcheck {

namespace {

// Schemes that need nothing but the plugin interface's per-constraint
// value/gradient/projection: these can be audited through a problem view.
// The others need the concrete set type (PGS and the penalty method its
// neighbour structure, Moreau–Euler the reference projector's ConstraintSet,
// Venel a linearisable set, catching-up a polyhedral LCS set).
template <class S>
constexpr bool runs_on_views = std::is_same_v<S, Pbd<double>> || std::is_same_v<S, Pngs<double>>;

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
                                  "' needs its problems' concrete set types and cannot be audited through the generic "
                                  "problem view (audit by name supports pbd and pngs; wrap other schemes as plugins)");
    }
  });
}

}  // namespace sweepcheck
