#pragma once
// The roofline of the disks' pair kernel (issue 15): what a hand-written
// program would do, over raw arrays, with nothing but the arithmetic of the
// sweep (seed 000, (4)):
//   - sweep_all_pairs: for i < j, project onto |X_i − X_j| >= d (the O(N²)
//     definition), in (i, j) order, or, for PairOrder::round_robin, over
//     all pairs as flat arrays in that order (solvers/neighbours/pair_order.hpp);
//   - sweep_candidates: the same over a precomputed flat candidate list (the
//     cell-list variant; the list is built outside the timed loop);
//   - pngs_step: PNGS (seed 000, Section 4.1, stopping rule (38)) with
//     all-pairs sweeps, as a tight reference computation would run it.
// The projection is DisksSet::project_pair's arithmetic, with the squared
// distance tested first (no square root for separated pairs), so the tight
// loop computes the same states as the library, bit for bit (bench_perf checks
// it on the reference windows).
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/neighbours/cell_list.hpp"
#include "sweepcheck/solvers/neighbours/pair_order.hpp"

namespace sweepcheck::bench {

struct TightCandidates {
  std::vector<int> first, partner;  // partners of i: partner[first[i] .. first[i + 1])
  // For another order the pairs are one flat list in that order
  // (owner[k], partner[k]) and `first` is empty.
  std::vector<int> owner;
  bool flat = false;
  TightCandidates(const Vec<double>& x, double cutoff, PairOrder order = PairOrder::index)
      : TightCandidates(static_cast<int>(x.size() / 2), CellList::pairs_within(x, 2, cutoff), order) {}
  // Pairs sorted (i, j).
  TightCandidates(int N, std::vector<std::pair<int, int>> pairs, PairOrder order) {
    if (order != PairOrder::index) {
      flat = true;
      std::sort(pairs.begin(), pairs.end(), [N, order](const auto& p, const auto& q) {
        return pair_order_key(order, p.first, p.second, N) < pair_order_key(order, q.first, q.second, N);
      });
      for (const auto& [i, j] : pairs) {
        owner.push_back(i);
        partner.push_back(j);
      }
      return;
    }
    first.assign(static_cast<std::size_t>(N) + 1, 0);
    for (const auto& [i, j] : pairs) {
      ++first[static_cast<std::size_t>(i) + 1];
      partner.push_back(j);
    }
    for (int i = 0; i < N; ++i) first[static_cast<std::size_t>(i) + 1] += first[static_cast<std::size_t>(i)];
  }
};

class TightDisks {
 public:
  TightDisks(int N, double R, PairOrder order = PairOrder::index)
      : N_(N), d_(2 * R), half_(d_ / 2), reject2_(d_ * d_ * (1 + 1e-10)) {
    if (order == PairOrder::index) return;
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < N; ++i)
      for (int j = i + 1; j < N; ++j) pairs.emplace_back(i, j);
    all_ = std::make_unique<TightCandidates>(N, std::move(pairs), order);
  }

  void sweep_all_pairs(double* x) const {
    if (all_) return sweep_candidates(x, *all_);
    for (int i = 0; i < N_; ++i)
      for (int j = i + 1; j < N_; ++j) project(x, i, j);
  }

  void sweep_candidates(double* x, const TightCandidates& c) const {
    if (c.flat) {
      for (std::size_t k = 0; k < c.owner.size(); ++k) project(x, c.owner[k], c.partner[k]);
      return;
    }
    for (int i = 0; i < N_; ++i)
      for (int k = c.first[static_cast<std::size_t>(i)]; k < c.first[static_cast<std::size_t>(i) + 1]; ++k)
        project(x, i, c.partner[static_cast<std::size_t>(k)]);
  }

  // One PNGS step of x' = −γ x − N(S, x) in place: Euler predictor, then
  // all-pairs sweeps until ‖P(y) − y‖ <= abstol + reltol ‖y‖ (the norms as
  // solvers/schemes/pngs.hpp computes them). Returns false at the sweep cap.
  // With `candidates`, the sweeps go over that list instead of all pairs.
  bool pngs_step(Vec<double>& x, double h, double gamma, double abstol, double reltol, int max_sweeps,
                 const TightCandidates* candidates = nullptr) const {
    for (Eigen::Index k = 0; k < x.size(); ++k) x[k] = x[k] + h * (-gamma * x[k]);
    previous_.resize(x.size());
    for (int s = 0; s < max_sweeps; ++s) {
      previous_ = x;
      if (candidates)
        sweep_candidates(x.data(), *candidates);
      else
        sweep_all_pairs(x.data());
      if ((x - previous_).norm() <= abstol + reltol * previous_.norm()) return true;
    }
    return false;
  }

 private:
  void project(double* x, int i, int j) const {
    double ux = x[2 * i] - x[2 * j], uy = x[2 * i + 1] - x[2 * j + 1];
    const double r2 = ux * ux + uy * uy;
    if (r2 > reject2_) return;
    const double r = std::sqrt(r2);
    if (r >= d_) return;
    if (r > 0) {
      ux /= r;
      uy /= r;
    } else {
      ux = 1;
      uy = 0;
    }
    const double mx = (x[2 * i] + x[2 * j]) / 2.0, my = (x[2 * i + 1] + x[2 * j + 1]) / 2.0;
    x[2 * i] = mx + half_ * ux;
    x[2 * i + 1] = my + half_ * uy;
    x[2 * j] = mx - half_ * ux;
    x[2 * j + 1] = my - half_ * uy;
  }

  int N_;
  double d_, half_, reject2_;
  std::unique_ptr<TightCandidates> all_;  // all pairs in a non-index order
  mutable Vec<double> previous_;
};

}  // namespace sweepcheck::bench
