#pragma once
// A Verlet neighbour list: the candidate pairs of a cell list
// (solvers/neighbours/cell_list.hpp), kept across calls while the centres move little.
//
// Built at positions x_b with cutoff c_b, it holds every pair with
// |X_i^b − X_j^b| < c_b. If no centre has moved by more than δ since, then
// every pair with |X_i − X_j| < c satisfies |X_i^b − X_j^b| < c + 2δ, so the
// list covers cutoff c as long as c + 2δ <= c_b. `pairs_covering` checks
// exactly that (O(N)) and rebuilds only when it fails, with c_b = c + margin.
//
// Why: a sweep of the disks costs O(candidate pairs); rebuilding the cell
// list every sweep cost about 6× the sweep itself at N = 40 (perf, the
// reference computation of `study pbd-paper`), while with h ≤ 1e-2 the disks
// move far less than the margin between two sweeps.
//
// The list depends only on positions, never on who asks, so one list may
// serve several sets; a caller that needs the exact pairs within c filters
// the covering list by distance (see analytic/disks.hpp).
//
// The same pairs are also kept as flat index arrays (CSR: the partners j of
// centre i are partners()[first()[i] .. first()[i + 1]), sorted), which the
// disks' sweep kernel walks without touching the pair vector: 4 bytes per
// pair plus 4 per centre, read in memory order (issue 15).
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/neighbours/cell_list.hpp"

namespace sweepcheck {

template <class T>
class VerletList {
 public:
  // A list, sorted (i, j)-lexicographically, that contains every pair (i, j),
  // i < j, with |X_i − X_j| < cutoff at x (D-dimensional centres stacked in
  // x). When it has to be rebuilt, it is built with cutoff + margin (margin > 0),
  // so the next calls can reuse it while the centres move less than margin/2.
  const std::vector<std::pair<int, int>>& pairs_covering(const Vec<T>& x, int D, const T& cutoff, const T& margin) {
    if (!covers(x, D, cutoff)) {
      built_cutoff_ = T(to_double(cutoff + margin));
      CellList::pairs_within(x, D, to_double(built_cutoff_), pairs_, buffers_);
      build_csr(static_cast<int>(x.size() / D));
      built_at_ = x;
      D_ = D;
      ++rebuilds_;
    }
    return pairs_;
  }

  // Exactly CellList::pairs_within(x, D, cutoff), in the same (i, j) order,
  // appended to `out` after clearing it: the covering list filtered with the
  // cell list's own distance test. Reuses the list while the centres move
  // less than margin/2 (the crowd rebuilt a cell list every step before).
  void pairs_within(const Vec<T>& x, int D, double cutoff, const T& margin, std::vector<std::pair<int, int>>& out) {
    const auto& covering = pairs_covering(x, D, T(cutoff) * (T(1) + T(1e-12)), margin);
    out.clear();
    const T cut2 = T(cutoff) * T(cutoff);
    for (const auto& [i, j] : covering)
      if (CellList::squared_distance(x, D, i, j) < cut2) out.emplace_back(i, j);
  }

  // The list of the last pairs_covering call as flat arrays (see above).
  const std::vector<int>& first() const { return first_; }
  const std::vector<int>& partners() const { return partner_; }

  // Rebuilds so far (tests and benchmarks).
  long rebuilds() const { return rebuilds_; }

  // Bytes per centre of the last build (benchmarks' memory figure): the pair
  // vector, the flat arrays and the positions at build (sizes, not the
  // capacities a larger earlier build may have left).
  double bytes_per_centre() const {
    const double n = first_.empty() ? 1.0 : double(first_.size() - 1);
    return (double(pairs_.size()) * sizeof(std::pair<int, int>) + double(partner_.size()) * sizeof(int) +
            double(first_.size()) * sizeof(int) + double(built_at_.size()) * sizeof(T)) /
           n;
  }

 private:
  void build_csr(int n) {
    first_.assign(static_cast<std::size_t>(n) + 1, 0);
    partner_.resize(pairs_.size());
    for (const auto& [i, j] : pairs_) ++first_[static_cast<std::size_t>(i) + 1];
    for (int i = 0; i < n; ++i) first_[static_cast<std::size_t>(i) + 1] += first_[static_cast<std::size_t>(i)];
    // pairs_ is (i, j)-sorted, so the partners come out in place and sorted.
    for (std::size_t k = 0; k < pairs_.size(); ++k) partner_[k] = pairs_[k].second;
  }

  bool covers(const Vec<T>& x, int D, const T& cutoff) const {
    using std::max;
    using std::sqrt;
    if (D != D_ || x.size() != built_at_.size()) return false;
    // The largest squared displacement, one square root at the end
    // (max and sqrt commute: sqrt is monotone).
    T moved2(0);
    for (Eigen::Index i = 0; i < x.size(); i += D) {
      const T m2 = (x.segment(i, D) - built_at_.segment(i, D)).squaredNorm();
      // A non-finite position is never covered: the rebuild rejects it with
      // the cell list's message instead of sweeping a stale list.
      if (!std::isfinite(to_double(m2))) return false;
      moved2 = max(moved2, m2);
    }
    const T moved = sqrt(moved2);
    // Strict, with a relative allowance for the rounding of the distances
    // computed above and in the cell list.
    if (cutoff + T(2) * moved < built_cutoff_ * (T(1) - T(1e-9))) return true;
    return covers_modulo_scaling(x, D, to_double(cutoff));
  }

  // The same argument after removing a common translation and isotropic
  // scaling of the displacement (a cluster drawn to a point, f = −γ x, moves
  // every centre by ~γ h |x|, so the plain bound fails every few steps at
  // large N although neighbours barely move relative to each other). Write
  //   x_i − x_i^b = κ (x_i^b − p) + c + r_i    (p, c: means; κ: least squares).
  // Then x_i − x_j = (1 + κ)(x_i^b − x_j^b) + r_i − r_j, so a pair at
  // |x_i^b − x_j^b| >= c_b is now at >= |1 + κ| c_b − 2 max|r|: the list covers
  // cutoff c if c + 2 max|r| < |1 + κ| c_b. Any κ, c make this valid; the fit
  // only makes r small. Computed in double with an absolute allowance of
  // 1e-12 (1 + max |x|) on max|r| for its rounding (a few ulps of |x|).
  bool covers_modulo_scaling(const Vec<T>& x, int D, double cutoff) const {
    const Eigen::Index n = x.size() / D;
    if (n < 2) return false;
    // Pass 1: means and the moments of the least-squares κ, from sums (κ
    // only needs to be near the best value: any κ gives a valid bound). The
    // sums are split over kLanes independent accumulators (centre i into
    // lane i mod kLanes): summed in one chain, each addition waits for the
    // previous one, and this pass alone cost ~4 ns per centre at N = 1e5,
    // where a cluster pulled by f = −x fails the plain test every step
    // (bench/perf.md). The split changes the sums' rounding only, which any
    // κ, c, p tolerate.
    constexpr std::size_t kLanes = 4;
    std::array<double, 3> c{0, 0, 0}, p{0, 0, 0};
    double sbv = 0, sbb = 0, scale = 0;
    // For a compile-time dimension, so the lanes live in registers.
    auto pass1 = [&]<int kD>() {
      std::array<std::array<double, 3>, kLanes> cl{}, pl{};
      std::array<double, kLanes> sbvl{}, sbbl{}, scalel{};
      auto accumulate = [&](std::size_t l, Eigen::Index i) {
        for (std::size_t a = 0; a < std::size_t(kD); ++a) {
          const double xb = to_double(built_at_[i * kD + Eigen::Index(a)]), xv = to_double(x[i * kD + Eigen::Index(a)]);
          const double v = xv - xb;
          cl[l][a] += v;
          pl[l][a] += xb;
          sbvl[l] += xb * v;
          sbbl[l] += xb * xb;
          scalel[l] = std::max({scalel[l], std::abs(xb), std::abs(xv)});
        }
      };
      Eigen::Index i0 = 0;
      for (; i0 + Eigen::Index(kLanes) <= n; i0 += Eigen::Index(kLanes))
        for (std::size_t l = 0; l < kLanes; ++l) accumulate(l, i0 + Eigen::Index(l));
      for (; i0 < n; ++i0) accumulate(0, i0);
      for (std::size_t l = 0; l < kLanes; ++l) {
        for (std::size_t a = 0; a < 3; ++a) {
          c[a] += cl[l][a];
          p[a] += pl[l][a];
        }
        sbv += sbvl[l];
        sbb += sbbl[l];
        scale = std::max(scale, scalel[l]);
      }
    };
    if (D == 1)
      pass1.template operator()<1>();
    else if (D == 2)
      pass1.template operator()<2>();
    else
      pass1.template operator()<3>();
    double pc = 0, pp = 0;
    for (int a = 0; a < D; ++a) {
      c[static_cast<std::size_t>(a)] /= double(n);
      p[static_cast<std::size_t>(a)] /= double(n);
      pc += p[static_cast<std::size_t>(a)] * c[static_cast<std::size_t>(a)];
      pp += p[static_cast<std::size_t>(a)] * p[static_cast<std::size_t>(a)];
    }
    const double num = sbv - double(n) * pc, den = sbb - double(n) * pp;
    const double kappa = den > 0 && std::isfinite(num / den) ? num / den : 0;
    // Pass 2: the residuals.
    double r2max = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      double r2 = 0;
      for (int a = 0; a < D; ++a) {
        const double xb = to_double(built_at_[i * D + a]);
        const double r = to_double(x[i * D + a]) - xb - c[static_cast<std::size_t>(a)] -
                         kappa * (xb - p[static_cast<std::size_t>(a)]);
        r2 += r * r;
      }
      r2max = std::max(r2max, r2);
    }
    const double rho = std::sqrt(r2max) + 1e-12 * (1 + scale);
    return std::isfinite(rho) &&
           cutoff + 2 * rho < std::abs(1 + kappa) * to_double(built_cutoff_) * (1 - 1e-9);
  }

  std::vector<std::pair<int, int>> pairs_;
  std::vector<int> first_, partner_;
  CellList::Buffers buffers_;
  Vec<T> built_at_;
  T built_cutoff_{0};
  int D_ = 0;
  long rebuilds_ = 0;
};

}  // namespace sweepcheck
