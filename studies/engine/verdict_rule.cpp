#include "sweepcheck/studies/engine/verdict_rule.hpp"

namespace sweepcheck {

const std::vector<VerdictRuleRow>& verdict_rule_rows() {
  // Cell for cell the table of fit_order.md, "Verdicts" (verdict_rule_test).
  static const std::vector<VerdictRuleRow> rows{
      {FitVerdict::pass,
       "`L ≥ p − δ` (sharp: and `U ≤ p + δ`), not scattered. Final.",
       "nothing"},
      {FitVerdict::fail,
       "settled local orders (no drift shown); `U` plus the trend's rise allowance `< p − δ` (sharp: or "
       "`L` minus the fall allowance `> p + δ`), not scattered, and the judge window's median local "
       "order misses `p − δ` by more than its own interval (`t · √(π/2) · jitter / √n`): one outlying "
       "dip does not make a fail. **Final**: refinement stops at the first look that shows it.",
       "the scheme or its claim is wrong"},
      {FitVerdict::pre_asymptotic,
       "neither shown; the local orders drift toward the claim (below p and rising, or above p and "
       "falling). The reason gives the finest h, the mean, the trend with its interval and, rising, the "
       "h where the trend reaches p.",
       "more budget (`--refine-work`) or smaller steps"},
      {FitVerdict::unsettled,
       "neither shown; the local orders drift away from the claim; or the interval misses the zone but "
       "the median does not (an outlier).",
       "refine further"},
      {FitVerdict::inconclusive,
       "neither shown and no drift: the interval reaches across `p − δ` (\"not shown either way\"), or is "
       "scattered; fewer than `min_points` in the window; fewer than 4 local orders without a floor; at "
       "a floor with fewer than 4 local orders, a local order of the two smallest steps outside the "
       "zone.",
       "extend the ladder or refine"},
      {FitVerdict::none_claimed,
       "no claim: no theorem covers this scheme on this problem (e.g. PBD on the crowd of seed 001). "
       "The observed order, scatter and trend are reported.",
       "–"},
  };
  return rows;
}

std::string verdict_rule_markdown_row(const VerdictRuleRow& r) {
  return "| `" + to_string(r.verdict) + "` | " + r.when + " | " + r.what_to_do + " |";
}

}  // namespace sweepcheck
