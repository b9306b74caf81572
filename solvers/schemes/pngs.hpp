#pragma once
// Projected nonlinear Gauss–Seidel time stepping (seed 000, Section 4.1):
//   Φ_h(x) = (P^itr_S)^{k*}(x + h f(t, x)),
// with P^itr_S one PBD sweep and k* the first index satisfying (38):
//   ‖P^itr(y) − y‖ ≤ abstol + reltol ‖y‖,   y = (P^itr)^{k*}(x + h f).
// We return P^itr(y), the iterate the test already computed (it is at least as
// feasible as y and differs from it by at most the tolerance). Hitting the sweep
// cap is reported as StepStatus::inner_cap_hit, never silently accepted.
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"

namespace sweepcheck {

template <class T>
struct Pngs {
  struct Options {
    T abstol = T(1e-12);   // absolute part of (38)
    T reltol = T(1e-10);   // relative part of (38)
    int max_sweeps = 10000;  // cap on sweeps per step; reaching it is reported

    void validate() const {
      if (!(abstol >= T(0))) throw std::invalid_argument("Pngs::Options: abstol must be >= 0");
      if (!(reltol >= T(0))) throw std::invalid_argument("Pngs::Options: reltol must be >= 0");
      if (!(abstol > T(0) || reltol > T(0)))
        throw std::invalid_argument("Pngs::Options: abstol and reltol cannot both be 0");
      if (max_sweeps < 1) throw std::invalid_argument("Pngs::Options: max_sweeps must be >= 1");
    }
  };

  Options options;

  Pngs() = default;
  explicit Pngs(Options o) : options(std::move(o)) { options.validate(); }

  static std::string name() { return "pngs"; }
  static double claimed_order() { return 1.0; }
  static constexpr bool claim_is_sharp = false;
  static std::string description() {
    return "projected nonlinear Gauss-Seidel: sweeps until (38) holds (seed 000, Sec. 4.1)";
  }
  static std::vector<SchemeParameter> parameters() { return sweep_stopping_parameters(); }
  template <class Get, class F>
  static decltype(auto) with_parameters(const Get& get, F&& f) {
    return std::forward<F>(f)(Pngs(sweep_stopping_options<Options>(get)));
  }
  using scheme_category = sweep_scheme_tag;

  // Per-step error the stopping rule tolerates at state norm `scale`; the
  // studies use it for the noise floor of the order fit.
  T inner_tolerance(const T& scale) const { return options.abstol + options.reltol * scale; }

  template <Problem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    out = x + h * p.f(t, x);
    Vec<T> previous;
    for (int k = 0; k < options.max_sweeps; ++k) {
      previous = out;
      p.constraints().sweep(t + h, out, work);
      if ((out - previous).norm() <= options.abstol + options.reltol * previous.norm())
        return StepStatus::ok;
    }
    return StepStatus::inner_cap_hit;
  }
};

}  // namespace sweepcheck
