// The disks seen through the plugin interface: every pair, in the order of
// the all-pairs loop, with PairNonOverlap's functions, so a sweep through the
// view is the in-tree sweep bit for bit.
#include <gtest/gtest.h>

#include "sweepcheck/analytic/disks_view.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/schemes/penalty.hpp"
#include "sweepcheck/solvers/schemes/pgs.hpp"

namespace sweepcheck {
namespace {


// Centres scaled by 0.55: many overlapping pairs (as analytic/disks_test.cpp).
Vec<double> compressed(const DisksOptions& o) { return Vec<double>(0.55 * disks_initial_configuration(o)); }

TEST(DisksAllPairsView, NumbersEveryPairOnceInLexicographicOrder) {
  const DisksOptions o{.N = 7};
  const DisksAllPairsView view{Disks<double>(o)};
  const auto& c = view.constraints();
  ASSERT_EQ(c.size(), 7 * 6 / 2);
  int j = 0;
  for (int i = 0; i < 7; ++i)
    for (int k = i + 1; k < 7; ++k, ++j) EXPECT_EQ(view.pair(j), std::make_pair(i, k)) << j;
}

TEST(DisksAllPairsView, ValueGradientDistanceAndFAreThoseOfThePairConstraintsAndTheAttraction) {
  const DisksOptions o{.N = 9, .gamma = 0.7};
  const Disks<double> p(o);
  const DisksAllPairsView view{p};
  const Vec<double> x = compressed(o);
  Vec<double> g(x.size()), f(x.size());
  for (int j = 0; j < view.constraints().size(); ++j) {
    const auto [i, k] = view.pair(j);
    const PairNonOverlap<double> c(i, k, 2, 2 * o.R);
    EXPECT_EQ(view.constraints().value(j, 0.0, as_span(x)), c.value(0.0, x));
    EXPECT_EQ(view.constraints().distance(j, 0.0, as_span(x)), c.distance(0.0, x));
    Vec<double> gc;
    c.gradient(0.0, x, gc);
    view.constraints().gradient(j, 0.0, as_span(x), as_span(g));
    EXPECT_EQ(g, gc);
  }
  view.f(0.0, as_span(x), as_span(f));
  EXPECT_EQ(f, p.f(0.0, x));
}

TEST(DisksAllPairsView, ASweepThroughTheViewEqualsTheInTreeCellListSweepBitForBit) {
  const DisksOptions o;  // the paper's N = 40, R = 0.1
  const DisksAllPairsView view{Disks<double>(o)};
  const ViewConstraintSet through_view(view);
  const DisksSet<double> in_tree(o.N, o.R);
  Vec<double> x = compressed(o), y = x;
  ASSERT_GT(in_tree.max_violation(0.0, x), 0.01);
  for (int s = 0; s < 5; ++s) {
    Work w1, w2;
    through_view.sweep(0.0, x, w1);
    in_tree.sweep(0.0, y, w2);
    EXPECT_EQ(x, y) << "sweep " << s;
    EXPECT_EQ(w1.projections, w2.projections);
    EXPECT_EQ(w1.constraint_evaluations, 40 * 39 / 2);  // every pair, every sweep
  }
  EXPECT_EQ(through_view.max_violation(0.0, x), in_tree.max_violation(0.0, x));
}

// PGS and the penalty method act only through constraints with g <= 0, all
// of which are among the cell list's candidates: through the all-pairs view
// (every pair looked at) they take the in-tree step.
template <class S>
void expect_same_step_as_in_tree(const S& scheme) {
  const DisksOptions o;
  const Disks<double> p(o);
  const DisksAllPairsView view{p};
  TemplateStepper<S> wrapped(scheme, "wrapped", 1.0);
  const Vec<double> x = compressed(o);  // many overlapping pairs
  Vec<double> direct(x.size()), through(x.size());
  Work w1, w2;
  ASSERT_EQ(scheme.step(p, 0.0, x, 0.01, direct, w1), StepStatus::ok);
  ASSERT_EQ(wrapped.step(0.0, as_span(x), 0.01, view, as_span(through), w2), StepStatus::ok);
  EXPECT_EQ(direct, through);
}

TEST(DisksAllPairsView, PgsAndPenaltyStepsThroughTheViewEqualTheInTreeSteps) {
  expect_same_step_as_in_tree(Pgs<double>{});
  expect_same_step_as_in_tree(Penalty<double>(Penalty<double>::Options{100.0}));
}

TEST(DisksAllPairsView, CoincidentCentresArePushedApartAlongTheFirstAxis) {
  const DisksOptions o{.N = 2, .R = 0.5};
  const DisksAllPairsView view{Disks<double>(o, (Vec<double>(4) << -1, 0, 1, 0).finished())};
  Vec<double> x(4);
  x << 0.25, 3, 0.25, 3;  // both centres at (0.25, 3)
  ASSERT_TRUE(view.constraints().project(0, 0.0, as_span(x)));
  // Midpoint kept, centres 2R = 1 apart along e_1.
  EXPECT_EQ(x, (Vec<double>(4) << 0.75, 3, -0.25, 3).finished());
  EXPECT_FALSE(view.constraints().project(0, 0.0, as_span(x)));
}

}  // namespace
}  // namespace sweepcheck
