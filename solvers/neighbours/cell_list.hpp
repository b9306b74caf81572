#pragma once
// Candidate pairs of disks (or spheres) closer than a cutoff, found with a
// uniform grid of cells instead of the O(N²) all-pairs loop. The returned
// list is sorted lexicographically by (i, j), i < j, so a sweep over it visits
// constraints in a deterministic order that does not depend on how the grid
// was traversed.
//
// Cost: O(N + number of pairs within about two cell widths) per rebuild for a
// bounded density of disks.
#include <algorithm>
#include <array>
#include <limits>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

class CellList {
 public:
  // All pairs (i, j), i < j, with |X_i − X_j| < cutoff, for N = x.size()/D
  // centres of dimension D (2 or 3) stacked in x. Exact: pairs at distance
  // < cutoff are all found (the cell width is the cutoff).
  // |X_i − X_j|² as the cell list tests it against cutoff² (callers that
  // filter a covering list use it to find exactly the same pairs).
  template <class T>
  static T squared_distance(const Vec<T>& x, int D, int i, int j) {
    if constexpr (std::is_same_v<T, double>) {
      if (D == 2) {  // the value Eigen's squaredNorm gives below, without the expression machinery
        const double dx = x[Eigen::Index(i) * 2] - x[Eigen::Index(j) * 2];
        const double dy = x[Eigen::Index(i) * 2 + 1] - x[Eigen::Index(j) * 2 + 1];
        return dx * dx + dy * dy;
      }
    }
    return (x.segment(Eigen::Index(i) * D, D) - x.segment(Eigen::Index(j) * D, D)).squaredNorm();
  }

  // Work arrays of a build, kept by callers that rebuild often (the Verlet
  // list) so that a rebuild allocates nothing once warm.
  struct Buffers {
    std::vector<std::array<std::int64_t, 3>> where;
    std::vector<int> start, members, fill, partners;
  };

  template <class T>
  static std::vector<std::pair<int, int>> pairs_within(const Vec<T>& x, int D, double cutoff) {
    std::vector<std::pair<int, int>> out;
    Buffers b;
    pairs_within(x, D, cutoff, out, b);
    return out;
  }

  // The same into `out` (cleared first), with the caller's work arrays.
  template <class T>
  static void pairs_within(const Vec<T>& x, int D, double cutoff, std::vector<std::pair<int, int>>& out, Buffers& buf) {
    out.clear();
    if (D < 1 || D > 3) throw std::invalid_argument("CellList: D must be 1, 2 or 3");
    if (!(cutoff > 0) || !std::isfinite(cutoff)) throw std::invalid_argument("CellList: cutoff must be > 0 and finite");
    if (x.size() % D != 0) throw std::invalid_argument("CellList: state size is not a multiple of D");
    const int N = static_cast<int>(x.size() / D);
    if (N < 2) return;

    // Cell coordinates of each centre, relative to the bounding box's corner.
    std::vector<double> lo(static_cast<std::size_t>(D), std::numeric_limits<double>::infinity());
    for (int i = 0; i < N; ++i)
      for (int a = 0; a < D; ++a) {
        const double v = to_double(x[Eigen::Index(i) * D + a]);
        if (!std::isfinite(v)) throw std::invalid_argument("CellList: non-finite position");
        lo[static_cast<std::size_t>(a)] = std::min(lo[static_cast<std::size_t>(a)], v);
      }
    auto cell_of = [&](int i) {
      std::array<std::int64_t, 3> c{0, 0, 0};
      for (int a = 0; a < D; ++a)
        c[static_cast<std::size_t>(a)] = static_cast<std::int64_t>(
            std::floor((to_double(x[Eigen::Index(i) * D + a]) - lo[static_cast<std::size_t>(a)]) / cutoff));
      return c;
    };
    auto& where = buf.where;
    where.resize(static_cast<std::size_t>(N));
    std::array<std::int64_t, 3> extent{1, 1, 1};  // cells per axis
    for (int i = 0; i < N; ++i) {
      where[static_cast<std::size_t>(i)] = cell_of(i);
      for (int a = 0; a < D; ++a)
        extent[static_cast<std::size_t>(a)] =
            std::max(extent[static_cast<std::size_t>(a)], where[static_cast<std::size_t>(i)][static_cast<std::size_t>(a)] + 1);
    }
    const T cut2 = T(cutoff) * T(cutoff);
    auto r2_of = [&](int i, int j) -> T { return squared_distance(x, D, i, j); };
    const int reach_y = D >= 2 ? 1 : 0, reach_z = D >= 3 ? 1 : 0;
    auto& partners = buf.partners;
    // Dense grid when the bounding box holds a few cells per centre (the
    // usual case: packed disks): cells as flat arrays in memory order
    // (counting sort, members of a cell in increasing index), O(N) with no
    // hashing or per-cell allocation (issue 15). A sparse configuration
    // (cells >> N) takes the hash map below.
    const double cells_total = double(extent[0]) * double(extent[1]) * double(extent[2]);
    if (cells_total <= 4.0 * N + 64) {
      auto linear = [&](const std::array<std::int64_t, 3>& c) { return (c[0] * extent[1] + c[1]) * extent[2] + c[2]; };
      const auto n_cells = static_cast<std::size_t>(cells_total);
      auto &start = buf.start, &members = buf.members, &fill = buf.fill;
      start.assign(n_cells + 1, 0);
      members.resize(static_cast<std::size_t>(N));
      for (int i = 0; i < N; ++i) ++start[static_cast<std::size_t>(linear(where[static_cast<std::size_t>(i)])) + 1];
      for (std::size_t c = 0; c < n_cells; ++c) start[c + 1] += start[c];
      {
        fill.assign(start.begin(), start.end() - 1);
        for (int i = 0; i < N; ++i)
          members[static_cast<std::size_t>(fill[static_cast<std::size_t>(linear(where[static_cast<std::size_t>(i)]))]++)] = i;
      }
      for (int i = 0; i < N; ++i) {
        partners.clear();
        const auto c = where[static_cast<std::size_t>(i)];
        for (int dx = -1; dx <= 1; ++dx)
          for (int dy = -reach_y; dy <= reach_y; ++dy)
            for (int dz = -reach_z; dz <= reach_z; ++dz) {
              const std::array<std::int64_t, 3> n{c[0] + dx, c[1] + dy, c[2] + dz};
              if (n[0] < 0 || n[1] < 0 || n[2] < 0 || n[0] >= extent[0] || n[1] >= extent[1] || n[2] >= extent[2])
                continue;
              const auto l = static_cast<std::size_t>(linear(n));
              for (int k = start[l]; k < start[l + 1]; ++k) {
                const int j = members[static_cast<std::size_t>(k)];
                if (j > i && r2_of(i, j) < cut2) partners.push_back(j);
              }
            }
        std::sort(partners.begin(), partners.end());
        for (int j : partners) out.emplace_back(i, j);
      }
      return;
    }

    auto key = [](const std::array<std::int64_t, 3>& c) {
      // Unique while cells stay below 2^21 per axis; beyond that two cells may
      // share a key, which only adds candidates (distances are checked
      // exactly) and duplicates (removed below).
      return (c[0] << 42) ^ (c[1] << 21) ^ c[2];
    };
    std::unordered_map<std::int64_t, std::vector<int>> cells;
    cells.reserve(static_cast<std::size_t>(N));
    for (int i = 0; i < N; ++i) cells[key(where[static_cast<std::size_t>(i)])].push_back(i);
    // Pairs are emitted i by i, each i's partners sorted, so the list comes
    // out (i, j)-lexicographic without sorting it as a whole.
    for (int i = 0; i < N; ++i) {
      partners.clear();
      const auto c = where[static_cast<std::size_t>(i)];
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -reach_y; dy <= reach_y; ++dy)
          for (int dz = -reach_z; dz <= reach_z; ++dz) {
            const std::array<std::int64_t, 3> n{c[0] + dx, c[1] + dy, c[2] + dz};
            if (n[0] < 0 || n[1] < 0 || n[2] < 0) continue;
            const auto it = cells.find(key(n));
            if (it == cells.end()) continue;
            for (int j : it->second)
              if (j > i && r2_of(i, j) < cut2) partners.push_back(j);
          }
      std::sort(partners.begin(), partners.end());
      partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
      for (int j : partners) out.emplace_back(i, j);
    }
  }
};

}  // namespace sweepcheck
