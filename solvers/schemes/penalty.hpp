#pragma once
// The penalty method of seed 000, Section 4.1: explicit Euler on
//   x' = f(t, x) − γ Σ_j d_{S_j}(x) ∇d_{S_j}(x),
// γ > 0 the penalty strength. For g_j a (scaled) signed distance,
// d_{S_j} ∇d_{S_j} = g_j ∇g_j / |∇g_j|² where g_j < 0 and 0 elsewhere (for a
// pair constraint g = |X_i − X_j| − 2R, d = −g/√2, ∇d = −∇g/√2, |∇g|² = 2).
// The constraints are evaluated at x_k (explicit), in the set's sweep
// order; one constraint evaluation per constraint looked at. No stability
// is claimed: for h γ > 2 the penalty part alone is unstable (explicit Euler
// on y' = −γ y), and such runs diverge (recorded as such by the driver).
#include <limits>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"
#include "sweepcheck/solvers/sets/local_constraints.hpp"

namespace sweepcheck {

template <class T>
struct Penalty {
  struct Options {
    T gamma = T(100);  // penalty strength γ > 0

    void validate() const {
      using std::isfinite;
      if (!(gamma > T(0)) || !isfinite(gamma)) throw std::invalid_argument("Penalty::Options: gamma must be > 0 and finite");
    }
  };

  Options options;

  Penalty() = default;
  explicit Penalty(Options o) : options(std::move(o)) { options.validate(); }

  static std::string name() { return "penalty"; }
  static double claimed_order() { return std::numeric_limits<double>::quiet_NaN(); }
  static constexpr bool claim_is_sharp = false;
  static std::string description() {
    return "explicit Euler on x' = f - gamma sum_j d_Sj grad d_Sj (seed 000, Sec. 4.1); stalls at a level set by "
           "gamma";
  }
  static std::vector<SchemeParameter> parameters() { return {{"gamma", 100, "penalty strength (> 0)"}}; }
  template <class Get, class F>
  static decltype(auto) with_parameters(const Get& get, F&& f) {
    return std::forward<F>(f)(Penalty(Options{T(get("gamma"))}));
  }
  using scheme_category = local_constraints_scheme_tag;

  // −Σ_j d_{S_j}(x) ∇d_{S_j}(x), added to `force`.
  template <class Set>
  static void add_penalty_direction(const Set& set, const T& t, const Vec<T>& x, Vec<T>& force, Work& work) {
    const auto& local = constraints_near(set, t, x, T(candidate_reach(set)));
    Vec<T> g;
    for (int j = 0; j < local.size(); ++j) {
      ++work.constraint_evaluations;
      const T gj = value(local[j], t, x);
      if (!(gj < T(0))) continue;
      gradient(local[j], t, x, g);
      const T a2 = g.squaredNorm();
      if (a2 > T(0)) force -= (gj / a2) * g;
    }
  }

  template <Problem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    Vec<T> pen = Vec<T>::Zero(x.size());
    add_penalty_direction(p.constraints(), t, x, pen, work);
    ++work.sweeps;
    out = x + h * (p.f(t, x) + options.gamma * pen);
    return StepStatus::ok;
  }
};

}  // namespace sweepcheck
