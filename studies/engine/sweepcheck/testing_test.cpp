// The testing API as a user's own test calls it (sweepcheck/testing.hpp,
// sweepcheck/gtest.hpp): PBD on the sliding case of seed 000 (exact solution)
// passes its one-sided claim; a scheme that drops the constraint fails it on
// settled evidence, and the failing assertion's message carries the error
// table, the local orders and the verdict's reason.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "analytic/sliding_case.hpp"
#include "solvers/pbd.hpp"
#include "solvers/template_stepper.hpp"
#include "sweepcheck/gtest.hpp"
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
  EXPECT_EQ(r.claimed_order, 1.0);
  EXPECT_FALSE(r.claim_is_sharp);
  EXPECT_GE(r.rows.size(), 8u);  // the default ladder's rungs, and any refined ones after them
  EXPECT_NEAR(r.fit.order, 1.0, 0.15);
  EXPECT_FALSE(r.local_orders().empty());
}

TEST(TestingApi, TheSameRowsJudgedAgainstOrderTwoFail) {
  const OrderFit f = pbd_result().judged_against(2.0, false);
  EXPECT_EQ(f.verdict, Verdict::fail) << f.reason;
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
  EXPECT_EQ(viaplugin.claimed_order, 1.0);
}

TEST(TestingApi, NoClaimGivesNoVerdictAndNoRefinement) {
  ConvergenceOptions o;
  o.ladder = StepLadder{0.1, 0.01, 5};
  const ConvergenceResult r = check_convergence(sliding(), Unclaimed{}, o);
  EXPECT_EQ(r.verdict(), Verdict::none_claimed);
  EXPECT_TRUE(std::isnan(r.claimed_order));
  EXPECT_EQ(r.fit.refined_rungs, 0);
  EXPECT_EQ(r.rows.size(), 5u);
  EXPECT_EQ(r.scheme, "scheme");
}

TEST(TestingApi, AGivenClaimOverridesTheSchemesOwn) {
  ConvergenceOptions o;
  o.ladder = StepLadder{0.1, 0.01, 5};
  o.claimed_order = 0.5;
  o.refine.max_new_rungs = 0;
  const ConvergenceResult r = check_convergence(sliding(), Unclaimed{}, o);
  EXPECT_EQ(r.claimed_order, 0.5);
  EXPECT_EQ(r.fit.expected_order, 0.5);
}

TEST(TestingApi, BadOptionsAreRejectedWithTheirName) {
  ConvergenceOptions o;
  o.claimed_order = -1;
  EXPECT_THROW(check_convergence(sliding(), Pbd<double>{}, o), std::invalid_argument);
  ConvergenceOptions l;
  l.ladder = StepLadder{0.01, 0.1, 5};  // h_min > h_max
  EXPECT_THROW(check_convergence(sliding(), Pbd<double>{}, l), std::invalid_argument);
  ConvergenceOptions p;
  p.points_per_step = 0;
  EXPECT_THROW(check_convergence(sliding(), Pbd<double>{}, p), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
