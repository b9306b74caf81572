#pragma once
// The schemes that run on a contact problem whose set only offers sweeps and
// linearisations (no exact projection onto the whole intersection, so no
// Moreau–Euler): pbd, pngs and venel, dispatched exactly as with_scheme does.
// Any other name is bad input with a message naming it.
#include <stdexcept>
#include <string>

#include "studies/scheme_catalog.hpp"

namespace sweepcheck {

template <class T, class F>
decltype(auto) with_contact_scheme(const SchemeSpec& spec, F&& f) {
  if (spec.name == "pbd") return f(Pbd<T>{});
  if (spec.name == "pngs") return f(Pngs<T>(sweep_stopping_options<typename Pngs<T>::Options>(spec)));
  if (spec.name == "venel") return with_venel<T>(spec, std::forward<F>(f));
  (void)scheme_info(spec.name);  // throws for unknown names
  throw std::invalid_argument("scheme '" + spec.name +
                              "' needs an exact projection onto the whole set and cannot run on a crowd "
                              "(use pbd, pngs or venel)");
}

}  // namespace sweepcheck
