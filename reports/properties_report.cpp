#include "reports/properties_report.hpp"
#include "reports/csv_text.hpp"

#include <fmt/format.h>

#include <cmath>

#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

// A Markdown table cell: pipes would end the cell.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string property_number(double v) { return std::isfinite(v) ? fmt::format("{:.6g}", v) : std::string(std::isnan(v) ? "" : "inf"); }

}  // namespace

std::string constants_csv(const std::vector<PropertyRow>& rows) {
  std::string out =
      "id,source,negative_control,cases,in_region,failures,roundoff_only,worst_ratio,constant,theoretical_constant,"
      "observed_constant,passed,as_expected\n";
  for (const auto& r : rows) {
    const auto& o = r.outcome;
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_quoted(o.id), csv_quoted(o.source), r.expected_failure,
                       o.cases, o.in_region, o.failures, o.roundoff_only, property_number(o.worst_ratio), csv_quoted(o.constant_name),
                       property_number(o.theoretical_constant), property_number(o.observed_constant), o.passed, r.as_expected);
  }
  return out;
}

std::string properties_markdown(const std::vector<PropertyRow>& rows, const PropertyConfig& cfg) {
  std::string md = "# Property checks of the papers' inequalities\n\n";
  md += fmt::format(
      "{} cases per property, seed {}. Distances and projections come from exact solvers, never from the scheme "
      "under test. A violation in double is re-evaluated in 50-digit arithmetic from the same input: if it holds "
      "there it counts as round-off only; otherwise it is a confirmed failure, shrunk by rapidcheck to a small "
      "counterexample. Negative controls run the same check on inputs outside the theorem's assumptions and must "
      "fail.\n\n",
      cfg.cases, cfg.seed);
  md += "| property | source | cases | in region | failures | round-off only | worst lhs/rhs | constant: theory / observed | "
        "outcome |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : rows) {
    const auto& o = r.outcome;
    std::string outcome = r.expected_failure ? (o.passed ? "control did NOT fail" : "fails as intended (control)")
                                             : (o.passed ? "holds" : "VIOLATED");
    if (!r.as_expected) outcome = "**UNEXPECTED: " + outcome + "**";
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {}: {} / {} | {} |\n", o.id, cell(o.source), o.cases,
                      o.in_region, o.failures, o.roundoff_only, property_number(o.worst_ratio), cell(o.constant_name),
                      property_number(o.theoretical_constant),
                      property_number(o.observed_constant), outcome);
  }
  for (const auto& r : rows)
    if (!r.outcome.counterexample.empty())
      md += fmt::format("\n### {}\n\n```\n{}\n```\n", r.outcome.id, r.outcome.counterexample);
  return md;
}

std::vector<std::string> write_properties_report(const std::vector<PropertyRow>& rows, const PropertyConfig& cfg,
                                                 const std::filesystem::path& dir) {
  write_file_atomically(dir / "constants.csv", constants_csv(rows));
  write_file_atomically(dir / "properties.md", properties_markdown(rows, cfg));
  return {"constants.csv", "properties.md"};
}

}  // namespace sweepcheck
