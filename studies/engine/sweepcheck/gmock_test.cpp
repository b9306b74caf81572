// The gMock matchers (sweepcheck/gmock.hpp): they check the claim the run was
// made for, and a result made for another claim does not match.
#include "sweepcheck/gmock.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"

namespace sweepcheck {
namespace gmock_test {

using ::testing::Not;

struct DroppedConstraint {
  static std::string name() { return "dropped-constraint"; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work&) const {
    out = x + h * p.f(t, x);
    return StepStatus::ok;
  }
};

const ConvergenceResult& pbd() {
  static const ConvergenceResult r = check_convergence(SlidingCase<double>{}, Pbd<double>{}, OrderClaim::at_least(1));
  return r;
}

TEST(TestingApiMatchers, PbdConvergesWithOrderAtLeastOne) {
  EXPECT_THAT(pbd(), ConvergesWithOrderAtLeast(1));
  EXPECT_THAT(pbd(), ConvergesAsClaimed());
}

TEST(TestingApiMatchers, ADroppedConstraintFailsTheClaimOfOrderAtLeastOne) {
  ConvergenceOptions o;
  o.refine.max_new_rungs = 3;  // a fail is refined to the cap; three rungs keep the test short
  EXPECT_THAT(check_convergence(SlidingCase<double>{}, DroppedConstraint{}, OrderClaim::at_least(1), o),
              FailsClaimOfOrderAtLeast(1));
}

TEST(TestingApiMatchers, AResultMadeForAnotherClaimDoesNotMatchAndSaysWhereTheClaimGoes) {
  EXPECT_THAT(pbd(), Not(ConvergesWithOrderAtLeast(0.5)));
  EXPECT_THAT(pbd(), Not(ConvergesWithOrder(1)));
  ::testing::StringMatchResultListener l;
  EXPECT_FALSE(::testing::ExplainMatchResult(ConvergesWithOrderAtLeast(0.5), pbd(), &l));
  EXPECT_NE(l.str().find("pass OrderClaim::at_least(0.5) into the call"), std::string::npos) << l.str();
}

// A mismatch explains itself first: the verdict, the claim, the observed
// order and the reason; the value GoogleTest prints is the one-line summary.
TEST(TestingApiMatchers, AMismatchStartsWithVerdictClaimOrderAndReasonAndPrintsTheSummaryAsTheValue) {
  ::testing::StringMatchResultListener l;
  EXPECT_FALSE(::testing::ExplainMatchResult(FailsClaimOfOrderAtLeast(1), pbd(), &l));
  const std::string m = l.str();
  EXPECT_EQ(m.rfind("verdict pass: pbd on sliding\n  claim: order >= 1", 0), 0u) << m;
  EXPECT_LT(m.find("reason: " + pbd().reason()), m.find("noise floor")) << m;
  EXPECT_EQ(::testing::PrintToString(pbd()), pbd().summary());
}

}  // namespace gmock_test
}  // namespace sweepcheck
