// The testing API as a user's own test calls it (sweepcheck/testing.hpp,
// sweepcheck/gtest.hpp): PBD on the sliding case of seed 000 (exact solution)
// passes its one-sided claim; a scheme that drops the constraint fails it on
// settled evidence, and the failing assertion's message carries the error
// table, the local orders and the verdict's reason.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/gtest.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {
namespace {


// Wrong: explicit Euler, the constraint dropped; claims order 1 like PBD.
struct DroppedConstraint {
  static std::string name() { return "dropped-constraint"; }
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work&) const {
    out = x + h * p.f(t, x);
    return StepStatus::ok;
  }
};

// PBD again, claiming nothing (no claimed_order()).
struct Unclaimed {
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    return Pbd<double>{}.step(p, t, x, h, out, w);
  }
};

const SlidingCase<double>& sliding() {
  static const SlidingCase<double> p;  // d = 3, C = 1, alpha = pi/16, both phases
  return p;
}

const ConvergenceResult& pbd_result() {
  static const ConvergenceResult r = check_convergence(sliding(), Pbd<double>{});
  return r;
}

const ConvergenceResult& wrong_result() {
  static const ConvergenceResult r = check_convergence(sliding(), DroppedConstraint{});
  return r;
}

TEST(TestingApi, PbdOnTheSlidingCasePassesItsOneSidedOrderOneClaim) {
  const ConvergenceResult& r = pbd_result();
  EXPECT_CONVERGES(r);
  EXPECT_ORDER_AT_LEAST(r, 1.0);
  EXPECT_EQ(r.scheme, "pbd");
  EXPECT_EQ(r.problem, "sliding");
  EXPECT_EQ(r.claim.claimed_order(), 1.0);
  EXPECT_FALSE(r.claim.sharp());
  EXPECT_GE(r.rows.size(), 8u);  // the default ladder's rungs, and any refined ones after them
  EXPECT_NEAR(r.fit.order, 1.0, 0.15);
  EXPECT_FALSE(r.local_orders().empty());
}

TEST(TestingApi, TheSameRowsJudgedAgainstOrderTwoFail) {
  const OrderFit f = pbd_result().judged_against(2.0, false);
  EXPECT_EQ(f.verdict, FitVerdict::fail) << f.reason;
}

TEST(TestingApi, ADroppedConstraintFailsItsClaimOnSettledEvidence) {
  const ConvergenceResult& r = wrong_result();
  EXPECT_FAILS_ITS_CLAIM(r);
  EXPECT_TRUE(r.fit.settled) << r;
  EXPECT_LT(r.fit.order, 0.5) << r;
}

// The message a CI log shows, captured from the assertion itself.
TEST(TestingApi, AWrongSchemesFailureMessagePrintsTheErrorTableLocalOrdersAndReason) {
  const ConvergenceResult& r = wrong_result();
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter capture(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
                                                        &failures);
    EXPECT_ORDER_AT_LEAST(r, 1.0);
  }
  ASSERT_EQ(failures.size(), 1);
  EXPECT_TRUE(failures.GetTestPartResult(0).nonfatally_failed());
  const std::string m = failures.GetTestPartResult(0).message();
  EXPECT_NE(m.find("expected verdict pass for order >= 1, got fail"), std::string::npos) << m;
  EXPECT_NE(m.find(r.reason()), std::string::npos) << m;
  EXPECT_NE(m.find("noise floor"), std::string::npos) << m;  // the table's header
  EXPECT_NE(m.find(fmt::format("{:.6g}", r.rows.front().h)), std::string::npos) << m;  // its first and last row
  EXPECT_NE(m.find(fmt::format("{:.6g}", r.rows.back().error_uniform)), std::string::npos) << m;
  EXPECT_NE(m.find("local orders"), std::string::npos) << m;
  EXPECT_NE(m.find(fmt::format("{:.3f}", r.local_orders().back().order)), std::string::npos) << m;
}

// The first five lines say it all: verdict (with scheme and problem), claim,
// observed order and reason; the table comes after them.
TEST(TestingApi, AFailureMessageStartsWithVerdictClaimObservedOrderAndReasonInAtMostFiveLines) {
  const ConvergenceResult& r = wrong_result();
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter capture(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
                                                        &failures);
    EXPECT_CONVERGES(r);
  }
  ASSERT_EQ(failures.size(), 1);
  const std::string m = failures.GetTestPartResult(0).message();
  std::size_t end = 0;
  for (int line = 0; line < 5 && end != std::string::npos; ++line) end = m.find('\n', end + 1);
  const std::string head = m.substr(0, end);
  EXPECT_NE(head.find("expected verdict pass, got fail: dropped-constraint on sliding"), std::string::npos) << m;
  EXPECT_NE(head.find("claim: order >= 1"), std::string::npos) << m;
  EXPECT_NE(head.find(fmt::format("observed order (uniform error): {:.3f}", r.fit.order)), std::string::npos) << m;
  EXPECT_NE(head.find("reason: " + r.reason()), std::string::npos) << m;
  EXPECT_EQ(head.find("noise floor"), std::string::npos) << m;  // the table is after the head
  EXPECT_NE(m.find("noise floor", end), std::string::npos) << m;
}

TEST(TestingApi, ASummaryIsOneLineWithVerdictClaimOrderAndSteps) {
  const ConvergenceResult& r = wrong_result();
  const std::string s = r.summary();
  EXPECT_EQ(s.find('\n'), std::string::npos) << s;
  EXPECT_EQ(s.rfind("fail: dropped-constraint on sliding, claim order >= 1", 0), 0u) << s;
  EXPECT_NE(s.find(fmt::format("observed {:.3f}", r.fit.order)), std::string::npos) << s;
  EXPECT_NE(s.find(fmt::format("{} runs", r.rows.size())), std::string::npos) << s;
  EXPECT_EQ(pbd_result().summary().rfind("pass: pbd on sliding", 0), 0u) << pbd_result().summary();
}

// Negative control of the capture: a passing assertion reports nothing.
TEST(TestingApi, APassingAssertionReportsNoFailure) {
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter capture(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
                                                        &failures);
    EXPECT_ORDER_AT_LEAST(pbd_result(), 1.0);
  }
  EXPECT_EQ(failures.size(), 0);
}

// A plugin::Stepper runs through the plugin view, as in the audit: PBD behind
// the plugin interface gives the template PBD's rows bit for bit.
TEST(TestingApi, APluginStepperGivesTheTemplateSchemesErrorsBitForBit) {
  TemplateStepper<Pbd<double>> stepper(Pbd<double>{}, "pbd", 1.0);
  ConvergenceOptions o;
  o.refine.max_new_rungs = 0;
  const ConvergenceResult viaplugin = check_convergence(sliding(), stepper, o);
  const ConvergenceResult direct = check_convergence(sliding(), Pbd<double>{}, o);
  ASSERT_EQ(viaplugin.rows.size(), direct.rows.size());
  for (std::size_t i = 0; i < direct.rows.size(); ++i) {
    EXPECT_EQ(viaplugin.rows[i].steps, direct.rows[i].steps);
    EXPECT_EQ(viaplugin.rows[i].error_uniform, direct.rows[i].error_uniform);
    EXPECT_EQ(viaplugin.rows[i].violation, direct.rows[i].violation);
  }
  EXPECT_EQ(viaplugin.scheme, "pbd");
  EXPECT_EQ(viaplugin.claim.claimed_order(), 1.0);
}

TEST(TestingApi, NoClaimGivesNoVerdictAndNoRefinement) {
  ConvergenceOptions o;
  o.steps = Steps::geometric(0.1, 0.01, 5);
  const ConvergenceResult r = check_convergence(sliding(), Unclaimed{}, o);
  EXPECT_EQ(r.verdict(), FitVerdict::none_claimed);
  EXPECT_TRUE(std::isnan(r.claim.claimed_order()));
  EXPECT_EQ(r.fit.refinement.rungs, 0);
  EXPECT_EQ(r.rows.size(), 5u);
  EXPECT_EQ(r.scheme, "scheme");
}

TEST(TestingApi, AGivenClaimOverridesTheSchemesOwn) {
  ConvergenceOptions o;
  o.steps = Steps::geometric(0.1, 0.01, 5);
  o.refine.max_new_rungs = 0;
  const ConvergenceResult r = check_convergence(sliding(), Pbd<double>{}, OrderClaim::exactly(0.5).within(0.1), o);
  EXPECT_EQ(r.claim.claimed_order(), 0.5);
  EXPECT_TRUE(r.claim.sharp());
  EXPECT_EQ(r.fit.expected_order, 0.5);
  EXPECT_TRUE(r.fit.expected_is_sharp);
  EXPECT_EQ(r.fit.resolution, 0.1);  // the tolerance written in the call is the rule's
  EXPECT_NE(describe(r).find("order = 0.5 (to within 0.1)"), std::string::npos) << r;
}

// The claim in the call is the one judged: a claim of order 2, which PBD
// cannot meet, fails at the first settled look, and a settled fail is final
// (issue 44: before it, the fail was refined to the rung cap, three more
// runs here), so the rows are the order-1 run's.
TEST(TestingApi, AClaimInTheCallThatTheSchemeMissesFailsAtTheFirstSettledLook) {
  ConvergenceOptions o;
  o.refine.max_new_rungs = 3;
  const ConvergenceResult r = check_convergence(sliding(), Pbd<double>{}, OrderClaim::at_least(2), o);
  EXPECT_EQ(r.verdict(), FitVerdict::fail) << r;
  EXPECT_EQ(r.fit.refinement.rungs, 0) << r;
  EXPECT_NE(r.fit.reason.find("refuted"), std::string::npos) << r;
  EXPECT_EQ(pbd_result().fit.refinement.rungs, 0) << pbd_result();
  EXPECT_EQ(r.rows.size(), pbd_result().rows.size());
}

// The message of a std::invalid_argument thrown by f, or "" when none is.
template <class F>
std::string rejection(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(TestingApi, BadOptionsAreRejectedWithTheirName) {
  EXPECT_NE(rejection([] { check_convergence(sliding(), Pbd<double>{}, OrderClaim::at_least(-1)); }).find("OrderClaim: order"),
            std::string::npos);
  EXPECT_NE(rejection([] { check_convergence(sliding(), Pbd<double>{}, OrderClaim::at_least(1).within(0)); })
                .find("OrderClaim: resolution"),
            std::string::npos);
  ConvergenceOptions p;
  p.points_per_step = 0;
  EXPECT_NE(rejection([&] { check_convergence(sliding(), Pbd<double>{}, p); }).find("points_per_step"), std::string::npos);
  ConvergenceOptions f;
  f.refine_for = "energy";  // no such observable
  EXPECT_NE(rejection([&] { check_convergence(sliding(), Pbd<double>{}, f); }).find("refine_for"), std::string::npos);
}

}  // namespace
}  // namespace sweepcheck
