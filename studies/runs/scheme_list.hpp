#pragma once
// THE list of in-tree schemes. Each type describes itself
// (solvers/schemes/scheme_traits.hpp: name, claimed order and whether it is a
// bound, description, parameters, what it needs of the set); the catalogue
// (scheme_catalog), the name dispatch (with_scheme, with_scheme_for), the
// study runners and the audit by name walk this list, and
// scheme_orders_test walks it against each scheme's own claim. Adding a
// scheme: its own header in solvers/ and one entry here.
#include "sweepcheck/solvers/projection/reference_projector.hpp"
#include "sweepcheck/solvers/schemes/catching_up.hpp"
#include "sweepcheck/solvers/schemes/moreau_euler.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/solvers/schemes/penalty.hpp"
#include "sweepcheck/solvers/schemes/pgs.hpp"
#include "sweepcheck/solvers/schemes/pngs.hpp"
#include "sweepcheck/solvers/schemes/venel.hpp"

namespace sweepcheck {

template <template <class> class... S>
struct SchemeList {};

// Moreau–Euler with the exact projection onto the whole intersection, by the
// reference projector (the only projector that serves every set of the studies).
template <class T>
using MoreauEulerExact = MoreauEuler<T, ReferenceProjector<T>>;
// Venel's scheme, named by its default QP solver; its `solver` parameter
// picks the solver type (Venel::with_parameters).
template <class T>
using VenelScheme = Venel<T, MprgpQp<T>>;

using InTreeSchemes = SchemeList<Pbd, Pngs, Pgs, Penalty, MoreauEulerExact, ExactCatchingUp, InexactCatchingUp,
                                 VenelScheme>;

// Calls visit.template operator()<S>() for each scheme template S of the list, in order.
template <template <class> class... S, class V>
void for_each_scheme(SchemeList<S...>, V&& visit) {
  (visit.template operator()<S>(), ...);
}

}  // namespace sweepcheck
