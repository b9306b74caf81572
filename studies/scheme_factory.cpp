#include "studies/scheme_factory.hpp"

#include <stdexcept>
#include <type_traits>

#include "solvers/template_stepper.hpp"

namespace sweepcheck {

namespace {

// Schemes that need nothing but the plugin interface's per-constraint
// value/gradient/projection: these can be audited through a problem view.
// PGS and the penalty method look at every constraint of the view
// (solvers/template_stepper.hpp, constraints_near). The others need the
// concrete set type: Moreau–Euler the exact projection onto the intersection,
// which the reference projector computes from the constraints' second
// derivatives (a view gives values, gradients and single projections only);
// Venel a linearisable ConstraintSet; catching-up a polyhedral LCS set.
template <class S>
constexpr bool runs_on_views = std::is_same_v<S, Pbd<double>> || std::is_same_v<S, Pngs<double>> ||
                               std::is_same_v<S, Pgs<double>> || std::is_same_v<S, Penalty<double>>;

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
                                  "problem view (audit by name supports pbd, pngs, pgs and penalty; wrap other schemes as plugins)");
    }
  });
}

}  // namespace sweepcheck
