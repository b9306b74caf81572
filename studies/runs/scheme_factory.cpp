#include "studies/runs/scheme_factory.hpp"

#include <stdexcept>
#include <type_traits>

#include "sweepcheck/solvers/adapters/polyhedral_stepper.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/projection/view_projector.hpp"

namespace sweepcheck {

namespace {

// What each in-tree scheme needs to run through a problem view (the plugin
// interface's per-constraint value / gradient / projection,
// solvers/adapters/template_stepper.hpp):
//  - PBD, PNGS: sweeps of single projections;
//  - PGS, the penalty method: every constraint of the view (a view has no
//    neighbour list), only those with g_j <= 0 act;
//  - Moreau–Euler: the projection onto the intersection, computed and
//    KKT-certified through the view by solvers/projection/view_projector.hpp (the
//    reference projector needs Hessians, which a view does not give);
//  - Venel: its linearised set Q̃ built from the view's values and gradients
//    (solvers/adapters/template_stepper.hpp), every constraint a row.
// The catching-up schemes of seed 002 need the set as a polyhedron (M, b):
// a view cannot show that a constraint is affine, so they run only on views
// that also implement the host-side PolyhedralView (PolyhedralViewProblem,
// solvers/adapters/polyhedral_stepper.hpp); the audit lists the other problems with
// the reason (PolyhedralStepper is a ViewRequirement).
// Which of them run through a view is decided by each scheme's own category
// (solvers/schemes/scheme_traits.hpp) against the view's problem type.
template <class S>
constexpr bool runs_on_views = SchemeAppliesTo<S, ViewProblem>;

template <class S>
struct is_moreau_euler : std::false_type {};
template <class T, class Pr>
struct is_moreau_euler<MoreauEuler<T, Pr>> : std::true_type {};

}  // namespace

SchemeFactory catalog_scheme_factory(const SchemeSpec& spec) {
  const SchemeInfo& info = scheme_info(spec.name);
  const std::string label = spec.label();
  const double order = info.claimed_order;
  return with_scheme<double>(spec, [&](const auto& scheme) -> SchemeFactory {
    using S = std::decay_t<decltype(scheme)>;
    if constexpr (runs_on_views<S>) {
      return [scheme, label, order] { return std::make_shared<TemplateStepper<S>>(scheme, label, order); };
    } else if constexpr (is_moreau_euler<S>::value) {
      using V = MoreauEuler<double, ViewProjector>;
      return [label, order] { return std::make_shared<TemplateStepper<V>>(V{}, label, order); };
    } else if constexpr (SchemeAppliesTo<S, PolyhedralViewProblem>) {
      return [scheme, label, order] { return std::make_shared<PolyhedralStepper<S>>(scheme, label, order); };
    } else {
      throw std::invalid_argument("scheme '" + spec.name + "' needs " + scheme_needs<S>() +
                                  ", which a problem view cannot give: it cannot be audited");
    }
  });
}

}  // namespace sweepcheck
