#pragma once
// The non-overlapping disks (seed 000, Section 4.3; analytic/disks.hpp) seen
// through the plugin interface (solvers/plugin/plugin_api.hpp), for the audit.
//
// A plugin sees constraints one at a time, so the view exposes ALL
// N(N−1)/2 pair constraints S_ij = { |X_i − X_j| >= 2R }, numbered in
// (i, j)-lexicographic order (i < j):
//     j = 0 ↔ (0, 1), 1 ↔ (0, 2), …, N−2 ↔ (0, N−1), N−1 ↔ (1, 2), …
// A sweep over the view in index order is therefore the all-pairs sweep
// `for i < j`, which DisksSet::sweep reproduces bit for bit with its cell list
// (analytic/disks.hpp): a plugin's PBD sweep equals the in-tree one. What
// differs is the work: a plugin looks at every pair (780 for N = 40), the
// in-tree sweep only at the cell list's candidates.
//
// value/gradient/distance/project are PairNonOverlap's (solvers/
// pair_non_overlap.hpp) computed in place on the spans, with the same
// floating-point operations as DisksSet::project_pair, so no copy of the
// state is made per call. Stateless: one view serves every thread.
#include <cmath>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sweepcheck/analytic/disks.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

class DisksAllPairsView final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  explicit DisksAllPairsView(Disks<double> problem) : p_(std::move(problem)) {
    const int N = p_.options().N;
    pairs_.reserve(static_cast<std::size_t>(N) * static_cast<std::size_t>(N - 1) / 2);
    for (int i = 0; i < N; ++i)
      for (int k = i + 1; k < N; ++k) pairs_.emplace_back(i, k);
  }

  const Disks<double>& problem() const { return p_; }
  // Constraint j is the pair (pair(j).first, pair(j).second).
  std::pair<int, int> pair(int j) const { return pairs_.at(static_cast<std::size_t>(j)); }

  int dim() const override { return p_.dim(); }
  void f(double /*t*/, std::span<const double> x, std::span<double> out) const override {
    const double gamma = p_.options().gamma;
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = -gamma * x[i];  // f(x) = −γ x
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  using V2 = Eigen::Matrix<double, 2, 1>;
  double d() const { return p_.constraints().min_distance(); }  // 2R
  V2 X(std::span<const double> x, int i) const { return {x[2 * std::size_t(i)], x[2 * std::size_t(i) + 1]}; }
  // Unit direction from X_k to X_i, the tie-break axis e_1 for coincident
  // centres (PairNonOverlap::direction, tie_break_direction).
  V2 direction(std::span<const double> x, int j) const {
    const auto [i, k] = pairs_[static_cast<std::size_t>(j)];
    V2 u = X(x, i) - X(x, k);
    const double r = u.norm();
    if (r > 0) return u / r;
    return {1.0, 0.0};
  }

  int size() const override { return static_cast<int>(pairs_.size()); }
  double value(int j, double /*t*/, std::span<const double> x) const override {
    const auto [i, k] = pairs_[static_cast<std::size_t>(j)];
    return (X(x, i) - X(x, k)).norm() - d();
  }
  void gradient(int j, double /*t*/, std::span<const double> x, std::span<double> g) const override {
    const auto [i, k] = pairs_[static_cast<std::size_t>(j)];
    std::fill(g.begin(), g.end(), 0.0);
    const V2 u = direction(x, j);
    g[2 * std::size_t(i)] = u[0];
    g[2 * std::size_t(i) + 1] = u[1];
    g[2 * std::size_t(k)] = -u[0];
    g[2 * std::size_t(k) + 1] = -u[1];
  }
  double distance(int j, double t, std::span<const double> x) const override {
    return std::max(0.0, -value(j, t, x)) / std::sqrt(2.0);
  }
  bool project(int j, double /*t*/, std::span<double> x) const override {
    const auto [i, k] = pairs_[static_cast<std::size_t>(j)];
    // DisksSet::project_pair, operation for operation.
    V2 u = X(x, i) - X(x, k);
    const double r = u.norm();
    if (r >= d()) return false;
    if (r > 0) {
      u /= r;
    } else {
      u << 1.0, 0.0;
    }
    const V2 mid = (X(x, i) + X(x, k)) / 2.0;
    const V2 a = mid + (d() / 2.0) * u, b = mid - (d() / 2.0) * u;
    x[2 * std::size_t(i)] = a[0];
    x[2 * std::size_t(i) + 1] = a[1];
    x[2 * std::size_t(k)] = b[0];
    x[2 * std::size_t(k) + 1] = b[1];
    return true;
  }

  Disks<double> p_;
  std::vector<std::pair<int, int>> pairs_;
};

}  // namespace sweepcheck
