#pragma once
// gMock matchers on a convergence check, installed as <sweepcheck/gmock.hpp>;
// link GTest::gmock beside sweepcheck::engine:
//
//   const auto r = check_convergence(problem, scheme, OrderClaim::at_least(1));
//   EXPECT_THAT(r, ConvergesWithOrderAtLeast(1));
//   EXPECT_THAT(check_convergence(problem, wrong, OrderClaim::at_least(1)), FailsClaimOfOrderAtLeast(1));
//
// A matcher names the claim it checks, and matches only a run made for that
// claim (the claim in the call decides how deep refinement goes): a result
// made for another claim does not match, and the explanation says to pass
// the claim into the call. Each works on a ConvergenceResult and on a
// ReferenceFreeResult; a mismatch prints the result's summary() as the
// value, then the verdict, claim, observed order and reason, then the table.
#include <gmock/gmock.h>

#include <string>

#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/reference_free_check.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {

// Whether `r` was run for the claim (order p, sharp or not); explains when not.
template <class Result>
bool made_for(const Result& r, double p, bool sharp, ::testing::MatchResultListener* l) {
  if (r.claim.judged() && r.claim.order == p && r.claim.sharp() == sharp) return true;
  *l << "the run was made for " << to_string(r.claim) << ", not for order " << (sharp ? "= " : ">= ") << p
     << ": pass OrderClaim::" << (sharp ? "exactly(" : "at_least(") << p << ") into the call\n";
  return false;
}

template <class Result>
bool has_verdict(const Result& r, FitVerdict v, ::testing::MatchResultListener* l) {
  if (r.verdict() == v) return true;
  *l << "verdict " << to_string(r.verdict()) << ": " << r.scheme << " on " << r.problem << "\n"
     << headline(r) << "\n"
     << describe(r);
  return false;
}

MATCHER(ConvergesAsClaimed, "converges as claimed (verdict pass)") { return has_verdict(arg, FitVerdict::pass, result_listener); }

MATCHER_P(ConvergesWithOrderAtLeast, p, "converges with order >= " + ::testing::PrintToString(p) + " (verdict pass)") {
  return made_for(arg, double(p), false, result_listener) && has_verdict(arg, FitVerdict::pass, result_listener);
}

MATCHER_P(ConvergesWithOrder, p, "converges with order = " + ::testing::PrintToString(p) + " (verdict pass)") {
  return made_for(arg, double(p), true, result_listener) && has_verdict(arg, FitVerdict::pass, result_listener);
}

MATCHER_P(FailsClaimOfOrderAtLeast, p,
          "fails the claim order >= " + ::testing::PrintToString(p) + " on settled evidence (verdict fail)") {
  return made_for(arg, double(p), false, result_listener) && has_verdict(arg, FitVerdict::fail, result_listener);
}

}  // namespace sweepcheck
