// The verdict rule's words (verdict_rule.hpp) are fit_order.md's table,
// cell for cell, every verdict once: the legends made from them describe
// the rule the code applies (issue 60).
#include "sweepcheck/studies/engine/verdict_rule.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace sweepcheck {
namespace {

// The rows of the table under "## Verdicts" in fit_order.md.
std::vector<std::string> table_rows_of_fit_order_md() {
  std::ifstream in(FIT_ORDER_MD);
  std::vector<std::string> rows;
  bool in_section = false, in_table = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Verdicts";
    if (!in_section) continue;
    if (line.rfind("| verdict | when | what to do |", 0) == 0) in_table = true;
    else if (in_table && line.rfind("| `", 0) == 0) rows.push_back(line);
    else if (in_table && line.rfind("|---", 0) != 0) break;
  }
  return rows;
}

TEST(VerdictRule, ItsWordsAreFitOrderMdsTableCellForCell) {
  const auto md = table_rows_of_fit_order_md();
  const auto& rows = verdict_rule_rows();
  ASSERT_EQ(md.size(), rows.size()) << "fit_order.md, \"Verdicts\": the table has " << md.size() << " rows";
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(verdict_rule_markdown_row(rows[i]), md[i]);
}

TEST(VerdictRule, EveryVerdictHasOneRowAndAPassNeedsTheLowerBoundAtPMinusDelta) {
  std::set<FitVerdict> seen;
  for (const auto& r : verdict_rule_rows()) EXPECT_TRUE(seen.insert(r.verdict).second) << to_string(r.verdict);
  EXPECT_EQ(seen.size(), 6u);
  // The rule of issue 44, not issue 32's "the interval reaches it".
  EXPECT_NE(verdict_rule_rows().front().when.find("L ≥ p − δ"), std::string::npos);
  EXPECT_EQ(verdict_rule_rows().front().when.find("reaches"), std::string::npos);
}

}  // namespace
}  // namespace sweepcheck
