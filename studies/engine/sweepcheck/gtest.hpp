#pragma once
// GoogleTest assertions on a convergence check (sweepcheck/testing.hpp),
// installed as <sweepcheck/gtest.hpp>; link GTest::gtest beside sweepcheck::engine.
//
//   const auto r = sweepcheck::check_convergence(problem, scheme);
//   EXPECT_CONVERGES(r);             // the verdict against the run's claim is pass
//   EXPECT_ORDER_AT_LEAST(r, 1.0);   // order >= 1 (one-sided, as a theorem states it)
//   EXPECT_ORDER(r, 1.0);            // order = 1 (sharp: exceeding it fails too)
//   EXPECT_FAILS_ITS_CLAIM(r);       // a scheme known to be wrong: verdict fail
//
// ASSERT_ forms stop the test. A failure prints the verdict and its reason,
// the fitted order with its interval, the error table and the local orders,
// so a CI log says why without opening a file. EXPECT_ORDER(r, p) with another
// claim than the run's judges the same rows again (no new runs: the depth is
// what the run's own claim refined to); the message says so.
#include <gtest/gtest.h>

#include <string>

#include "sweepcheck/testing.hpp"

namespace sweepcheck {
namespace testing_detail {

inline ::testing::AssertionResult judged(const char* expr, const ConvergenceResult& r, double order, bool sharp,
                                         Verdict wanted) {
  ConvergenceResult shown = r;
  std::string note;
  if (!(order == r.claimed_order && sharp == r.claim_is_sharp)) {
    shown.fit = r.judged_against(order, sharp);
    shown.claimed_order = order;
    shown.claim_is_sharp = sharp;
    note = "  (the rows of a run made for another claim, judged again: no new runs)\n";
  }
  if (shown.fit.verdict == wanted) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << ": expected verdict " << to_string(wanted) << " for "
                                       << (sharp ? "order = " : "order >= ") << order << ", got "
                                       << to_string(shown.fit.verdict) << "\n"
                                       << note << describe(shown);
}

// The run's own verdict is `wanted`.
inline ::testing::AssertionResult verdict_is(const char* expr, const ConvergenceResult& r, Verdict wanted) {
  if (r.verdict() == wanted) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << ": expected verdict " << to_string(wanted) << ", got "
                                       << to_string(r.verdict()) << "\n"
                                       << describe(r);
}

}  // namespace testing_detail

// The verdict against the run's own claim is pass.
inline ::testing::AssertionResult Converges(const char* expr, const ConvergenceResult& r) {
  return testing_detail::verdict_is(expr, r, Verdict::pass);
}

// Order exactly p: settled local orders within the resolution of p.
inline ::testing::AssertionResult HasOrder(const char* expr, const char* /*p_expr*/, const ConvergenceResult& r,
                                           double p) {
  return testing_detail::judged(expr, r, p, true, Verdict::pass);
}

// Order at least p (the one-sided claim of a convergence theorem).
inline ::testing::AssertionResult HasOrderAtLeast(const char* expr, const char* /*p_expr*/, const ConvergenceResult& r,
                                                  double p) {
  return testing_detail::judged(expr, r, p, false, Verdict::pass);
}

// The run's claim fails on settled evidence at the deepest rung the budget
// afforded: what a test of a scheme known to be wrong asserts.
inline ::testing::AssertionResult FailsItsClaim(const char* expr, const ConvergenceResult& r) {
  return testing_detail::verdict_is(expr, r, Verdict::fail);
}

}  // namespace sweepcheck

#define EXPECT_CONVERGES(result) EXPECT_PRED_FORMAT1(::sweepcheck::Converges, result)
#define ASSERT_CONVERGES(result) ASSERT_PRED_FORMAT1(::sweepcheck::Converges, result)
#define EXPECT_ORDER(result, p) EXPECT_PRED_FORMAT2(::sweepcheck::HasOrder, result, p)
#define ASSERT_ORDER(result, p) ASSERT_PRED_FORMAT2(::sweepcheck::HasOrder, result, p)
#define EXPECT_ORDER_AT_LEAST(result, p) EXPECT_PRED_FORMAT2(::sweepcheck::HasOrderAtLeast, result, p)
#define ASSERT_ORDER_AT_LEAST(result, p) ASSERT_PRED_FORMAT2(::sweepcheck::HasOrderAtLeast, result, p)
#define EXPECT_FAILS_ITS_CLAIM(result) EXPECT_PRED_FORMAT1(::sweepcheck::FailsItsClaim, result)
#define ASSERT_FAILS_ITS_CLAIM(result) ASSERT_PRED_FORMAT1(::sweepcheck::FailsItsClaim, result)
