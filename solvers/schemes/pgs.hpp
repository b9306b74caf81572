#pragma once
// Projected Gauss–Seidel time stepping (seed 000, Section 4.1):
//   Φ_h(x) = (P^itr_{S̃(y)})^{k*}(y),   y = x + h f(t, x),
// where S̃(y) is S with every constraint linearised at the predicted point y
// and k* is the first index satisfying the stopping rule (38), as in PNGS:
//   ‖P^itr(z) − z‖ ≤ abstol + reltol ‖z‖.
//
// The linearised set (our reading of the seed's S̃, whose extracted formula is
// garbled): for each constraint with g_j(t+h, y) <= 0 (violated or active at
// the prediction; these are the j with d_{S_j}(y) > 0 or y on ∂S_j), the
// half-space
//   S̃_j = { z : g_j(y) + ∇g_j(y)ᵀ (z − y) >= 0 };
// constraints with g_j(y) > 0 have ∂^P d_{S_j}(y) = {0}, so their S̃_j is the
// whole space (they are dropped). The half-spaces are built once per step
// and never re-linearised.
//
// Sweep order: the half-spaces are swept in the set's own deterministic
// order (insertion order of a ConstraintSet; (i, j)-lexicographic for the
// disks), restricted to the linearised ones. One sweep costs one constraint
// evaluation per half-space; building them costs one evaluation per
// constraint of the set looked at. Hitting max_sweeps is reported as
// StepStatus::inner_cap_hit.
#include <stdexcept>
#include <string>
#include <vector>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"
#include "sweepcheck/solvers/sets/local_constraints.hpp"

namespace sweepcheck {

template <class T>
struct Pgs {
  struct Options {
    T abstol = T(1e-12);     // absolute part of (38)
    T reltol = T(1e-10);     // relative part of (38)
    int max_sweeps = 10000;  // cap on sweeps per step; reaching it is reported

    void validate() const {
      if (!(abstol >= T(0))) throw std::invalid_argument("Pgs::Options: abstol must be >= 0");
      if (!(reltol >= T(0))) throw std::invalid_argument("Pgs::Options: reltol must be >= 0");
      if (!(abstol > T(0) || reltol > T(0)))
        throw std::invalid_argument("Pgs::Options: abstol and reltol cannot both be 0");
      if (max_sweeps < 1) throw std::invalid_argument("Pgs::Options: max_sweeps must be >= 1");
    }
  };

  Options options;

  Pgs() = default;
  explicit Pgs(Options o) : options(std::move(o)) { options.validate(); }

  static std::string name() { return "pgs"; }
  static double claimed_order() { return std::numeric_limits<double>::quiet_NaN(); }
  static constexpr bool claim_is_sharp = false;
  static std::string description() {
    return "projected Gauss-Seidel: sweeps over the constraints linearised at the prediction until (38) holds "
           "(seed 000, Sec. 4.1)";
  }
  static std::vector<SchemeParameter> parameters() { return sweep_stopping_parameters(); }
  template <class Get, class F>
  static decltype(auto) with_parameters(const Get& get, F&& f) {
    return std::forward<F>(f)(Pgs(sweep_stopping_options<Options>(get)));
  }
  using scheme_category = local_constraints_scheme_tag;

  T inner_tolerance(const T& scale) const { return options.abstol + options.reltol * scale; }

  // Half-space { z : aᵀ z >= b } with |a|² stored.
  struct Linearised {
    Vec<T> a;
    T b;
    T a2;
  };

  template <class Set>
  static std::vector<Linearised> linearise(const Set& set, const T& t, const Vec<T>& y, Work& work) {
    const auto& local = constraints_near(set, t, y, T(candidate_reach(set)));
    std::vector<Linearised> out;
    Vec<T> g;
    for (int j = 0; j < local.size(); ++j) {
      ++work.constraint_evaluations;
      const T gj = value(local[j], t, y);
      if (gj > T(0)) continue;
      gradient(local[j], t, y, g);
      const T a2 = g.squaredNorm();
      if (!(a2 > T(0))) continue;
      out.push_back({g, g.dot(y) - gj, a2});
    }
    return out;
  }

  template <Problem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    out = x + h * p.f(t, x);
    const auto halfspaces = linearise(p.constraints(), t + h, out, work);
    Vec<T> previous;
    for (int k = 0; k < options.max_sweeps; ++k) {
      previous = out;
      for (const auto& H : halfspaces) {
        ++work.constraint_evaluations;
        const T s = H.a.dot(out) - H.b;
        if (s < T(0)) {
          out -= (s / H.a2) * H.a;
          ++work.projections;
        }
      }
      ++work.sweeps;
      if ((out - previous).norm() <= options.abstol + options.reltol * previous.norm()) return StepStatus::ok;
    }
    return StepStatus::inner_cap_hit;
  }
};

}  // namespace sweepcheck
