#include "reports/html_report.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "reports/summary.hpp"
#include "sweepcheck/studies/engine/verdict_rule.hpp"

namespace sweepcheck {
namespace {

namespace fs = std::filesystem;

TEST(HtmlReport, EscapesMarkupInText) {
  EXPECT_EQ(html_escape("a<b & \"c\">'"), "a&lt;b &amp; &quot;c&quot;&gt;&#39;");
}

TEST(HtmlReport, RendersTheInlineMarkdownTheStudiesWrite) {
  EXPECT_EQ(markdown_inline_html("order **1.02** of `pbd` < 2, see [it](x.md)"),
            "order <strong>1.02</strong> of <code>pbd</code> &lt; 2, see <a href=\"x.md\">it</a>");
  // Unclosed markers stay text.
  EXPECT_EQ(markdown_inline_html("a ** b ` c [d"), "a ** b ` c [d");
}

TEST(HtmlReport, AClaimsQuotedSentenceStandsBesideItsVerdictInMarkdownHtmlAndJson) {
  Claim c;
  c.id = "paper.x";
  c.statement = "x: PBD is best";
  c.quote = "PBD performs best.";
  c.quote_source = "seed 000, Section 4.3";
  c.criterion = "every budget";
  c.verdict = ClaimVerdict::not_supported;
  c.evidence = "1/2 budgets";
  const std::string md = claim_markdown(c);
  EXPECT_EQ(md, "x: PBD is best — the paper (seed 000, Section 4.3): “PBD performs best.” — **not supported**: 1/2 "
                "budgets (criterion: every budget) `paper.x`");
  EXPECT_EQ(markdown_inline_html(md),
            "x: PBD is best — the paper (seed 000, Section 4.3): “PBD performs best.” — <strong>not supported</strong>: "
            "1/2 budgets (criterion: every budget) <code>paper.x</code>");
  const auto j = claims_json({c});
  EXPECT_EQ(j.at(0).at("quote"), "PBD performs best.");
  EXPECT_EQ(j.at(0).at("quote_source"), "seed 000, Section 4.3");
  // A claim that quotes nothing reads as before.
  c.quote.clear();
  EXPECT_EQ(claim_markdown(c), "x: PBD is best — **not supported**: 1/2 budgets (criterion: every budget) `paper.x`");
}

TEST(HtmlReport, GivesADynamicSvgItsViewBoxAsNaturalSize) {
  const std::string uri = svg_data_uri("<?xml version=\"1.0\"?>\n<svg \n viewBox=\"0 0 640 480\"\n>\n</svg>\n");
  ASSERT_EQ(uri.rfind("data:image/svg+xml;base64,", 0), 0u);
  // base64 of '<?xml version="1.0"?>\n<svg width="640" height="480" \n viewBox...'
  const std::string b64 = uri.substr(std::string("data:image/svg+xml;base64,").size());
  EXPECT_EQ(b64.substr(0, 28), "PD94bWwgdmVyc2lvbj0iMS4wIj8+");  // '<?xml version="1.0"?>'
  EXPECT_NE(b64.find("d2lkdGg9IjY0MCIgaGVpZ2h0PSI0ODAi"), std::string::npos);  // 'width="640" height="480"'
  EXPECT_THROW(svg_data_uri("not an svg"), std::runtime_error);
}

TEST(HtmlReport, HasOneSectionPerStudyWithBadgesFiguresAndLinksToTheWrittenFiles) {
  const fs::path root = fs::temp_directory_path() / "sweepcheck_html_report_test";
  fs::remove_all(root);
  fs::create_directories(root / "toy" / "sub");
  std::ofstream(root / "toy" / "results.csv") << "a,b\n1,2\n";
  std::ofstream(root / "toy" / "summary.md") << "# toy\n";
  std::ofstream(root / "toy" / "sub" / "error_vs_h.svg") << "<svg viewBox=\"0 0 10 10\"></svg>";
  std::ofstream(root / "toy" / "sub" / "error_vs_h.png") << "png";

  SchemeFit f;
  f.problem = "toy";
  f.scheme = "pbd<1>";
  f.fit.order = 1.01;
  f.fit.ci_low = 0.9;
  f.fit.ci_high = 1.1;
  f.fit.expected_order = 1;
  f.fit.verdict = FitVerdict::pass;
  HtmlSection s{"Toy study", "toy", "summary.md", {f}, {"claim: order **1** holds"}};
  HtmlSection empty{"Empty", "nothing-here", "summary.md", {}, {}};
  const fs::path file = write_html_report("Title", {s, empty}, root);
  std::ifstream in(file);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

  EXPECT_NE(html.find("<h2>Toy study</h2>"), std::string::npos);
  EXPECT_NE(html.find("<h2>Empty</h2>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"badge v-pass\">pass</span>"), std::string::npos);
  EXPECT_NE(html.find("<code>pbd&lt;1&gt;</code>"), std::string::npos);
  EXPECT_NE(html.find("<li>claim: order <strong>1</strong> holds</li>"), std::string::npos);
  EXPECT_NE(html.find("<img src=\"data:image/svg+xml;base64,"), std::string::npos);
  EXPECT_NE(html.find("href=\"toy/sub/error_vs_h.png\""), std::string::npos);
  EXPECT_NE(html.find("href=\"toy/results.csv\""), std::string::npos);
  EXPECT_NE(html.find("href=\"toy/summary.md\""), std::string::npos);
  // Self-contained: nothing fetched from elsewhere.
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  fs::remove_all(root);
}

// Issue 60: the legend of every summary and of the HTML page is the verdict
// rule's own table (studies/engine/verdict_rule.hpp, checked against
// fit_order.md by VerdictRule.*), not issue 32's "the interval ... reaches it".
TEST(HtmlReport, TheVerdictLegendInSummariesAndTheHtmlPageIsTheRulesOwnTable) {
  const auto legend = verdict_legend();
  const auto& rule = verdict_rule_rows();
  ASSERT_EQ(legend.size(), rule.size());
  for (std::size_t i = 0; i < rule.size(); ++i) {
    EXPECT_EQ(legend[i].first, to_string(rule[i].verdict));
    EXPECT_EQ(legend[i].second.rfind(rule[i].when, 0), 0u) << legend[i].second;
    if (rule[i].what_to_do != "–")  // the table's "nothing applies" (none-claimed) is left out
      EXPECT_NE(legend[i].second.find("What to do: " + rule[i].what_to_do), std::string::npos) << legend[i].second;
  }
  const std::string md = verdict_legend_markdown();
  EXPECT_NE(md.find("- **pass**: `L ≥ p − δ`"), std::string::npos) << md;
  EXPECT_EQ(md.find("reaches it"), std::string::npos) << md;

  const fs::path root = fs::temp_directory_path() / "sweepcheck_html_legend_test";
  fs::remove_all(root);
  fs::create_directories(root / "toy");
  SchemeFit f;
  f.problem = "toy";
  f.scheme = "pbd";
  f.fit.order = 1.0;
  f.fit.expected_order = 1;
  f.fit.verdict = FitVerdict::pass;
  const fs::path file = write_html_report("Title", {HtmlSection{"Toy", "toy", "summary.md", {f}, {}}}, root);
  std::ifstream in(file);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("<span class=\"badge v-pass\">pass</span> <code>L ≥ p − δ</code> (sharp: and <code>U ≤ p + "
                      "δ</code>), not scattered. Final."),
            std::string::npos);
  EXPECT_EQ(html.find("reaches it"), std::string::npos);
  fs::remove_all(root);
}

TEST(HtmlReport, ASchemeWithoutAClaimReadsNoClaimInMarkdownHtmlAndJsonNeverNan) {
  OrderFit one_sided, sharp, none;
  one_sided.expected_order = 1;
  sharp.expected_order = 0.5;
  sharp.expected_is_sharp = true;
  none.expected_order = std::nan("");
  EXPECT_EQ(claimed_order_text(one_sided), "≥ 1");
  EXPECT_EQ(claimed_order_text(sharp), "0.5");
  EXPECT_EQ(claimed_order_text(none), "no claim");

  // A scheme that claims no order (PGS, the penalty method), e = h, through the study's own fit.
  ConvergenceStudy study;
  study.name = "no-claim";
  for (int k = 0; k < 5; ++k) {
    RunRow r;
    r.problem = "toy";
    r.parameters = "d=1";
    r.scheme = "pgs";
    r.steps = 10 << k;
    r.h = 1.0 / double(r.steps);
    r.t_end = 1;
    r.error_uniform = r.error_grid = r.error_final = r.h;
    r.noise_floor = 1e-15;
    r.work.constraint_evaluations = r.steps;
    r.claimed_order = std::nan("");
    study.rows.push_back(r);
  }
  study.fits = fit_rows(study.rows);
  ASSERT_EQ(study.fits.size(), 1u);
  ASSERT_TRUE(std::isnan(study.fits[0].fit.expected_order));
  const std::string md = summary_markdown(study, ReportText{"t", "d", {}}, {});
  EXPECT_NE(md.find("| no claim |"), std::string::npos) << md;
  EXPECT_EQ(md.find("nan"), std::string::npos) << md;
  // JSON: the number is null, and no string field spells nan.
  const std::string json = summary_json(study).dump();
  EXPECT_EQ(json.find("nan"), std::string::npos) << json;

  const fs::path root = fs::temp_directory_path() / "sweepcheck_html_no_claim_test";
  fs::remove_all(root);
  fs::create_directories(root / "toy");
  const fs::path file = write_html_report("Title", {HtmlSection{"Toy", "toy", "summary.md", study.fits, {}}}, root);
  std::ifstream in(file);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(html.find("<td>no claim</td>"), std::string::npos);
  EXPECT_EQ(html.find("nan"), std::string::npos);
  fs::remove_all(root);
}

}  // namespace
}  // namespace sweepcheck
