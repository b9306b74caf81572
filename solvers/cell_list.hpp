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
#include <unordered_map>
#include <utility>
#include <vector>

#include "solvers/scalar.hpp"

namespace sweepcheck {

class CellList {
 public:
  // All pairs (i, j), i < j, with |X_i − X_j| < cutoff, for N = x.size()/D
  // centres of dimension D (2 or 3) stacked in x. Exact: pairs at distance
  // < cutoff are all found (the cell width is the cutoff).
  template <class T>
  static std::vector<std::pair<int, int>> pairs_within(const Vec<T>& x, int D, double cutoff) {
    if (D < 1 || D > 3) throw std::invalid_argument("CellList: D must be 1, 2 or 3");
    if (!(cutoff > 0) || !std::isfinite(cutoff)) throw std::invalid_argument("CellList: cutoff must be > 0 and finite");
    if (x.size() % D != 0) throw std::invalid_argument("CellList: state size is not a multiple of D");
    const int N = static_cast<int>(x.size() / D);
    std::vector<std::pair<int, int>> out;
    if (N < 2) return out;

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
    auto key = [](const std::array<std::int64_t, 3>& c) {
      // Unique while cells stay below 2^21 per axis; beyond that two cells may
      // share a key, which only adds candidates (distances are checked
      // exactly) and duplicates (removed below).
      return (c[0] << 42) ^ (c[1] << 21) ^ c[2];
    };
    std::unordered_map<std::int64_t, std::vector<int>> cells;
    cells.reserve(static_cast<std::size_t>(N));
    std::vector<std::array<std::int64_t, 3>> where(static_cast<std::size_t>(N));
    for (int i = 0; i < N; ++i) {
      where[static_cast<std::size_t>(i)] = cell_of(i);
      cells[key(where[static_cast<std::size_t>(i)])].push_back(i);
    }
    const T cut2 = T(cutoff) * T(cutoff);
    const int reach_y = D >= 2 ? 1 : 0, reach_z = D >= 3 ? 1 : 0;
    // Pairs are emitted i by i, each i's partners sorted, so the list comes
    // out (i, j)-lexicographic without sorting it as a whole.
    std::vector<int> partners;
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
            for (int j : it->second) {
              if (j <= i) continue;
              const T r2 = (x.segment(Eigen::Index(i) * D, D) - x.segment(Eigen::Index(j) * D, D)).squaredNorm();
              if (r2 < cut2) partners.push_back(j);
            }
          }
      std::sort(partners.begin(), partners.end());
      partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
      for (int j : partners) out.emplace_back(i, j);
    }
    return out;
  }
};

}  // namespace sweepcheck
