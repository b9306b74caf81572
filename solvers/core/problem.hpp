#pragma once
// What a scheme and the engine need to know of a problem
// x' ∈ f(t, x) − N(S(t), x). Problems themselves live in analytic/; this
// concept is the contract: every member the engine calls, the set's
// max_violation included (solvers/core/constraint_set_concept.hpp). What a
// scheme's category asks of the set beyond it is the scheme's
// (solvers/schemes/scheme_traits.hpp). The testing API names the member a
// problem lacks in one compile-time message (sweepcheck/requirements.hpp).
#include <concepts>
#include <string>
#include <type_traits>

#include "sweepcheck/solvers/core/constraint_set_concept.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class P>
concept Problem = requires(const P& p, const typename P::Scalar& t, const Vec<typename P::Scalar>& x) {
  typename P::Scalar;
  { p.dim() } -> std::convertible_to<int>;
  { p.f(t, x) } -> std::convertible_to<Vec<typename P::Scalar>>;
  p.constraints();
  requires ConstraintSetOf<std::remove_cvref_t<decltype(p.constraints())>, typename P::Scalar>;
  { p.x0() } -> std::convertible_to<Vec<typename P::Scalar>>;
  { p.t0() } -> std::convertible_to<typename P::Scalar>;
  { p.t_end() } -> std::convertible_to<typename P::Scalar>;
  { p.name() } -> std::convertible_to<std::string>;
};

// A problem that knows its exact solution x(t).
template <class P>
concept HasExactSolution = Problem<P> && requires(const P& p, const typename P::Scalar& t) {
  { p.exact(t) } -> std::convertible_to<Vec<typename P::Scalar>>;
};

}  // namespace sweepcheck
