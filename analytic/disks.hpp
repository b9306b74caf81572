#pragma once
// Non-overlapping disks (seed 000, Section 4.3):
//   x' ∈ −γ x − N(S, x),   x = (X_0, ..., X_{N−1}) ∈ (R²)^N,
//   S = ∩_{i<j} S_ij,  S_ij = { |X_i − X_j| >= 2R }.
// The paper's Fig. 9/10 values: N = 40, R = 0.1, T = 4, γ = 1.
//
// Initial configuration (the paper only says "some arbitrary x_0 ∈ S"):
// random sequential addition, deterministic and seeded. Disk k's centre is
// drawn uniformly in the square [−L/2, L/2]², L = sqrt(N π R² / packing), and
// accepted when its distance to every accepted centre is >= 2R (1 + gap);
// otherwise redrawn (at most 100000 draws per disk, then an error). Random
// numbers: std::mt19937_64 seeded with `seed`, mapped to [0, 1) as
// (u >> 11) · 2^−53, which (unlike std::uniform_real_distribution) is fixed
// by the standard, so the configuration is the same on every platform.
//
// DisksSet: the pair constraints without the O(N²) loop; its sweep is
// solvers/neighbours/disk_pair_sweep.hpp's kernel.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <fmt/format.h>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/neighbours/disk_pair_sweep.hpp"
#include "sweepcheck/solvers/neighbours/pair_order.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

struct DisksOptions {
  int N = 40;              // number of disks (>= 2)
  double R = 0.1;          // radius (> 0)
  double gamma = 1.0;      // attraction to the origin, f(x) = −γ x (> 0)
  double t_end = 4.0;      // final time T (> 0)
  std::uint64_t seed = 1;  // seed of the initial configuration
  double packing = 0.3;    // area fraction of the initial square covered by disks, in (0, 0.5]
  double gap = 0.05;       // initial centres at least 2R (1 + gap) apart (>= 0)

  void validate() const {
    using std::isfinite;
    if (N < 2) throw std::invalid_argument("disks: N must be >= 2 (got " + std::to_string(N) + ")");
    if (!(R > 0) || !isfinite(R)) throw std::invalid_argument("disks: R must be > 0 and finite");
    if (!(gamma > 0) || !isfinite(gamma)) throw std::invalid_argument("disks: gamma must be > 0 and finite");
    if (!(t_end > 0) || !isfinite(t_end)) throw std::invalid_argument("disks: t_end must be > 0 and finite");
    if (!(packing > 0) || !(packing <= 0.5)) throw std::invalid_argument("disks: packing must lie in (0, 0.5]");
    if (!(gap >= 0) || !isfinite(gap)) throw std::invalid_argument("disks: gap must be >= 0 and finite");
  }

  // Short form for tables and titles.
  std::string label() const {
    return fmt::format("N={} R={:g} gamma={:g} T={:g} seed={} packing={:g} gap={:g}", N, R, gamma, t_end, seed, packing,
                       gap);
  }

  // Every parameter that changes the trajectory, canonical ("key=value" with
  // round-trip precision): the cache key of references.
  std::string key() const {
    return fmt::format("N={} R={:.17g} gamma={:.17g} t_end={:.17g} seed={} packing={:.17g} gap={:.17g}", N, R, gamma,
                       t_end, seed, packing, gap);
  }
};

// The seeded random-sequential-addition configuration described above.
inline Vec<double> disks_initial_configuration(const DisksOptions& o) {
  o.validate();
  const double pi = boost::math::constants::pi<double>();
  const double L = std::sqrt(o.N * pi * o.R * o.R / o.packing);
  const double dmin = 2 * o.R * (1 + o.gap);
  std::mt19937_64 rng(o.seed);
  auto uniform = [&rng] { return double(rng() >> 11) * 0x1.0p-53; };
  Vec<double> x(2 * o.N);
  for (int k = 0; k < o.N; ++k) {
    bool placed = false;
    for (int attempt = 0; attempt < 100000 && !placed; ++attempt) {
      const double a = (uniform() - 0.5) * L, b = (uniform() - 0.5) * L;
      placed = true;
      for (int i = 0; i < k && placed; ++i) placed = std::hypot(x[2 * i] - a, x[2 * i + 1] - b) >= dmin;
      if (placed) {
        x[2 * k] = a;
        x[2 * k + 1] = b;
      }
    }
    if (!placed)
      throw std::invalid_argument(fmt::format("disks: could not place disk {} of {} at packing {} (lower it)", k, o.N,
                                              o.packing));
  }
  return x;
}

// A dense hexagonal cluster of N disks around the origin with centres
// 2R (1 + gap) apart (benchmarks: every disk has up to six neighbours).
inline Vec<double> disks_hexagonal_cluster(int N, double R, double gap) {
  const int side = static_cast<int>(std::ceil(std::sqrt(double(N))));
  const double a = 2 * R * (1 + gap);
  Vec<double> x(2 * N);
  for (int k = 0; k < N; ++k) {
    const int r = k / side, c = k % side;
    x[2 * k] = (c - side / 2.0 + 0.5 * (r % 2)) * a;
    x[2 * k + 1] = (r - side / 2.0) * a * std::sqrt(3.0) / 2;
  }
  return x;
}

template <class T>
class DisksSet {
 public:
  using Scalar = T;

  // `order`: the sweep's order of pairs (solvers/neighbours/pair_order.hpp); the
  // schemes' default is the paper's (i, j) order.
  DisksSet(int N, T R, PairOrder order = PairOrder::index)
      : kernel_(N, T(2) * R, order) {
    if (N < 2 || !(R > T(0))) throw std::invalid_argument("DisksSet: needs N >= 2 and R > 0");
  }

  int dim() const { return 2 * kernel_.disks(); }
  int disks() const { return kernel_.disks(); }
  PairOrder order() const { return kernel_.order(); }
  const T& min_distance() const { return kernel_.min_distance(); }
  // The skin of the sweep's candidate list: PGS and the penalty method look at
  // (and count) the same candidates (solvers/sets/local_constraints.hpp).
  T candidate_reach() const { return kernel_.skin(); }

  // One Gauss–Seidel sweep over all pairs in the set's order (seed 000, (4));
  // DiskPairSweep::sweep says how it skips the pairs that cannot overlap.
  void sweep(const T& /*t*/, Vec<T>& x, Work& work) const { kernel_.sweep(x, work); }

  // The plain sweep (DiskPairSweep::sweep_simple): the oracle of the flat
  // kernel in properties/disks_kernel_properties_test.cpp and the sweep of
  // multiprecision scalars.
  void sweep_simple(const T& /*t*/, Vec<T>& x, Work& work) const { kernel_.sweep_simple(x, work); }
  static auto sweep_paths() { return DiskPairSweep<T>::sweep_paths(); }
  double neighbour_bytes_per_disk() const { return kernel_.neighbour_bytes_per_disk(); }

  // max over pairs of d_{S_ij}(x) = (2R − |X_i − X_j|)₊ / √2.
  T max_violation(const T& /*t*/, const Vec<T>& x) const {
    using std::max;
    using std::sqrt;
    const T& d = kernel_.min_distance();
    T v(0);
    for (const auto& [i, j] : kernel_.pairs_covering(x, d))
      v = max(v, (d - (x.template segment<2>(2 * i) - x.template segment<2>(2 * j)).norm()) / sqrt(T(2)));
    return v;
  }

  // The pair constraints with g_ij(x) = |X_i − X_j| − 2R <= reach, (i, j) order.
  ConstraintSet<T> local_constraints(const T& /*t*/, const Vec<T>& x, const T& reach) const {
    const T& d = kernel_.min_distance();
    ConstraintSet<T> s(dim());
    // Widened by a relative ε so that g = reach is kept.
    const T cut = (d + reach) * (T(1) + T(16) * epsilon<T>());
    for (const auto& [i, j] : kernel_.pairs_covering(x, cut))
      if ((x.template segment<2>(2 * i) - x.template segment<2>(2 * j)).norm() - d <= reach)
        s.add(PairNonOverlap<T>(i, j, 2, d));
    return s;
  }

  // Exact projection onto S_ij (solvers/sets/pair_non_overlap.hpp), without
  // temporaries: the midpoint stays, both centres move apart symmetrically.
  bool project_pair(Vec<T>& x, int i, int j) const { return kernel_.project_pair(x, i, j); }

 private:
  DiskPairSweep<T> kernel_;  // holds N, the diameter d = 2R and the pair order
};

template <class T>
class Disks {
 public:
  using Scalar = T;
  using Options = DisksOptions;

  // `order`: the sweep's order of pairs (solvers/neighbours/pair_order.hpp); not a
  // parameter of the problem (the sweeping process is the same), but of the
  // trajectories a sweep-based scheme computes on it.
  explicit Disks(Options o = {}, PairOrder order = PairOrder::index) : opt_(o), set_(o.N, T(o.R), order) {
    opt_.validate();
    const Vec<double> x0 = disks_initial_configuration(opt_);
    x0_ = x0.cast<T>();
  }
  // With an explicit initial state (must be feasible).
  Disks(Options o, const Vec<T>& x0) : opt_(o), set_(o.N, T(o.R)), x0_(x0) {
    opt_.validate();
    if (x0.size() != 2 * o.N || !all_finite(x0)) throw std::invalid_argument("disks: x0 must hold 2N finite numbers");
    if (set_.max_violation(T(0), x0) > T(0)) throw std::invalid_argument("disks: the initial configuration overlaps");
  }

  std::string name() const { return "disks"; }
  const Options& options() const { return opt_; }
  int dim() const { return 2 * opt_.N; }
  T t0() const { return T(0); }
  T t_end() const { return T(opt_.t_end); }
  const DisksSet<T>& constraints() const { return set_; }
  Vec<T> f(const T& /*t*/, const Vec<T>& x) const { return -T(opt_.gamma) * x; }
  Vec<T> x0() const { return x0_; }

 private:
  Options opt_;
  DisksSet<T> set_;
  Vec<T> x0_;
};

}  // namespace sweepcheck
