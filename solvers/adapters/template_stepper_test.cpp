// The plugin interface adapters: a templated scheme run through
// ProblemViewOf + TemplateStepper must give the very same numbers as the
// template called directly (the audit relies on that to treat in-tree
// schemes like plugins).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/adapters/counting_view.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/solvers/schemes/penalty.hpp"
#include "sweepcheck/solvers/schemes/pgs.hpp"
#include "sweepcheck/solvers/schemes/pngs.hpp"

namespace sweepcheck {
namespace {

// x' ∈ −e_2 − N(S, x), S outside two unit-radius balls centred at ±0.8 e_3.
struct TwoBalls {
  using Scalar = double;
  ConstraintSet<double> set{3};
  TwoBalls() {
    set.add(BallComplement<double>(Vec<double>{{0, 0, 0.8}}, 1.0));
    set.add(BallComplement<double>(Vec<double>{{0, 0, -0.8}}, 1.0));
  }
  int dim() const { return 3; }
  Vec<double> f(double, const Vec<double>&) const { return Vec<double>{{0, -1, 0}}; }
  const ConstraintSet<double>& constraints() const { return set; }
  Vec<double> x0() const { return Vec<double>{{0.2, 0.6, 0}}; }
  double t0() const { return 0; }
  double t_end() const { return 1; }
  std::string name() const { return "two-balls"; }
};

// host_counts_scheme_work: every evaluation the scheme counts is one call
// through the view (PBD, PNGS). PGS also counts its sweeps over its own
// half-spaces (no view call) and calls value and gradient for one counted
// linearisation; the penalty method likewise.
template <class S>
void expect_same_step(const S& scheme, const Vec<double>& x, double h, bool host_counts_scheme_work = true) {
  const TwoBalls p;
  Vec<double> direct(3);
  Work w1;
  scheme.step(p, 0.0, x, h, direct, w1);

  const ProblemViewOf<TwoBalls> inner(p);
  const CountingView view(inner);
  TemplateStepper<S> wrapped(scheme, "wrapped", 1.0);
  Vec<double> through(3);
  Work w2;
  wrapped.step(0.0, std::span<const double>(x.data(), 3), h, view, std::span<double>(through.data(), 3), w2);
  EXPECT_EQ(direct, through);  // bit for bit
  EXPECT_EQ(w1.constraint_evaluations, w2.constraint_evaluations);
  if (host_counts_scheme_work) {
    EXPECT_EQ(view.counters().constraint_evaluations, w2.constraint_evaluations);
  }
  EXPECT_EQ(view.counters().f_evaluations, 1);
}

TEST(TemplateStepper, WrappedPbdGivesTheSameStepBitForBit) {
  expect_same_step(Pbd<double>{}, Vec<double>{{0.2, 0.6, 0.05}}, 0.1);
  expect_same_step(Pbd<double>{}, Vec<double>{{0.3, 0.55, 0.0}}, 0.5);
}

TEST(TemplateStepper, WrappedPngsGivesTheSameStepBitForBit) {
  expect_same_step(Pngs<double>{}, Vec<double>{{0.2, 0.6, 0.05}}, 0.1);
}

// Through a view PGS and the penalty method look at every constraint (a view
// has no neighbour structure), as they do on a ConstraintSet.
TEST(TemplateStepper, WrappedPgsGivesTheSameStepBitForBit) {
  expect_same_step(Pgs<double>{}, Vec<double>{{0.2, 0.6, 0.05}}, 0.1, false);
  expect_same_step(Pgs<double>{}, Vec<double>{{0.3, 0.55, 0.0}}, 0.5, false);
}

TEST(TemplateStepper, WrappedPenaltyGivesTheSameStepBitForBit) {
  expect_same_step(Penalty<double>(Penalty<double>::Options{10.0}), Vec<double>{{0.2, 0.6, 0.05}}, 0.1, false);
  expect_same_step(Penalty<double>(Penalty<double>::Options{10.0}), Vec<double>{{0.1, 0.3, 0.0}}, 0.01, false);
}

TEST(TemplateStepper, ViewReportsNameOrderAndConstraintValues) {
  const TwoBalls p;
  const ProblemViewOf<TwoBalls> view(p);
  const TemplateStepper<Pbd<double>> s(Pbd<double>{}, "pbd", 1.0);
  EXPECT_EQ(s.name(), "pbd");
  EXPECT_EQ(s.claimed_order(), 1.0);
  EXPECT_EQ(view.constraints().size(), 2);
  const double x[3] = {0.0, 0.0, 0.8 + 1.5};  // 1.5 from the first centre: g = 0.5
  EXPECT_DOUBLE_EQ(view.constraints().value(0, 0.0, x), 0.5);
  EXPECT_DOUBLE_EQ(view.constraints().distance(0, 0.0, x), 0.0);
  double g[3];
  view.constraints().gradient(0, 0.0, x, g);
  EXPECT_DOUBLE_EQ(g[2], 1.0);
}

// Venel's rows of a view keep the nonzero entries of each dense gradient; the
// blockwise scan must find exactly those the plain loop finds (−0.0 dropped, a
// NaN kept), in order, whatever the length and wherever they fall in a block.
TEST(TemplateStepper, TheBlockwiseScanFindsExactlyTheNonzeroEntriesOfAGradient) {
  std::uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
  for (int n : {0, 1, 7, 8, 9, 16, 23, 80, 81}) {
    for (int trial = 0; trial < 50; ++trial) {
      Vec<double> g = Vec<double>::Zero(n);
      for (int c = 0; c < n; ++c) {
        switch (next() >> 61) {  // 0..7: mostly zeros, as a pair's gradient
          case 0: g[c] = -0.0; break;
          case 1: g[c] = static_cast<double>(next() >> 11) * 0x1p-53 - 0.5; break;
          case 2: if (trial % 5 == 0) g[c] = std::numeric_limits<double>::quiet_NaN(); break;
          case 3: if (trial % 7 == 0) g[c] = std::numeric_limits<double>::denorm_min(); break;
          default: break;
        }
      }
      std::vector<std::pair<int, double>> plain, blockwise{{-1, 1.0}};  // stale content must go
      for (int c = 0; c < n; ++c)
        if (g[c] != 0.0) plain.emplace_back(c, g[c]);
      nonzero_entries(g, blockwise);
      ASSERT_EQ(blockwise.size(), plain.size()) << "n = " << n << ", trial " << trial;
      for (std::size_t e = 0; e < plain.size(); ++e) {
        EXPECT_EQ(blockwise[e].first, plain[e].first);
        EXPECT_EQ(std::bit_cast<std::uint64_t>(blockwise[e].second), std::bit_cast<std::uint64_t>(plain[e].second));
      }
    }
  }
}

}  // namespace
}  // namespace sweepcheck
