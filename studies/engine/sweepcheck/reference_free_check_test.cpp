// check_convergence_reference_free (sweepcheck/reference_free_check.hpp): the
// distances of the scheme's own successive runs, no exact solution used,
// refined and judged as check_convergence judges errors (issue 48): a correct
// scheme passes, a wrong one fails at the depth the budget affords without a
// hand-made ladder, and the reason states the successive estimates and their
// drift.
#include "sweepcheck/reference_free_check.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/gtest.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"

namespace sweepcheck {
namespace reference_free_check_test {

// The sliding case with its exact solution hidden: the check cannot use it.
struct WithoutExact {
  using Scalar = double;
  WithoutExact() = default;
  SlidingCase<double> p;
  std::string name() const { return "sliding without x(t)"; }
  int dim() const { return p.dim(); }
  double t0() const { return p.t0(); }
  double t_end() const { return p.t_end(); }
  Vec<double> x0() const { return p.x0(); }
  Vec<double> f(double t, const Vec<double>& x) const { return p.f(t, x); }
  const auto& constraints() const { return p.constraints(); }
};
static_assert(Problem<WithoutExact> && !HasExactSolution<WithoutExact>);

// Wrong on purpose, claiming PBD's order 1: the projection under-relaxed by
// ω = √h (the step goes only √h of the way back onto the set). Pushed out by
// h f_n a step and pulled back by ω of the violation v, a sliding state
// settles where v = (1 − ω)(v + h f_n): v = √h (1 − √h) |f_n|. Its runs
// converge (to the right solution, so the distances see it) with order ½,
// approached from below: d ln v / d ln h = ½ − ½ √h / (1 − √h), 0.33 at
// h = 0.1, 0.44 at h = 0.01 (the user saw 0.27 -> 0.33 -> 0.38 -> 0.41).
struct UnderRelaxedProjection {
  static std::string name() { return "under-relaxed-projection"; }
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    const Vec<double> y = x + h * p.f(t, x);
    out = y;
    p.constraints().sweep(t + h, out, w);
    out = y + std::sqrt(h) * (out - y);
    return StepStatus::ok;
  }
};

ReferenceFreeOptions nested(int first, int rungs) {
  ReferenceFreeOptions o;
  std::vector<std::int64_t> n;
  for (int k = 0; k < rungs; ++k) n.push_back(std::int64_t(first) << k);
  o.steps = Steps::counts(n);
  return o;
}

const ReferenceFreeResult& pbd() {
  static const ReferenceFreeResult r =
      check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::at_least(1), nested(40, 7));
  return r;
}

TEST(TestingApiReferenceFree, PbdWithoutAnExactSolutionIsInTheAsymptoticRangeAndPassesOrderOne) {
  const auto& r = pbd();
  EXPECT_CONVERGES(r);
  EXPECT_TRUE(r.asymptotic()) << r;
  EXPECT_NEAR(r.order(), 1.0, 0.1) << r;
  // Information beside the verdict: the two finest triples agree, so Roache's
  // indicator r^{p2 − p1} is near 1 (within 2^0.1 when |p1 − p2| <= 0.1).
  EXPECT_NEAR(r.indicator(), 1.0, 0.1) << r;
  EXPECT_GT(r.gci(), 0) << r;
  ASSERT_EQ(r.rows.size(), 7u);
  EXPECT_TRUE(std::isnan(r.rows.back().error_uniform));  // the finest run has no finer one
  EXPECT_GT(r.rows.front().error_uniform, 0);
}

// The GCI bounds the finest run's actual error: for an exact power law it is
// 1.25 (Roache's safety factor) times the error at the sample times, which
// the grid error bounds; measured 1.25 times the grid error. Checked against
// x(t) here.
TEST(TestingApiReferenceFree, TheGciOfTheFinestRunBoundsItsErrorAgainstTheExactSolution) {
  const auto& r = pbd();
  const SlidingCase<double> p;
  ConvergenceOptions o;
  o.steps = Steps::counts({r.rows[r.rows.size() - 2].steps, r.rows.back().steps});
  o.refine.max_new_rungs = 0;
  o.points_per_step = 1;
  const auto exact = check_convergence(p, Pbd<double>{}, OrderClaim::none(), o);
  EXPECT_GT(r.gci(), exact.rows.back().error_grid) << r << exact;
  EXPECT_LT(r.gci(), 1.5 * exact.rows.back().error_grid) << r << exact;
}

TEST(TestingApiReferenceFree, AClaimOfOrderTwoFailsInTheAsymptoticRange) {
  const auto r = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::exactly(2), nested(40, 7));
  EXPECT_TRUE(r.asymptotic()) << r;
  EXPECT_FAILS_ITS_CLAIM(r);
}

// The check with every default: Steps::standard() (h = T/10 … T/1000),
// the scheme's own claim, check_convergence's refinement budget.
const ReferenceFreeResult& wrong() {
  static const ReferenceFreeResult r = check_convergence_reference_free(WithoutExact{}, UnderRelaxedProjection{});
  return r;
}

// Issue 48's wrong case: an order-½ scheme claiming order 1, whose
// successive estimates still climb toward ½ on the given steps. No
// hand-made ladder: the check refines until the estimates settle, fails
// there, and states the estimates and their drift.
TEST(TestingApiReferenceFree, AnOrderHalfSchemeClaimingOneFailsOnTheDefaultStepsWithTheDriftStated) {
  const auto& r = wrong();
  EXPECT_FAILS_ITS_CLAIM(r);
  EXPECT_TRUE(r.asymptotic()) << r;
  EXPECT_GE(r.fit.local_orders.size(), 3u) << r;  // at least three successive estimates
  EXPECT_GT(r.fit.refinement.rungs, 0) << r;         // refined, not given a finer ladder
  // Order ½ from below: ½ − ½ √h / (1 − √h) is 0.44 at the coarsest step of
  // the window (h = 0.012) and ½ in the limit.
  EXPECT_NEAR(r.order(), 0.5, 0.1) << r;
  EXPECT_LT(r.fit.ci_high, 0.95) << r;
  const std::string drift = fmt::format("drift {:+.3f} per halving of h", r.drift());
  EXPECT_NE(r.reason().find("successive estimates"), std::string::npos) << r.reason();
  EXPECT_NE(r.reason().find(drift), std::string::npos) << r.reason();
  EXPECT_NE(r.summary().find(drift), std::string::npos) << r.summary();
  EXPECT_NE(headline(r).find(drift), std::string::npos) << headline(r);
}

// The negative control of the rule: on the given steps alone, the two
// finest triples agree to 0.1 and the old two-estimate rule (Richardson's
// asymptotic flag) calls them asymptotic, while the successive estimates
// still climb; the check does not judge there, and refines instead.
TEST(TestingApiReferenceFree, TwoAgreeingEstimatesAreNotCalledAsymptoticWhileTheEstimatesStillClimb) {
  ReferenceFreeOptions o;
  o.refine.max_new_rungs = 0;
  const auto r = check_convergence_reference_free(WithoutExact{}, UnderRelaxedProjection{}, o);
  EXPECT_TRUE(r.estimate.asymptotic) << r;  // the old rule, on two estimates
  EXPECT_FALSE(r.asymptotic()) << r;
  EXPECT_NE(r.verdict(), FitVerdict::fail) << r;
  EXPECT_NE(r.verdict(), FitVerdict::pass) << r;
  EXPECT_GT(r.drift(), 0) << r;  // climbing toward ½, as the scheme's theory says
  const auto& lo = r.fit.local_orders;
  ASSERT_GE(lo.size(), 3u) << r;
  for (std::size_t i = lo.size() - 3; i + 1 < lo.size(); ++i) EXPECT_LT(lo[i].order, lo[i + 1].order) << r;
  EXPECT_EQ(r.verdict(), wrong().ladder_fit.verdict);  // the default run's fit on its given steps
  EXPECT_EQ(r.order(), wrong().ladder_fit.order);
}

// The correct scheme, with every default: passes without an exact solution.
TEST(TestingApiReferenceFree, PbdPassesOnTheDefaultStepsWithoutAnExactSolution) {
  const auto r = check_convergence_reference_free(WithoutExact{}, Pbd<double>{});
  EXPECT_CONVERGES(r);
  EXPECT_NEAR(r.order(), 1.0, 0.1) << r;
  // Its estimates fall toward 1 from above; the drift is measured and
  // stated, and a one-sided claim passes on the lower bound of the order at
  // the finest steps, settled or not (fit_order.md, "Verdicts").
  EXPECT_GE(r.fit.local_orders.size(), 3u) << r;
  EXPECT_TRUE(std::isfinite(r.drift())) << r;
  EXPECT_NE(r.reason().find("drift"), std::string::npos) << r.reason();
}

// Three given steps give one estimate: the check refines (one halving a
// rung, as check_convergence does) until there are enough to judge.
TEST(TestingApiReferenceFree, ThreeGivenStepsAreRefinedUntilTheEstimatesSettle) {
  const auto r = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::at_least(1), nested(40, 3));
  EXPECT_CONVERGES(r);
  // settle_count (4) local orders need 6 runs: at least 3 new rungs.
  EXPECT_GE(r.fit.refinement.rungs, 3) << r;
  EXPECT_EQ(r.rows.size(), 3u + std::size_t(r.fit.refinement.rungs));
  for (std::size_t i = 1; i < r.rows.size(); ++i) EXPECT_NEAR(r.rows[i].h, r.rows[i - 1].h / 2, 1e-12) << r;
  EXPECT_TRUE(r.rows.back().refined);
}

TEST(TestingApiReferenceFree, ThreeStepsWithoutRefinementGiveNoVerdict) {
  auto o = nested(40, 3);
  o.refine.max_new_rungs = 0;
  const auto r = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::at_least(1), o);
  EXPECT_EQ(r.verdict(), FitVerdict::inconclusive) << r;
  EXPECT_FALSE(r.asymptotic());
}

// Where a floor ends the ladder, fit_order judges the points that exist,
// down to three (two local orders); the reference-free rule needs four.
TEST(TestingApiReferenceFree, AFloorEndedLadderIsNeverJudgedOnTwoEstimates) {
  FitOptions at_floor = reference_free_fit_options(OrderClaim::at_least(1));
  at_floor.ladder_ended_by_floor = true;
  std::vector<OrderPoint> three;
  for (const double h : {0.04, 0.02, 0.01}) three.push_back({h, h, 0, true});
  FitOptions plain = OrderClaim::at_least(1).fit_options();
  plain.ladder_ended_by_floor = true;
  EXPECT_EQ(fit_order(three, plain).verdict, FitVerdict::pass);  // the control: fit_order's own floor rule judges them
  EXPECT_EQ(fit_order(three, at_floor).verdict, FitVerdict::inconclusive);
  three.push_back({0.005, 0.005, 0, true});
  EXPECT_EQ(fit_order(three, at_floor).verdict, FitVerdict::pass);  // three estimates
}

TEST(TestingApiReferenceFree, TheSchemesOwnClaimIsTheDefaultAndNoClaimGivesNoVerdict) {
  EXPECT_EQ(pbd().claim.kind, OrderClaim::Kind::at_least);
  const auto own = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, nested(40, 4));
  EXPECT_EQ(own.claim.order, 1.0);
  const auto none = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::none(), nested(40, 5));
  EXPECT_EQ(none.verdict(), FitVerdict::none_claimed) << none;
}

TEST(TestingApiReferenceFree, BadOptionsAreRejectedWithTheirName) {
  ReferenceFreeOptions o;
  o.samples = 0;
  try {
    check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, o);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("samples"), std::string::npos) << e.what();
  }
  ReferenceFreeOptions r;
  r.refine.step_ratio = 2;
  try {
    check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, r);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("step_ratio"), std::string::npos) << e.what();
  }
}

}  // namespace reference_free_check_test
}  // namespace sweepcheck
