// Both norms and the user's observables (sweepcheck/convergence_result.hpp,
// sweepcheck/observable.hpp): each with its errors, fit and verdict by the
// one rule; refinement follows the norm named in refine_for.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {
namespace norms_test {

const SlidingCase<double>& sliding() {
  static const SlidingCase<double> p;
  return p;
}

// PBD on the sliding case with two observables: the first component, and the
// squared distance from the origin (an energy-like quantity).
const ConvergenceResult& with_observables() {
  static const ConvergenceResult r = [] {
    ConvergenceOptions o;
    o.observables = {{"x0", [](double, const Vec<double>& x) { return x[0]; }},
                     {"half |x|^2", [](double, const Vec<double>& x) { return 0.5 * x.squaredNorm(); }}};
    return check_convergence(sliding(), Pbd<double>{}, OrderClaim::at_least(1), o);
  }();
  return r;
}

TEST(TestingApiNorms, TheUniformAndTheFinalTimeErrorEachHaveTheirFitAndVerdict) {
  const auto& r = with_observables();
  EXPECT_EQ(r.uniform.norm, "uniform");
  EXPECT_EQ(r.final_time.norm, "final-time");
  ASSERT_EQ(r.uniform.errors.size(), r.rows.size());
  ASSERT_EQ(r.final_time.errors.size(), r.rows.size());
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    EXPECT_EQ(r.uniform.errors[i], r.rows[i].error_uniform);
    EXPECT_EQ(r.final_time.errors[i], r.rows[i].error_final);
    EXPECT_LE(r.final_time.errors[i], r.uniform.errors[i]);  // the final time is one of the times of the sup
  }
  EXPECT_EQ(r.uniform.verdict(), FitVerdict::pass) << r;
  EXPECT_EQ(r.final_time.verdict(), FitVerdict::pass) << r;
  EXPECT_EQ(r.final_time.fit.expected_order, 1.0);
  EXPECT_EQ(r.verdict(), r.uniform.verdict());  // refine_for defaults to the uniform error
}

TEST(TestingApiNorms, AnObservableIsJudgedByTheSameRuleOnTheSameRows) {
  const auto& r = with_observables();
  ASSERT_EQ(r.observables.size(), 2u);
  const NormFit& x0 = r.norm("x0");
  ASSERT_EQ(x0.errors.size(), r.rows.size());
  // |x0_h − x0| <= |x_h − x| at every grid time, and the uniform error is a sup over them and more.
  for (std::size_t i = 0; i < r.rows.size(); ++i) EXPECT_LE(x0.errors[i], r.rows[i].error_uniform * (1 + 1e-12));
  EXPECT_EQ(x0.verdict(), FitVerdict::pass) << r;
  EXPECT_EQ(r.norm("half |x|^2").verdict(), FitVerdict::pass) << r;
  EXPECT_NE(describe(r).find("half |x|^2"), std::string::npos);
}

TEST(TestingApiNorms, AnObservableThatDoesNotConvergeFailsTheClaim) {
  // The square root of the x0 error: of order 1/2 where the x0 error is of order 1.
  ConvergenceOptions o;
  o.observables = {{"sqrt of the x0 error", [](double t, const Vec<double>& x) {
                      return std::sqrt(std::abs(x[0] - sliding().exact(t)[0]));
                    }}};
  o.refine_for = "sqrt of the x0 error";
  o.refine.max_new_rungs = 2;  // settled at 0.50 on the given steps (local orders 0.535 ... 0.501); a fail is refined to the cap
  const auto r = check_convergence(sliding(), Pbd<double>{}, OrderClaim::at_least(1), o);
  EXPECT_EQ(r.refined_for, "sqrt of the x0 error");
  EXPECT_EQ(r.verdict(), FitVerdict::fail) << r;
  EXPECT_NEAR(r.fit.order, 0.5, 0.1) << r;
}

TEST(TestingApiNorms, AnUnknownNormIsRejectedWithItsName) {
  try {
    (void)with_observables().norm("energy");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("\"energy\""), std::string::npos);
  }
  ConvergenceOptions o;
  o.observables = {{"uniform", [](double, const Vec<double>& x) { return x[0]; }}};
  EXPECT_THROW(check_convergence(sliding(), Pbd<double>{}, o), std::invalid_argument);
}

}  // namespace norms_test
}  // namespace sweepcheck
