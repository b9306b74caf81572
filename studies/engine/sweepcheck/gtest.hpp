#pragma once
// GoogleTest assertions on a convergence check (sweepcheck/testing.hpp),
// installed as <sweepcheck/gtest.hpp>; link GTest::gtest beside sweepcheck::engine.
//
//   const auto r = check_convergence(problem, scheme, OrderClaim::at_least(1));
//   EXPECT_CONVERGES(r);             // the verdict against the claim in the call is pass
//   EXPECT_FAILS_ITS_CLAIM(r);       // a scheme known to be wrong: verdict fail
//
// The claim belongs in the call that runs, since refinement goes as deep as
// that claim asks. EXPECT_ORDER_AT_LEAST(r, p) and EXPECT_ORDER(r, p) check
// that claim: with the run's own claim they are EXPECT_CONVERGES; with another
// one they judge the same rows again (no new runs: the depth is what the
// run's own claim refined to), and the message says so. gMock matchers that
// refuse another claim instead: <sweepcheck/gmock.hpp>.
//
// ASSERT_ forms stop the test. A failure message starts with four lines:
// the verdict expected and got (with scheme and problem), the claim, the
// observed order and the reason; then the fitted order of every norm with its
// interval, the error table and the local orders, so a CI log says why
// without opening a file. EXPECT_CONVERGES and EXPECT_FAILS_ITS_CLAIM also
// take a ReferenceFreeResult.
//
// Work–precision (sweepcheck/work_precision.hpp):
//   EXPECT_AT_LEAST_AS_ACCURATE_AT_MATCHED_WORK(w, scheme);  // at every compared run, error <= the
//                                                            // baseline's at the same work (w.weights)
//   EXPECT_LESS_ACCURATE_AT_MATCHED_WORK(w, scheme);         // at every compared run, error > the baseline's
// `scheme` is the scheme object (or factory) given to compare_work_precision.
#include <gtest/gtest.h>

#include <string>

#include "sweepcheck/reference_free_check.hpp"
#include "sweepcheck/testing.hpp"
#include "sweepcheck/work_precision.hpp"

namespace sweepcheck {

// The verdict of `r` (a ConvergenceResult or a ReferenceFreeResult) is `wanted`.
template <class Result>
::testing::AssertionResult verdict_assertion(const char* expr, const Result& r, FitVerdict wanted) {
  if (r.verdict() == wanted) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << ": expected verdict " << to_string(wanted) << ", got "
                                       << to_string(r.verdict()) << ": " << r.scheme << " on " << r.problem << "\n"
                                       << headline(r) << "\n"
                                       << describe(r);
}

// The uniform-error rows of `r` judged against order p (sharp or one-sided) pass.
inline ::testing::AssertionResult order_assertion(const char* expr, const ConvergenceResult& r, double order, bool sharp) {
  ConvergenceResult shown = r;
  std::string note;
  if (!(order == r.claim.claimed_order() && sharp == r.claim.sharp() && r.refined_for == "uniform")) {
    shown.fit = r.judged_against(order, sharp);
    shown.claim = (sharp ? OrderClaim::exactly(order) : OrderClaim::at_least(order)).within(r.claim.resolution);
    shown.refined_for = "uniform";
    note = "  (the rows of a run made for another claim, judged again: no new runs; pass the claim into "
           "check_convergence to refine for it)\n";
  }
  if (shown.fit.verdict == FitVerdict::pass) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << ": expected verdict pass for " << (sharp ? "order = " : "order >= ")
                                       << order << ", got " << to_string(shown.fit.verdict) << ": " << r.scheme << " on "
                                       << r.problem << "\n"
                                       << headline(shown) << note << "\n"
                                       << describe(shown);
}

// The verdict against the run's own claim is pass.
template <class Result>
::testing::AssertionResult Converges(const char* expr, const Result& r) {
  return verdict_assertion(expr, r, FitVerdict::pass);
}

// Order exactly p: settled local orders within the resolution of p.
inline ::testing::AssertionResult HasOrder(const char* expr, const char* /*p_expr*/, const ConvergenceResult& r,
                                           double p) {
  return order_assertion(expr, r, p, true);
}

// Order at least p (the one-sided claim of a convergence theorem).
inline ::testing::AssertionResult HasOrderAtLeast(const char* expr, const char* /*p_expr*/, const ConvergenceResult& r,
                                                  double p) {
  return order_assertion(expr, r, p, false);
}

// The run's claim fails on settled evidence at the deepest rung the budget
// afforded: what a test of a scheme known to be wrong asserts.
template <class Result>
::testing::AssertionResult FailsItsClaim(const char* expr, const Result& r) {
  return verdict_assertion(expr, r, FitVerdict::fail);
}

// `scheme`'s comparison with the baseline in `w`, at matched work: at least as
// accurate (wanted) or less accurate (!wanted) at every compared run, and at
// least one run compared.
template <class Scheme>
::testing::AssertionResult matched_work_assertion(const char* w_expr, const char* s_expr, const WorkPrecisionSet& w,
                                                  const Scheme& scheme, bool wanted) {
  const MatchedWork& m = w.against_baseline(scheme);
  const bool holds = m.compared > 0 && (wanted ? m.as_accurate == m.compared : m.as_accurate == 0);
  if (holds) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << w_expr << ": expected " << s_expr
                                       << (wanted ? " at least as accurate as " : " less accurate than ") << m.baseline
                                       << " at matched work at every compared run\n  got: " << m.summary()
                                       << "\n  work = " << w.weights.describe() << "\n\n"
                                       << describe(w);
}

template <class Scheme>
::testing::AssertionResult AtLeastAsAccurateAtMatchedWork(const char* w_expr, const char* s_expr,
                                                          const WorkPrecisionSet& w, const Scheme& scheme) {
  return matched_work_assertion(w_expr, s_expr, w, scheme, true);
}

template <class Scheme>
::testing::AssertionResult LessAccurateAtMatchedWork(const char* w_expr, const char* s_expr, const WorkPrecisionSet& w,
                                                     const Scheme& scheme) {
  return matched_work_assertion(w_expr, s_expr, w, scheme, false);
}

}  // namespace sweepcheck

#define EXPECT_AT_LEAST_AS_ACCURATE_AT_MATCHED_WORK(w, scheme) \
  EXPECT_PRED_FORMAT2(::sweepcheck::AtLeastAsAccurateAtMatchedWork, w, scheme)
#define ASSERT_AT_LEAST_AS_ACCURATE_AT_MATCHED_WORK(w, scheme) \
  ASSERT_PRED_FORMAT2(::sweepcheck::AtLeastAsAccurateAtMatchedWork, w, scheme)
#define EXPECT_LESS_ACCURATE_AT_MATCHED_WORK(w, scheme) EXPECT_PRED_FORMAT2(::sweepcheck::LessAccurateAtMatchedWork, w, scheme)
#define ASSERT_LESS_ACCURATE_AT_MATCHED_WORK(w, scheme) ASSERT_PRED_FORMAT2(::sweepcheck::LessAccurateAtMatchedWork, w, scheme)
#define EXPECT_CONVERGES(result) EXPECT_PRED_FORMAT1(::sweepcheck::Converges, result)
#define ASSERT_CONVERGES(result) ASSERT_PRED_FORMAT1(::sweepcheck::Converges, result)
#define EXPECT_ORDER(result, p) EXPECT_PRED_FORMAT2(::sweepcheck::HasOrder, result, p)
#define ASSERT_ORDER(result, p) ASSERT_PRED_FORMAT2(::sweepcheck::HasOrder, result, p)
#define EXPECT_ORDER_AT_LEAST(result, p) EXPECT_PRED_FORMAT2(::sweepcheck::HasOrderAtLeast, result, p)
#define ASSERT_ORDER_AT_LEAST(result, p) ASSERT_PRED_FORMAT2(::sweepcheck::HasOrderAtLeast, result, p)
#define EXPECT_FAILS_ITS_CLAIM(result) EXPECT_PRED_FORMAT1(::sweepcheck::FailsItsClaim, result)
#define ASSERT_FAILS_ITS_CLAIM(result) ASSERT_PRED_FORMAT1(::sweepcheck::FailsItsClaim, result)
