#pragma once
// What the driver (studies/engine/integrate.hpp) asks of a scheme S on a
// problem P: one step x_{k+1} = Φ_h(t_k, x_k) into `out`, counting its work,
// and, where it has them, a name, a claimed order and an inner solver's
// tolerance of the types the engine reads (sweepcheck/scheme_instance.hpp).
// A scheme never advances time itself: the driver passes t_k = t0 + k h.
#include <concepts>
#include <string>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"

namespace sweepcheck {

// The step the driver calls:
//   StepStatus step(const P&, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work&) const
template <class S, class P>
concept SchemeStepsOn = Problem<P> && requires(const S& s, const P& p, const typename P::Scalar& t,
                                               const Vec<typename P::Scalar>& x, Vec<typename P::Scalar>& out, Work& w) {
  { s.step(p, t, x, t, out, w) } -> std::convertible_to<StepStatus>;
};

// The optional members, when present, have the types the engine reads.
template <class S>
concept SchemeNameIsText = !requires(const S& s) { s.name(); } || requires(const S& s) {
  { s.name() } -> std::convertible_to<std::string>;
};
template <class S>
concept SchemeOrderIsNumber = !requires(const S& s) { s.claimed_order(); } || requires(const S& s) {
  { s.claimed_order() } -> std::convertible_to<double>;
};

// The Scheme concept: a scheme S the engine can run on problem P.
template <class S, class P>
concept SchemeFor = SchemeStepsOn<S, P> && SchemeNameIsText<S> && SchemeOrderIsNumber<S>;

}  // namespace sweepcheck
