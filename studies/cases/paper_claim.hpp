#pragma once
// A paper's claim checked against a study's data, as a value: what is claimed,
// the criterion that decides it, the verdict, and the numbers behind it.
// Studies build claims (studies/*_claims.*); reports/ only renders them
// (reports/summary.hpp: claim_markdown, claims_json); tests assert verdicts.
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

// The verdict on a paper's claim (not a fit's, FitVerdict, nor an audit
// check's, CheckVerdict: studies/engine/fit_order.hpp names the three).
// pre_asymptotic / unsettled: an order claim whose local orders had not
// settled when the refinement budget ended, moving toward / away from the
// claim (studies/engine/fit_order.md, "Verdicts"): neither supported nor refuted.
enum class ClaimVerdict { supported, not_supported, inconclusive, pre_asymptotic, unsettled };

// An order claim's verdict from its fit's: pass supports it, fail does not;
// a fit with no claim leaves it inconclusive.
inline ClaimVerdict claim_verdict(FitVerdict v) {
  switch (v) {
    case FitVerdict::pass: return ClaimVerdict::supported;
    case FitVerdict::fail: return ClaimVerdict::not_supported;
    case FitVerdict::pre_asymptotic: return ClaimVerdict::pre_asymptotic;
    case FitVerdict::unsettled: return ClaimVerdict::unsettled;
    default: return ClaimVerdict::inconclusive;
  }
}

inline std::string to_string(ClaimVerdict v) {
  switch (v) {
    case ClaimVerdict::supported: return "supported";
    case ClaimVerdict::not_supported: return "not supported";
    case ClaimVerdict::inconclusive: return "inconclusive";
    case ClaimVerdict::pre_asymptotic: return "pre-asymptotic";
    case ClaimVerdict::unsettled: return "unsettled";
  }
  return "unknown";
}

struct Claim {
  std::string id;         // stable identifier, e.g. "pbd-paper.sliding.pbd-order"
  std::string statement;  // the paper's claim, in words
  // The paper's own words that the claim tests, verbatim from the source text
  // (empty for a claim that is the harness's, not a sentence of the paper),
  // and where they stand ("seed 000, Section 4.3"). Reports print them beside
  // the verdict, so a reader sees what was tested.
  std::string quote;
  std::string quote_source;
  std::string criterion;  // the rule that decides it, with its thresholds
  ClaimVerdict verdict = ClaimVerdict::inconclusive;
  std::string evidence;   // one sentence with the numbers
  std::vector<std::pair<std::string, double>> numbers;  // the numbers behind the verdict, named

  double number(const std::string& name) const {
    for (const auto& [k, v] : numbers)
      if (k == name) return v;
    return std::numeric_limits<double>::quiet_NaN();
  }
};

inline const Claim* find_claim(const std::vector<Claim>& claims, const std::string& id) {
  for (const auto& c : claims)
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace sweepcheck
