#pragma once
// What a problem and a scheme must offer, checked at the user's call with one
// message naming what is missing, installed as <sweepcheck/requirements.hpp>.
// check_convergence, check_convergence_reference_free and
// compare_work_precision call these first and compile nothing else when a
// check fails, so a set without max_violation gives
//
//   error: static assertion failed: sweepcheck: the problem's constraint set (the type constraints()
//          returns) has no `Scalar max_violation(const Scalar& t, const Vec<Scalar>& x) const` ...
//
// and the "required from here" line below it is the user's call, not a line
// deep inside the engine. The concepts themselves: Problem
// (solvers/core/problem.hpp), ConstraintSetOf (solvers/core/constraint_set_concept.hpp),
// SchemeFor (solvers/core/scheme_concept.hpp).
#include <concepts>
#include <string>
#include <type_traits>
#include <utility>

#include "sweepcheck/scheme_instance.hpp"
#include "sweepcheck/solvers/core/constraint_set_concept.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scheme_concept.hpp"

namespace sweepcheck {

template <class>
inline constexpr bool requirement_missing = false;

// True when P is a Problem; otherwise a static_assert names the first member
// it lacks (and returns false, so the caller compiles nothing else).
template <class P>
consteval bool problem_meets_requirements() {
  if constexpr (!requires { typename P::Scalar; }) {
    static_assert(requirement_missing<P>, "sweepcheck: the problem has no member type Scalar (add `using Scalar = double;`)");
    return false;
  } else {
    using T = typename P::Scalar;
    if constexpr (!requires(const P& p) { { p.dim() } -> std::convertible_to<int>; }) {
      static_assert(requirement_missing<P>, "sweepcheck: the problem has no `int dim() const`");
      return false;
    } else if constexpr (!requires(const P& p, const T& t, const Vec<T>& x) {
                           { p.f(t, x) } -> std::convertible_to<Vec<T>>;
                         }) {
      static_assert(requirement_missing<P>,
                    "sweepcheck: the problem has no `Vec<Scalar> f(const Scalar& t, const Vec<Scalar>& x) const`");
      return false;
    } else if constexpr (!requires(const P& p) { p.constraints(); }) {
      static_assert(requirement_missing<P>,
                    "sweepcheck: the problem has no `constraints() const` (its set S(t), e.g. a ConstraintSet<Scalar>)");
      return false;
    } else if constexpr (!ConstraintSetOf<std::remove_cvref_t<decltype(std::declval<const P&>().constraints())>, T>) {
      static_assert(requirement_missing<P>,
                    "sweepcheck: the problem's constraint set (the type constraints() returns) has no "
                    "`Scalar max_violation(const Scalar& t, const Vec<Scalar>& x) const`: the engine measures the "
                    "violation max_j d_{S_j(t)}(x) with it at every step");
      return false;
    } else if constexpr (!requires(const P& p) { { p.x0() } -> std::convertible_to<Vec<T>>; }) {
      static_assert(requirement_missing<P>, "sweepcheck: the problem has no `Vec<Scalar> x0() const`");
      return false;
    } else if constexpr (!requires(const P& p) {
                           { p.t0() } -> std::convertible_to<T>;
                           { p.t_end() } -> std::convertible_to<T>;
                         }) {
      static_assert(requirement_missing<P>, "sweepcheck: the problem has no `Scalar t0() const` and `Scalar t_end() const`");
      return false;
    } else if constexpr (!requires(const P& p) { { p.name() } -> std::convertible_to<std::string>; }) {
      static_assert(requirement_missing<P>, "sweepcheck: the problem has no `std::string name() const`");
      return false;
    } else {
      static_assert(Problem<P>);  // the concept says the same, member by member
      return true;
    }
  }
}

// True when the scheme given (an object, a factory or a plugin::Stepper; one
// fresh instance per run, sweepcheck/scheme_instance.hpp) can run on P;
// otherwise a static_assert names what it lacks.
template <class Scheme, class P>
consteval bool scheme_meets_requirements() {
  using S = decltype(fresh_instance(std::declval<const Scheme&>()));
  if constexpr (!SchemeStepsOn<S, P>) {
    static_assert(requirement_missing<S>,
                  "sweepcheck: the scheme has no `StepStatus step(const P& problem, const Scalar& t, const Vec<Scalar>& "
                  "x, const Scalar& h, Vec<Scalar>& out, Work& work) const` for this problem type");
    return false;
  } else if constexpr (!SchemeNameIsText<S>) {
    static_assert(requirement_missing<S>, "sweepcheck: the scheme's name() does not return text (std::string)");
    return false;
  } else if constexpr (!SchemeOrderIsNumber<S>) {
    static_assert(requirement_missing<S>, "sweepcheck: the scheme's claimed_order() does not return a number");
    return false;
  } else {
    return true;
  }
}

}  // namespace sweepcheck
