// check_convergence_reference_free (sweepcheck/reference_free_check.hpp): the
// engine's Richardson / GCI estimate from the scheme's own runs, no exact
// solution used; a verdict only where the asymptotic-range indicator allows.
#include "sweepcheck/reference_free_check.hpp"

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
  EXPECT_NEAR(r.indicator(), 1.0, 0.1) << r;  // |p1 − p2| <= 0.1 gives I within 2^0.1 of 1 for halving
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

TEST(TestingApiReferenceFree, ThreeStepsGiveAnOrderButNoVerdict) {
  const auto r = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::at_least(1), nested(40, 3));
  EXPECT_EQ(r.verdict(), Verdict::inconclusive) << r;
  EXPECT_FALSE(r.asymptotic());
  EXPECT_TRUE(std::isfinite(r.order())) << r;
}

TEST(TestingApiReferenceFree, TheSchemesOwnClaimIsTheDefaultAndNoClaimGivesNoVerdict) {
  EXPECT_EQ(pbd().claim.kind, OrderClaim::Kind::at_least);
  const auto own = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, nested(40, 4));
  EXPECT_EQ(own.claim.order, 1.0);
  const auto none = check_convergence_reference_free(WithoutExact{}, Pbd<double>{}, OrderClaim::none(), nested(40, 5));
  EXPECT_EQ(none.verdict(), Verdict::none_claimed) << none;
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
}

}  // namespace reference_free_check_test
}  // namespace sweepcheck
