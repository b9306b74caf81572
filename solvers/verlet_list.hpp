#pragma once
// A Verlet neighbour list: the candidate pairs of a cell list
// (solvers/cell_list.hpp), kept across calls while the centres move little.
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
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "solvers/cell_list.hpp"
#include "solvers/scalar.hpp"

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
      pairs_ = CellList::pairs_within(x, D, to_double(built_cutoff_));
      built_at_ = x;
      D_ = D;
      ++rebuilds_;
    }
    return pairs_;
  }

  // Rebuilds so far (tests and benchmarks).
  long rebuilds() const { return rebuilds_; }

 private:
  bool covers(const Vec<T>& x, int D, const T& cutoff) const {
    using std::max;
    if (D != D_ || x.size() != built_at_.size()) return false;
    T moved(0);
    for (Eigen::Index i = 0; i < x.size(); i += D) {
      const T m = (x.segment(i, D) - built_at_.segment(i, D)).norm();
      // A non-finite position is never covered: the rebuild rejects it with
      // the cell list's message instead of sweeping a stale list.
      if (!std::isfinite(to_double(m))) return false;
      moved = max(moved, m);
    }
    // Strict, with a relative allowance for the rounding of the distances
    // computed above and in the cell list.
    return cutoff + T(2) * moved < built_cutoff_ * (T(1) - T(1e-9));
  }

  std::vector<std::pair<int, int>> pairs_;
  Vec<T> built_at_;
  T built_cutoff_{0};
  int D_ = 0;
  long rebuilds_ = 0;
};

}  // namespace sweepcheck
