#include "studies/scheme_factory.hpp"

#include <stdexcept>
#include <type_traits>

#include "solvers/template_stepper.hpp"
#include "solvers/view_linearise.hpp"
#include "solvers/view_projector.hpp"

namespace sweepcheck {

namespace {

// What each in-tree scheme needs to run through a problem view (the plugin
// interface's per-constraint value / gradient / projection,
// solvers/template_stepper.hpp):
//  - PBD, PNGS: sweeps of single projections;
//  - PGS, the penalty method: every constraint of the view (a view has no
//    neighbour list), only those with g_j <= 0 act;
//  - Moreau–Euler: the projection onto the intersection, computed and
//    KKT-certified through the view by solvers/view_projector.hpp (the
//    reference projector needs Hessians, which a view does not give);
//  - Venel: its linearised set Q̃ built from the view's values and gradients
//    (solvers/view_linearise.hpp), every constraint a row.
// The catching-up schemes of seed 002 need the set as a polyhedron (M, b):
// a view cannot show that a constraint is affine, so they are refused.
// Which of them run through a view is decided by each scheme's own category
// (solvers/scheme_traits.hpp) against the view's problem type.
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
    } else {
      throw std::invalid_argument("scheme '" + spec.name +
                                  "' needs its set as a polyhedron and cannot be audited through the generic "
                                  "problem view (a view cannot show that its constraints are affine; the catching-up "
                                  "schemes are studied on the LCS circuits: `sweepcheck study circuit`)");
    }
  });
}

}  // namespace sweepcheck
