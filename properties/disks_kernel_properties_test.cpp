// The disks' flat sweep kernel (DisksSet::sweep_flat, issue 15) against the
// plain version it replaced (DisksSet::sweep_simple, kept as the oracle):
// over random configurations and sequences of sweeps, the same state bit for
// bit and the same work counts. Bit equality is the requirement, not a
// tolerance: cached references (studies/runs/disks_reference.hpp) were computed
// with the plain sweep and must stay valid.
//
// Configurations: uniform centres in a square (sparse to heavily
// overlapping), hexagonal clusters at or near contact (the pairs at r ≈ d
// exercise the kernel's square-root shortcuts), violent overlaps (the sweep
// re-anchors and doubles its skin), and coincident centres (r = 0). Each
// case runs a few sweeps interleaved with small random moves and a common
// contraction, so the Verlet list (and its test modulo scaling) and the
// sweep's second-level list are reused across calls as in PBD/PNGS steps.
// Each case draws the order of pairs (solvers/neighbours/pair_order.hpp): the (i, j)
// order of the schemes or the round-robin order of the disks' reference;
// small moves take the second level's optimistic way (no displacement test
// per projection, validated after the sweep), violent ones its fallback;
// a deterministic test below makes sure both happen.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "sweepcheck/analytic/disks.hpp"

namespace sweepcheck {
namespace {

struct Case {
  PairOrder order;
  int N;
  double R;
  Vec<double> x;
  std::vector<double> moves;  // small perturbations between sweeps
  double contraction = 0;     // and a common scaling x <- (1 − contraction) x (as f = −γ x does)
  int sweeps;
};

std::ostream& operator<<(std::ostream& os, const Case& c) {
  os << "order=" << to_string(c.order) << " N=" << c.N << " R=" << c.R << " sweeps=" << c.sweeps << " x=" << c.x.transpose();
  return os;
}

rc::Gen<double> unit() {
  return rc::gen::map(rc::gen::inRange(0, 1000001), [](int k) { return k / 1e6; });
}

rc::Gen<Case> any_case() {
  return rc::gen::exec([] {
    Case c;
    c.order = *rc::gen::element(PairOrder::index, PairOrder::round_robin);
    c.N = *rc::gen::inRange(2, 90);
    c.R = *rc::gen::element(0.01, 0.1, 0.25, 1.0);
    c.sweeps = *rc::gen::inRange(1, 12);
    const int kind = *rc::gen::inRange(0, 4);
    if (kind == 0) {  // uniform in a square, area fraction 0.05..2
      const double fraction = 0.05 + 2 * *unit();
      const double L = std::sqrt(c.N * M_PI * c.R * c.R / fraction);
      c.x.resize(2 * c.N);
      for (int k = 0; k < 2 * c.N; ++k) c.x[k] = (*unit() - 0.5) * L;
    } else if (kind == 1) {  // hexagonal cluster near contact, tiny jitter
      const double gap = (*unit() - 0.5) * 0.02;
      c.x = disks_hexagonal_cluster(c.N, c.R, gap);
      const double jitter = *rc::gen::element(0.0, 1e-14, 1e-9);
      for (int k = 0; k < 2 * c.N; ++k) c.x[k] += (*unit() - 0.5) * jitter * c.R;
    } else if (kind == 2) {  // violent: everything in a box of a few radii
      c.x.resize(2 * c.N);
      for (int k = 0; k < 2 * c.N; ++k) c.x[k] = (*unit() - 0.5) * 3 * c.R;
    } else {  // coincident centres: pairs of disks at the same point
      c.x = disks_hexagonal_cluster(c.N, c.R, 0.3);
      for (int k = 1; k < c.N; k += 2) c.x.segment<2>(2 * k) = c.x.segment<2>(2 * (k - 1));
    }
    const double step = *rc::gen::element(0.0, 1e-6, 1e-3, 0.05);
    c.moves.resize(static_cast<std::size_t>(2 * c.N * c.sweeps));
    for (auto& m : c.moves) m = (*unit() - 0.5) * step * c.R;
    c.contraction = *rc::gen::element(0.0, 1e-4, 1e-2);
    return c;
  });
}

bool same_bits(const Vec<double>& a, const Vec<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(double) * std::size_t(a.size())) == 0;
}

RC_GTEST_PROP(DisksKernel, TheFlatSweepReproducesThePlainSweepBitForBitWithTheSameWork, ()) {
  const Case c = *any_case();
  const DisksSet<double> set(c.N, c.R, c.order);
  Vec<double> fast = c.x, plain = c.x;
  Work wf, wp;
  for (int s = 0; s < c.sweeps; ++s) {
    set.sweep(0.0, fast, wf);  // the dispatch used by every scheme
    set.sweep_simple(0.0, plain, wp);
    RC_ASSERT(same_bits(fast, plain));
    RC_ASSERT(wf.constraint_evaluations == wp.constraint_evaluations);
    RC_ASSERT(wf.projections == wp.projections);
    RC_ASSERT(wf.sweeps == wp.sweeps);
    for (int k = 0; k < 2 * c.N; ++k) {
      fast[k] = fast[k] * (1 - c.contraction) + c.moves[static_cast<std::size_t>(s * 2 * c.N + k)];
      plain[k] = fast[k];
    }
  }
}

// Every pair i < j in the order (sorted by pair_order_key).
std::vector<std::pair<int, int>> all_pairs_in(PairOrder order, int N) {
  std::vector<std::pair<int, int>> pairs;
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) pairs.emplace_back(i, j);
  std::sort(pairs.begin(), pairs.end(), [&](const auto& p, const auto& q) {
    return pair_order_key(order, p.first, p.second, N) < pair_order_key(order, q.first, q.second, N);
  });
  return pairs;
}

// The oracle itself against the O(N²) definition (every pair, in the order,
// project_pair): the same state, so the chain kernel = plain = all pairs holds.
RC_GTEST_PROP(DisksKernel, ThePlainSweepIsTheAllPairsSweep, ()) {
  const Case c = *any_case();
  const DisksSet<double> set(c.N, c.R, c.order);
  Vec<double> plain = c.x, all = c.x;
  Work w;
  set.sweep_simple(0.0, plain, w);
  for (const auto& [i, j] : all_pairs_in(c.order, c.N)) set.project_pair(all, i, j);
  RC_ASSERT(same_bits(plain, all));
}

// Both ways of the second level, on purpose: sweeps with tiny moves (the
// optimistic pass is kept), then a cluster compressed by a common
// contraction small enough to keep the level (every disk moves less than
// its ε) but whose overlaps sum to more than the optimistic bound (the pass
// is restored and redone checked). Every sweep equals the plain one, bit for bit and in work.
TEST(DisksKernel, OptimisticSweepsAreKeptOrRestoredAndAlwaysEqualThePlainSweep) {
  for (PairOrder order : {PairOrder::index, PairOrder::round_robin}) {
    const int N = 80;
    const double R = 0.1;
    const DisksSet<double> set(N, R, order);
    Vec<double> fast = disks_hexagonal_cluster(N, R, 0.0), plain = fast;
    const auto before = DisksSet<double>::sweep_paths();
    Work wf, wp;
    for (int s = 0; s < 40; ++s) {
      const double contraction = s == 30 ? 5e-3 : 1e-7;
      fast *= 1 - contraction;
      plain = fast;
      set.sweep(0.0, fast, wf);
      set.sweep_simple(0.0, plain, wp);
      ASSERT_TRUE(same_bits(fast, plain)) << to_string(order) << " sweep " << s;
      ASSERT_EQ(wf.constraint_evaluations, wp.constraint_evaluations);
      ASSERT_EQ(wf.projections, wp.projections);
    }
    const auto after = DisksSet<double>::sweep_paths();
    EXPECT_GT(after.accepted, before.accepted) << to_string(order);
    EXPECT_GT(after.restored, before.restored) << to_string(order);
  }
}

// Negative control: the order matters, so the properties above compare
// something that can differ. On a cluster of overlapping disks (one sweep
// cannot resolve it) the two orders give different states, and the
// round-robin sweep is not the (i, j) all-pairs sweep.
TEST(DisksKernel, TheTwoOrdersGiveDifferentSweepsOnAnOverlappingCluster) {
  const int N = 30;
  const double R = 0.1;
  const Vec<double> x0 = disks_hexagonal_cluster(N, R, -0.05);
  Vec<double> index = x0, rr = x0, all = x0;
  Work w;
  DisksSet<double>(N, R, PairOrder::index).sweep(0.0, index, w);
  DisksSet<double>(N, R, PairOrder::round_robin).sweep(0.0, rr, w);
  for (const auto& [i, j] : all_pairs_in(PairOrder::index, N)) DisksSet<double>(N, R).project_pair(all, i, j);
  EXPECT_TRUE(same_bits(index, all));
  EXPECT_FALSE(same_bits(rr, all));
  EXPECT_GT((rr - index).cwiseAbs().maxCoeff(), 1e-6);
}

}  // namespace
}  // namespace sweepcheck
