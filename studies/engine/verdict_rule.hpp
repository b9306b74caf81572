#pragma once
// The verdict rule in words: the table of studies/engine/fit_order.md,
// "Verdicts" (when each verdict is given, and what to do about it), as one
// value. The summaries' and the HTML report's legends are made from it
// (reports/summary.hpp, verdict_legend), and verdict_rule_test checks it
// against the table in fit_order.md cell for cell, so the words a reader
// sees beside a verdict are the rule's own (issue 60). Change the rule's
// table and this together: the test fails until they agree.
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

struct VerdictRuleRow {
  FitVerdict verdict;
  std::string when;        // Markdown, as in fit_order.md
  std::string what_to_do;  // Markdown, as in fit_order.md ("–": nothing to do)
};

// The rows in the order of fit_order.md's table.
const std::vector<VerdictRuleRow>& verdict_rule_rows();

// "| `pass` | when | what to do |": the row as fit_order.md's table writes it.
std::string verdict_rule_markdown_row(const VerdictRuleRow& r);

}  // namespace sweepcheck
