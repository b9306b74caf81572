#pragma once
// The order in which a Gauss–Seidel sweep visits the pair constraints
// S_ij = { |X_i − X_j| >= d }, i < j, of N disks (seed 000, (4): the sweep
// projects onto each S_ij in turn; the theory fixes no order).
//
//   index:       (i, j) lexicographic, the loop `for i < j` (the paper's
//                sweep, and the order of every scheme's default).
//   round_robin: the rounds of a round-robin tournament (circle method), and
//                within a round by i. Each round is a matching (no two of
//                its pairs share a disk), so consecutive projections of the
//                sweep are mostly independent and the processor overlaps
//                them; in (i, j) order each projection reads what the
//                previous one wrote (pairs (i, j), (i, j′) share disk i), a
//                chain of square roots and divisions whose latency bounds
//                the sweep (bench/perf.md, "Reference solve"). Used by the
//                disks' reference (studies/runs/disks_reference.hpp).
//
// Both orders are fixed total orders of the pairs, independent of positions
// and of any neighbour list: a sweep restricted to candidate pairs visits
// the projecting pairs in the same order as the all-pairs sweep, so it
// computes the same state bit for bit.
#include <cstdint>
#include <string>

namespace sweepcheck {

enum class PairOrder { index, round_robin };

inline std::string to_string(PairOrder o) { return o == PairOrder::index ? "index" : "round-robin"; }

// Position of pair (i, j), i < j < N, in the order: increasing keys are the
// visiting order. Round robin: with m = N − 1 rounds for even N (disk N − 1
// stays off the circle) and m = N for odd N (disk r sits out round r), pair
// (i, j) of circle disks meets in the round r with i + j ≡ 2r (mod m), i.e.
// r = (i + j)(m + 1)/2 mod m (m is odd, (m + 1)/2 is the inverse of 2), and
// for even N disk N − 1 meets disk r in round r. For every r the map
// i -> 2r − i (mod m) pairs the circle disks other than r disjointly, so
// each round is a matching and each pair has exactly one round
// (pair_order_test checks both for N = 2..64).
inline std::int64_t pair_order_key(PairOrder o, int i, int j, int N) {
  const std::int64_t n = N;
  if (o == PairOrder::index) return std::int64_t(i) * n + j;
  const std::int64_t m = N % 2 == 0 ? n - 1 : n;
  const std::int64_t round = (N % 2 == 0 && j == N - 1) ? i : ((std::int64_t(i) + j) % m) * ((m + 1) / 2) % m;
  return round * n + i;
}

}  // namespace sweepcheck
