#pragma once
// Perturbed starts for every stability judgement (issue 27): a scheme whose
// instability needs a seed (a mode the given start does not excite, e.g. the
// antisymmetric mode across the sliding case's symmetric crease, where the
// pushes of the two balls cancel bit for bit) passes a check run from the
// given start only. The large-step check of the audit (studies/audit/audit.md,
// check 4) and the paper's stability claim (studies/cases/pbd_paper_claims.cpp)
// therefore run each problem from the given start and from a few seeded
// perturbed starts, and judge the worst case.
//
// Determinism: the directions come from std::mt19937_64 (whose output the
// standard specifies) through explicitly written arithmetic (no
// std::*_distribution, whose output is implementation-defined), so the starts
// are the same on every platform, for every --jobs and every MPI rank.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

struct PerturbedStartOptions {
  // Sizes relative to the problem's scale max(1, |x0|): round-off (1e-12),
  // between (1e-8) and visible (1e-4). Empty: the given start only.
  std::vector<double> sizes{1e-12, 1e-8, 1e-4};
  // Seed of the directions: start k (k = 0, 1, ...) draws from
  // std::mt19937_64(seed + k).
  std::uint64_t seed = 27;
  // The perturbed point is made feasible (x0 ∈ S(t0) is part of the problem:
  // seed 000, (1)) by sweeps of exact projections P_{S_m} ∘ … ∘ P_{S_1}
  // (PBD's sweep without the step), at most this many.
  int max_feasibility_sweeps = 1000;

  void validate() const;  // names the field and the rule
};

// Unit vector number `index` in R^d: component i is 2 u_i − 1 with
// u_i = (draw >> 11) · 2^-53 (the top 53 bits of the i-th draw of
// std::mt19937_64(seed + index), so u_i ∈ [0, 1)), then normalised. Not
// uniform on the sphere (nothing here needs that); every component is
// non-zero with probability 1 − 2^-52, so every mode is excited.
Vec<double> perturbation_direction(int d, std::uint64_t seed, int index);

// x ← sweeps of P_{S_m}(t) ∘ … ∘ P_{S_1}(t) until max_j d_{S_j}(t, x) <=
// tolerance (16 ε (1 + |x|)) or max_sweeps; returns the sweeps made. The
// final violation is max_violation(set, t, x).
int make_feasible(const plugin::ConstraintView& set, double t, Vec<double>& x, int max_sweeps);
double max_violation(const plugin::ConstraintView& set, double t, const Vec<double>& x);

struct PerturbedStart {
  double size = 0;       // relative size; 0: the given start
  Vec<double> x0;        // the start (feasible up to `violation`)
  double displacement = 0;  // |x0 − the given start|
  double violation = 0;     // max_j d_{S_j}(t0, x0) after the feasibility sweeps
  // "" for the given start, else " start=perturbed:1e-12" (appended to a
  // row's parameters, so a perturbed run never shares the given start's key
  // in a journal or a table).
  std::string tag() const;
};

// The given start first (size 0, unchanged), then one start per size:
// x0 + size · max(1, |x0|) · u_k (u_k = perturbation_direction(dim, seed, k)),
// made feasible with `set` at t0 (null: not projected).
std::vector<PerturbedStart> perturbed_starts(const Vec<double>& x0, const PerturbedStartOptions& o,
                                             const plugin::ConstraintView* set = nullptr, double t0 = 0);

// A problem started elsewhere: everything of P but x0(). The drivers are
// templates on the problem type, so the override is what they call.
template <Problem P>
class StartedAt : public P {
 public:
  StartedAt(P problem, Vec<typename P::Scalar> x0) : P(std::move(problem)), x0_(std::move(x0)) {}
  Vec<typename P::Scalar> x0() const { return x0_; }

 private:
  Vec<typename P::Scalar> x0_;
};

}  // namespace sweepcheck
