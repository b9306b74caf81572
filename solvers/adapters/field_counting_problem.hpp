#pragma once
// A Problem decorator counting the f calls a template scheme makes through
// it: the host's count of field evaluations (Work::field_evaluations), as
// CountingView (solvers/adapters/counting_view.hpp) counts a plugin's, so no
// scheme has to report them. The driver (studies/engine/integrate.hpp) steps
// a scheme through it; everything else is forwarded unchanged (the same
// constraint set object, so a scheme's category sees the problem's own set).
// f_integral counts as one f evaluation, as in CountingView.
#include <cstdint>

#include "sweepcheck/solvers/core/problem.hpp"

namespace sweepcheck {

template <Problem P>
class FieldCountingProblem {
 public:
  using Scalar = typename P::Scalar;
  // Keeps references: `p` and `count` must outlive the decorator.
  FieldCountingProblem(const P& p, std::int64_t& count) : p_(p), count_(count) {}

  const P& inner() const { return p_; }
  decltype(auto) dim() const { return p_.dim(); }
  template <class Tt, class X>
  decltype(auto) f(const Tt& t, const X& x) const {
    ++count_;
    return p_.f(t, x);
  }
  decltype(auto) constraints() const { return p_.constraints(); }
  decltype(auto) x0() const { return p_.x0(); }
  decltype(auto) t0() const { return p_.t0(); }
  decltype(auto) t_end() const { return p_.t_end(); }
  decltype(auto) name() const { return p_.name(); }

  // The optional members schemes use, where the problem has them.
  template <class Tt>
    requires requires(const P& q, const Tt& t) { q.exact(t); }
  decltype(auto) exact(const Tt& t) const {
    return p_.exact(t);
  }
  template <class Tt>
    requires requires(const P& q, const Tt& t) { q.polyhedron(t); }
  decltype(auto) polyhedron(const Tt& t) const {
    return p_.polyhedron(t);
  }
  template <class Tt, class H, class X>
    requires requires(const P& q, const Tt& t, const H& h, const X& x) { q.f_integral(t, h, x); }
  decltype(auto) f_integral(const Tt& t, const H& h, const X& x) const {
    ++count_;
    return p_.f_integral(t, h, x);
  }

 private:
  const P& p_;
  std::int64_t& count_;
};

}  // namespace sweepcheck
