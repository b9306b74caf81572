#pragma once
// The disks workloads shared by bench_disks and bench_perf: radius 0.1,
// hexagonal clusters, and PBD's per-step workload (20 steps, h = 1e-3, of a
// touching cluster pulled together by f = −x, from the same start every
// iteration, so the figure does not depend on how many iterations the
// harness chooses: a free-running trajectory jams and gets slower per step
// the longer it runs).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "sweepcheck/analytic/disks.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"

namespace sweepcheck::bench {

constexpr double kR = 0.1;

// Centres 2R (1 − 0.01) apart: every neighbour pair overlaps by 1%, so a
// sweep projects (benchmarks reset the state before every sweep).
inline Vec<double> overlapping_cluster(int N) { return disks_hexagonal_cluster(N, kR, -0.01); }

// How the cluster's disks are numbered. The same physical problem in every
// case (a relabelling of the disks); the sweep visits pairs in (i, j) order,
// so the order of projections, hence the trajectory, changes with it.
//  - rows: as disks_hexagonal_cluster builds it, row after row (neighbours
//    of disk i are i ± 1 and i ± side, ± 1: a sweep touches a band of three
//    rows of the state, ~15 kB at N = 1e5);
//  - random: a seeded random permutation of the rows numbering, the order of
//    a configuration drawn disk by disk (as disks_initial_configuration
//    does): the partners j of i lie anywhere in memory;
//  - cells: the random numbering renumbered in cell order, as particle
//    codes do to restore locality: columns of cells of width 2R + skin (the
//    cell list's memory order, solvers/neighbours/cell_list.hpp), and within a column
//    by height (a strip sort; members of a cell in random order instead
//    cost ~1.4× at N >= 1e4, bench/perf.md);
//  - morton: the cells in Morton (Z) order, a space-filling curve, members
//    of a cell by their random number: worse than columns of cells here
//    (neighbours across a quadrant boundary lie far apart in memory).
enum class Numbering { rows, random, cells, morton };

// Positions x renumbered so that new disk k is old disk perm[k].
inline Vec<double> renumbered(const Vec<double>& x, const std::vector<int>& perm) {
  Vec<double> y(x.size());
  for (std::size_t k = 0; k < perm.size(); ++k) y.segment<2>(2 * Eigen::Index(k)) = x.segment<2>(2 * perm[k]);
  return y;
}

// Interleaves the bits of two 32-bit cell coordinates (Z order).
inline std::uint64_t morton(std::uint32_t a, std::uint32_t b) {
  std::uint64_t m = 0;
  for (int bit = 0; bit < 32; ++bit)
    m |= (std::uint64_t((a >> bit) & 1u) << (2 * bit)) | (std::uint64_t((b >> bit) & 1u) << (2 * bit + 1));
  return m;
}

// The permutation that lists disks by cell (width w): columns of cells, each
// column by height; or cells in Morton order, ties (same cell) by index. New
// disk k is old disk perm[k].
inline std::vector<int> cell_order(const Vec<double>& x, double w, bool z_order) {
  const int N = static_cast<int>(x.size() / 2);
  double lx = INFINITY, ly = INFINITY;
  for (int i = 0; i < N; ++i) {
    lx = std::min(lx, x[2 * i]);
    ly = std::min(ly, x[2 * i + 1]);
  }
  std::vector<std::uint64_t> key(static_cast<std::size_t>(N));
  for (int i = 0; i < N; ++i) {
    const auto cx = static_cast<std::uint32_t>((x[2 * i] - lx) / w), cy = static_cast<std::uint32_t>((x[2 * i + 1] - ly) / w);
    key[static_cast<std::size_t>(i)] = z_order ? morton(cx, cy) : (std::uint64_t(cx) << 32) | cy;
  }
  std::vector<int> perm(static_cast<std::size_t>(N));
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int a, int b) {
    const auto ka = key[static_cast<std::size_t>(a)], kb = key[static_cast<std::size_t>(b)];
    if (z_order || (ka >> 32) != (kb >> 32)) return ka < kb;
    return x[2 * a + 1] < x[2 * b + 1];
  });
  return perm;
}

inline Vec<double> numbered_cluster(int N, double gap, Numbering n) {
  const Vec<double> rows = disks_hexagonal_cluster(N, kR, gap);
  if (n == Numbering::rows) return rows;
  std::vector<int> perm(static_cast<std::size_t>(N));
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), std::mt19937_64(15));  // any fixed permutation: bench input only
  const Vec<double> random = renumbered(rows, perm);
  if (n == Numbering::random) return random;
  return renumbered(random, cell_order(random, 2 * kR * 1.5, n == Numbering::morton));  // 2R + skin (skin R)
}

// N disks in a touching-but-feasible cluster (gap 1%), f = −x.
inline Disks<double> pbd_cluster_problem(int N, Numbering n = Numbering::rows) {
  DisksOptions o;
  o.N = N;
  o.R = kR;
  return Disks<double>(o, numbered_cluster(N, 0.01, n));
}

constexpr int kPbdClusterSteps = 20;

// One timed unit: kPbdClusterSteps PBD steps from p.x0(); x ends in the last
// state, `next` is scratch, w accumulates the work.
inline void pbd_cluster_steps(const Disks<double>& p, const Pbd<double>& pbd, Vec<double>& x, Vec<double>& next,
                              Work& w) {
  x = p.x0();
  for (int k = 0; k < kPbdClusterSteps; ++k) {
    pbd.step(p, 0.0, x, 1e-3, next, w);
    x.swap(next);
  }
}

}  // namespace sweepcheck::bench
