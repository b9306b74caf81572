#pragma once
// What a scheme needs to know of a problem x' ∈ f(t, x) − N(S(t), x).
// Problems themselves live in analytic/; this concept is the contract.
#include <concepts>
#include <string>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class P>
concept Problem = requires(const P& p, const typename P::Scalar& t, const Vec<typename P::Scalar>& x) {
  typename P::Scalar;
  { p.dim() } -> std::convertible_to<int>;
  { p.f(t, x) } -> std::convertible_to<Vec<typename P::Scalar>>;
  p.constraints();
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
