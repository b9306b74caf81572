#pragma once
// The crowd evacuation of seed 001, Section 5 (analytic/crowd_evacuation.hpp)
// seen through the plugin interface (solvers/plugin/plugin_api.hpp), for the audit.
//
// A plugin sees constraints one at a time and has no neighbour list, so the
// view exposes EVERY constraint of Q, in the order CrowdSet::sweep visits
// them:
//   j <  P = N(N−1)/2 : the pair (i, k), i < k, (i, k)-lexicographic
//                       (D_ik = |q_i − q_k| − 2r >= 0, PairNonOverlap);
//   j >= P            : disk i = (j − P) / W against wall k = (j − P) % W,
//                       disk by disk, wall by wall in crowd_walls() order
//                       (W_ik = dist(q_i, segment_k) − r >= 0, DiskSegmentWall).
// A sweep over the view is therefore CrowdSet's sweep with every pair in
// place of the Verlet list's candidates (the same result while no pair beyond
// the skin comes into contact within one sweep; tested).
//
// value / gradient / distance / project are CrowdSet's own constraint
// functions (PairNonOverlap, DiskSegmentWall), so every scheme through the
// view sees the in-tree constraints: walls have value = signed distance and a
// unit gradient; pairs, as in analytic/disks_view.hpp, the value D_ik with
// |∇D_ik| = √2 in the stacked space (D_ik / √2 is the stacked signed
// distance; `distance` returns that). The projections are exact per
// constraint (PairNonOverlap: the two centres move apart symmetrically;
// DiskSegmentWall: the centre moves to P + r n). Stateless: one view serves
// every thread.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "sweepcheck/analytic/crowd_evacuation.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

class CrowdAllConstraintsView final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  explicit CrowdAllConstraintsView(CrowdEvacuation<double> problem)
      : p_(std::move(problem)), walls_(crowd_walls(p_.options())) {
    const int N = p_.options().people;
    pairs_.reserve(static_cast<std::size_t>(N) * static_cast<std::size_t>(N - 1) / 2);
    for (int i = 0; i < N; ++i)
      for (int k = i + 1; k < N; ++k) pairs_.emplace_back(i, k);
  }

  const CrowdEvacuation<double>& problem() const { return p_; }
  int pair_count() const { return static_cast<int>(pairs_.size()); }
  int wall_count() const { return static_cast<int>(walls_.size()); }
  // Constraint j < pair_count() is the pair (pair(j).first, pair(j).second).
  std::pair<int, int> pair(int j) const { return pairs_.at(static_cast<std::size_t>(j)); }
  // Constraint j >= pair_count() is disk wall(j).first against wall wall(j).second.
  std::pair<int, int> wall(int j) const {
    const int w = j - pair_count();
    if (w < 0 || w >= p_.options().people * wall_count()) throw std::out_of_range("CrowdAllConstraintsView::wall");
    return {w / wall_count(), w % wall_count()};
  }

  int dim() const override { return p_.dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    // CrowdEvacuation::f works on a vector; the copy is O(N), the constraints' loops O(N²).
    const Vec<double> u = p_.f(t, Eigen::Map<const Vec<double>>(x.data(), static_cast<Eigen::Index>(x.size())));
    std::copy(u.data(), u.data() + u.size(), out.begin());
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  using Map = Eigen::Map<const Vec<double>>;
  using MutMap = Eigen::Map<Vec<double>>;
  PairNonOverlap<double> pair_constraint(int j) const {
    const auto [i, k] = pairs_[static_cast<std::size_t>(j)];
    return PairNonOverlap<double>(i, k, 2, 2.0 * p_.options().radius);
  }
  DiskSegmentWall<double> wall_constraint(int j) const {
    const auto [i, k] = wall(j);
    const Segment& s = walls_[static_cast<std::size_t>(k)];
    return DiskSegmentWall<double>(i, s.ax, s.ay, s.bx, s.by, p_.options().radius);
  }
  bool is_pair(int j) const { return j < pair_count(); }

  // The constraint functions take Vec<double>: the spans are copied into a
  // per-thread buffer (O(N) per call; the view is for the audit, not for speed).
  static Vec<double>& buffer(std::span<const double> x) {
    thread_local Vec<double> b;
    b = Map(x.data(), static_cast<Eigen::Index>(x.size()));
    return b;
  }

  int size() const override { return pair_count() + p_.options().people * wall_count(); }
  double value(int j, double t, std::span<const double> x) const override {
    const Vec<double>& v = buffer(x);
    return is_pair(j) ? pair_constraint(j).value(t, v) : wall_constraint(j).value(t, v);
  }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    const Vec<double>& v = buffer(x);
    Vec<double> out;
    if (is_pair(j)) {
      pair_constraint(j).gradient(t, v, out);
    } else {
      wall_constraint(j).gradient(t, v, out);
    }
    std::copy(out.data(), out.data() + out.size(), g.begin());
  }
  double distance(int j, double t, std::span<const double> x) const override {
    const Vec<double>& v = buffer(x);
    return is_pair(j) ? pair_constraint(j).distance(t, v) : wall_constraint(j).distance(t, v);
  }
  bool project(int j, double t, std::span<double> x) const override {
    Vec<double>& v = buffer(x);
    const bool moved = is_pair(j) ? pair_constraint(j).project(t, v) : wall_constraint(j).project(t, v);
    if (moved) std::copy(v.data(), v.data() + v.size(), x.begin());
    return moved;
  }

  CrowdEvacuation<double> p_;
  std::vector<Segment> walls_;
  std::vector<std::pair<int, int>> pairs_;
};

}  // namespace sweepcheck
