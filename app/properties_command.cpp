// `sweepcheck properties`: runs every property suite and negative control,
// writes constants.csv and properties.md, and the default report's section.
#include <fmt/format.h>

#include <iostream>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "properties/property_suites.hpp"
#include "reports/properties_report.hpp"

namespace sweepcheck::app {

namespace {

// Runs the suites; returns the rows and whether every outcome was expected.
std::pair<std::vector<PropertyRow>, bool> run_suites(const PropertyConfig& cfg, bool quiet) {
  std::vector<PropertyRow> rows;
  bool all_expected = true;
  for (const auto& suite : property_suites()) {
    PropertyRow row{suite.run(cfg), suite.expect_failure, false};
    row.as_expected = as_expected(suite, row.outcome);
    all_expected = all_expected && row.as_expected;
    if (progress_wanted(quiet))
      std::cerr << fmt::format("{} {}: {} cases, {} in region, {} failures, {} round-off only\n",
                               row.as_expected ? "ok  " : "FAIL", suite.id, row.outcome.cases, row.outcome.in_region,
                               row.outcome.failures, row.outcome.roundoff_only);
    rows.push_back(std::move(row));
  }
  return {rows, all_expected};
}

std::vector<std::string> findings(const std::vector<PropertyRow>& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) {
    const auto& o = r.outcome;
    if (r.expected_failure) {
      out.push_back(fmt::format("{} — negative control: {} ({} confirmed failures).", o.source,
                                r.as_expected ? "fails as intended" : "**did not fail**", o.failures));
    } else {
      out.push_back(fmt::format("{}: {} on {} cases ({} in the assumption region); worst lhs/rhs {:.3g}; {} {:.3g} "
                                "(theory {:.3g}).",
                                o.source, o.passed ? "holds" : "**violated**", o.cases, o.in_region, o.worst_ratio,
                                o.constant_name, o.observed_constant, o.theoretical_constant));
    }
  }
  return out;
}

}  // namespace

void register_properties(CLI::App& app, Registry& r) {
  auto* cmd = app.add_subcommand("properties", "run the property suites of the papers' inequalities");
  auto cfg = std::make_shared<PropertyConfig>();
  auto out = std::make_shared<std::string>();
  auto quiet = std::make_shared<bool>(false);
  cmd->add_option("--out", *out, "output folder")->required()->transform(output_folder_validator());
  cmd->add_option("--cases", cfg->cases, "cases per property")->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--seed", cfg->seed, "rapidcheck seed")->capture_default_str();
  cmd->add_flag("--quiet", *quiet, "no progress on stderr");
  cmd->callback([=] {
    cfg->validate();
    const auto [rows, ok] = run_suites(*cfg, *quiet);
    write_properties_report(rows, *cfg, *out);
    std::cerr << "wrote " << (std::filesystem::path(*out) / "constants.csv").string() << " and properties.md\n";
    if (!ok) throw std::runtime_error("some property outcomes were not as expected (see properties.md)");
  });
  r.default_report.push_back({"properties", [](const std::filesystem::path& dir, const Executor&) {
                                const PropertyConfig cfg;
                                const auto [rows, ok] = run_suites(cfg, false);
                                write_properties_report(rows, cfg, dir);
                                ReportSection s{"Property checks of the papers' inequalities", "properties", {}, findings(rows)};
                                s.link = "properties.md";
                                if (!ok) s.findings.insert(s.findings.begin(), "**Some outcomes were not as expected.**");
                                return s;
                              }});
}

}  // namespace sweepcheck::app
