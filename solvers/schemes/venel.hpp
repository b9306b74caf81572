#pragma once
// Venel's prediction–correction scheme (seed 001, (11)):
//   q_{k+1} = P_{Q̃(t_{k+1}, q_k)}(q_k + h f(t_k, q_k)),
//   Q̃(t, q) = { y : g_i(t, q) + <∇g_i(t, q), y − q> >= 0  for all i },
// the constraints g_i(t, ·) >= 0 linearised at the current point and
// evaluated at the NEW time t_{k+1}. Since each g_i(t, ·) is convex,
// Q̃(t, q) ⊂ Q(t) (seed 001, (12)), so every computed configuration is
// feasible up to the QP solver's tolerance. Seed 001, Theorem 3.4: order 1/2.
//
// The projection onto Q̃ is a convex QP solved by a QpProjector
// (qp_mprgp.hpp and qp_hildreth.hpp: exact with certificate; qp_uzawa.hpp:
// Uzawa).
//
// Near-active rows only. A set may linearise only the constraints with
// g_i(t, q_k) <= margin (a crowd of N disks has O(N²) pairs, of which O(N)
// are near). This is still the exact projection onto the full Q̃: if y is
// the projection onto the polyhedron of the kept rows and every omitted
// row holds at y, then y is the projection onto the full polyhedron too (a
// smaller set containing y). An omitted row reads g_i + <∇g_i, y − q_k> with
// g_i > margin, so it holds whenever the set's bound
//   Δ(q_k, y) >= max_i |<∇g_i(t, q_k), y − q_k>|
// satisfies Δ <= margin. The step checks this after every solve and, when
// it fails, re-solves with margin = 2Δ. A set that linearises every
// constraint (the generic fallback below for ConstraintSet) omits none.
//
// Set interface used (optional; the fallback covers ConstraintSet<T>):
//   void linearise(const T& t, const Vec<T>& q, const T& margin, SparseRows<T>& rows, Work& w) const;
//   T linearisation_drift(const Vec<T>& q, const Vec<T>& y) const;   // Δ above
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>
#include <string>

#include "sweepcheck/solvers/sets/constraint_set.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"
#include "sweepcheck/solvers/qp/qp_hildreth.hpp"
#include "sweepcheck/solvers/qp/qp_mprgp.hpp"
#include "sweepcheck/solvers/qp/qp_uzawa.hpp"
#include "sweepcheck/solvers/qp/sparse_rows.hpp"
#include "sweepcheck/solvers/core/work.hpp"

namespace sweepcheck {

// Q̃(t, q) of a generic ConstraintSet: every constraint, linearised with its
// (dense) gradient; zero gradient entries are dropped from the rows.
template <class T>
void linearise_all(const ConstraintSet<T>& set, const T& t, const Vec<T>& q, SparseRows<T>& rows, Work& work) {
  rows.clear(static_cast<int>(q.size()));
  Vec<T> g;
  std::vector<std::pair<int, T>> entries;
  for (int j = 0; j < set.size(); ++j) {
    ++work.constraint_evaluations;
    const T v = value(set[j], t, q);
    gradient(set[j], t, q, g);
    entries.clear();
    for (Eigen::Index c = 0; c < g.size(); ++c)
      if (g[c] != T(0)) entries.emplace_back(static_cast<int>(c), g[c]);
    // g_j + <∇g_j, y − q> >= 0  <=>  <∇g_j, y> >= <∇g_j, q> − g_j
    rows.add_row(entries, g.dot(q) - v);
  }
}

template <class T, class Solver>
  requires QpProjector<Solver, T>
struct Venel {
  struct Options {
    double margin_factor = 3;  // first margin = margin_factor · |h f(t_k, q_k)|_∞ (checked afterwards, see above)
    double min_margin = 0;     // lower bound of that first margin (units of g)
    int max_resolves = 30;     // cap on margin doublings per step (each at least doubles the margin)
    // Start the QP from the previous step's multipliers of the same
    // constraints (rows matched by SparseRows::key), when the solver can
    // (solve_from) and this step continues the previous one (x is, bit for
    // bit, the previous step's output). Still the projection to the solver's
    // tolerance; the stopping iterate differs within it, so trajectories
    // differ from a cold start by that much. Off by default: the studies'
    // references and fits were computed cold. A warm-starting Venel keeps
    // the last step's multipliers, so it serves one run at a time (give each
    // thread its own copy).
    bool warm_start = false;

    void validate() const {
      if (!(margin_factor >= 0)) throw std::invalid_argument("Venel::Options: margin_factor must be >= 0");
      if (!(min_margin >= 0)) throw std::invalid_argument("Venel::Options: min_margin must be >= 0");
      if (max_resolves < 1) throw std::invalid_argument("Venel::Options: max_resolves must be >= 1");
    }
  };

  Solver solver{};
  Options options{};

  Venel() = default;
  Venel(Solver s, Options o) : solver(std::move(s)), options(o) { options.validate(); }

  static std::string name() { return "venel"; }
  // Seed 001, Theorem 3.4: error <= C h^{1/2}, a proven bound, not the
  // expected order (Venel fits order 1.01 on the sliding case).
  static double claimed_order() { return 0.5; }
  static constexpr bool claim_is_sharp = false;
  static std::string description() {
    return "Venel's prediction-correction: projection onto the linearised set (seed 001, (11)); a QP per step";
  }
  static std::vector<SchemeParameter> parameters() {
    return {{"solver", 0, "QP solver: 0 = exact MPRGP, 1 = uzawa, 2 = exact Hildreth (exact ones stop with a KKT certificate)"},
            {"tol", 1e-9, "absolute bound on the QP's KKT residual (exact solvers: at least 1e5 ulps of the scale)"},
            {"max_iterations", 100000, "cap on QP sweeps/iterations per solve; reaching it is reported"}};
  }
  // The QP solver is chosen by `solver` (0: exact MPRGP, 1: Uzawa, 2: exact
  // Hildreth; the exact ones stop with a KKT certificate, see qp_*.hpp).
  template <class Get, class F>
  static decltype(auto) with_parameters(const Get& get, F&& f) {
    const double which = get("solver");
    const double cap = get("max_iterations");
    if (!(cap >= 1)) throw std::invalid_argument("venel: max_iterations must be >= 1");
    if (!(get("tol") >= 0)) throw std::invalid_argument("venel: tol must be >= 0");
    if (which == 0) {
      typename MprgpQp<T>::Options o;
      o.tolerance = get("tol");
      o.max_iterations = static_cast<std::int64_t>(cap);
      return std::forward<F>(f)(Venel<T, MprgpQp<T>>(MprgpQp<T>(o), {}));
    }
    if (which == 2) {
      typename HildrethQp<T>::Options o;
      o.tolerance = get("tol");
      o.max_sweeps = static_cast<std::int64_t>(cap);
      return std::forward<F>(f)(Venel<T, HildrethQp<T>>(HildrethQp<T>(o), {}));
    }
    if (which == 1) {
      typename UzawaQp<T>::Options o;
      o.tolerance = get("tol");
      o.max_iterations = static_cast<std::int64_t>(cap);
      return std::forward<F>(f)(Venel<T, UzawaQp<T>>(UzawaQp<T>(o), {}));
    }
    throw std::invalid_argument("venel: solver must be 0 (exact MPRGP), 1 (uzawa) or 2 (exact Hildreth), got " +
                                std::to_string(which));
  }
  using scheme_category = linearising_scheme_tag;

  // Noise floor of one step in the state norm, for the study's floor
  // (steps × this): the QP's stopping tolerance. Justification: for a
  // polyhedron, |y − y*| <= κ r(y, λ) with κ a Hoffman constant of the active
  // rows (Hoffman 1952), and we take κ = 1; the worst-case bound without κ,
  // sqrt((‖λ‖_1 + ‖λ*‖_1) r) of qp_projector.hpp, is far too pessimistic to
  // serve as a floor (it would hide every error of the crowd study).
  T inner_tolerance(const T& scale) const { return solver.tolerance(scale); }

  // With Options::warm_start: the keys and multipliers of the last
  // successful step's rows (tests check its certificate).
  const std::vector<std::uint64_t>& last_keys() const { return warm_.keys; }
  const std::vector<T>& last_multipliers() const { return warm_.lambda; }

  template <Problem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    using std::max;
    // The prediction, rows and multipliers live in a per-thread scratch, so
    // a step allocates nothing for them once warm (each is overwritten
    // first; no value is carried from one step to the next).
    Scratch& scratch = scratch_();
    scratch.pred = x + h * p.f(t, x);
    const Vec<T>& pred = scratch.pred;
    const T t1 = t + h;
    const auto& set = p.constraints();
    SparseRows<T>& rows = scratch.rows;
    rows.clear(static_cast<int>(x.size()));
    Vec<T>& lambda = scratch.lambda;
    lambda.resize(0);
    if constexpr (requires(SparseRows<T>& r, Work& w) {
                    set.linearise(t1, x, T(0), r, w);
                    set.linearisation_drift(x, x);
                  }) {
      T margin = max(T(options.min_margin), T(options.margin_factor) * (pred - x).cwiseAbs().maxCoeff());
      const bool warm = options.warm_start && warm_.valid && warm_.x.size() == x.size() && warm_.x == x;
      for (int attempt = 0;; ++attempt) {
        set.linearise(t1, x, margin, rows, work);
        QpResult<T> r;
        if constexpr (requires { solver.solve_from(rows, pred, out, lambda); }) {
          if (warm) {
            warm_.start(rows, lambda);
            r = solver.solve_from(rows, pred, out, lambda);
          } else {
            r = solver.solve(rows, pred, out, lambda);
          }
        } else {
          r = solver.solve(rows, pred, out, lambda);
        }
        account(rows, r, work);
        const T drift = set.linearisation_drift(x, out);
        if (r.status != StepStatus::ok) return r.status;
        if (drift <= margin) {
          if (options.warm_start) warm_.keep(rows, lambda, out);
          return StepStatus::ok;
        }
        if (attempt + 1 >= options.max_resolves) return StepStatus::inner_cap_hit;
        margin = max(T(2) * drift, T(2) * margin);
      }
    } else {
      linearise_all(set, t1, x, rows, work);
      const QpResult<T> r = solver.solve(rows, pred, out, lambda);
      account(rows, r, work);
      return r.status;
    }
  }

 private:
  struct Scratch {
    Vec<T> pred;
    SparseRows<T> rows;
    Vec<T> lambda;
  };
  static Scratch& scratch_() {
    thread_local Scratch s;
    return s;
  }

  // The previous step's multipliers by row key (Options::warm_start).
  struct WarmStart {
    bool valid = false;
    Vec<T> x;                          // the previous step's output
    std::vector<std::uint64_t> keys;   // its rows' keys, increasing
    std::vector<T> lambda;             // and multipliers

    void keep(const SparseRows<T>& rows, const Vec<T>& l, const Vec<T>& out) {
      keys = rows.keys();
      valid = std::is_sorted(keys.begin(), keys.end()) && std::find(keys.begin(), keys.end(), 0) == keys.end();
      lambda.assign(l.data(), l.data() + l.size());
      x = out;
    }
    // λ for `rows`: the kept multiplier of the row with the same key, else 0
    // (a merge of two increasing key lists).
    void start(const SparseRows<T>& rows, Vec<T>& l) const {
      const auto& k = rows.keys();
      l = Vec<T>::Zero(rows.rows());
      if (!std::is_sorted(k.begin(), k.end())) return;
      std::size_t a = 0;
      for (std::size_t b = 0; b < k.size(); ++b) {
        while (a < keys.size() && keys[a] < k[b]) ++a;
        if (a < keys.size() && keys[a] == k[b]) l[static_cast<Eigen::Index>(b)] = lambda[a];
      }
    }
  };
  mutable WarmStart warm_;

  // One row evaluation a_i·y per row and iteration, counted as a constraint
  // evaluation (comparable with PBD's per-constraint projections).
  static void account(const SparseRows<T>& rows, const QpResult<T>& r, Work& work) {
    work.inner_iterations += r.iterations;
    work.constraint_evaluations += std::int64_t(rows.rows()) * (r.iterations + 1);
    ++work.sweeps;
  }
};

}  // namespace sweepcheck
