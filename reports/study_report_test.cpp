#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/study_report.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {
namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ConvergenceStudy synthetic_study() {
  ConvergenceStudy s;
  s.name = "synthetic";
  for (double h : {0.1, 0.05, 0.025, 0.0125, 0.00625}) {
    RunRow r;
    r.problem = "toy";
    r.scheme = "pbd";
    r.h = h;
    r.steps = static_cast<std::int64_t>(1 / h);
    r.error_uniform = r.error_grid = 2 * h;
    r.work.constraint_evaluations = 2 * r.steps;
    r.claimed_order = 1;
    s.rows.push_back(r);
  }
  RunRow d = s.rows.front();
  d.scheme = "penalty";
  d.status = RunStatus::diverged;
  d.fail_step = 3;
  d.error_uniform = d.error_grid = std::numeric_limits<double>::infinity();
  s.rows.push_back(d);
  s.fits = fit_rows(s.rows);
  return s;
}

TEST(StudyReport, WritesEveryFileAndNothingHalfWritten) {
  const auto dir = std::filesystem::temp_directory_path() / ("sweepcheck_report_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto files = write_study_report(synthetic_study(), {"Synthetic", "A toy.", {"finding"}}, dir);
  for (const char* f : {"results.csv", "summary.json", "summary.md", "error_vs_h.png", "error_vs_h.svg",
                        "error_vs_work.png", "error_vs_work.svg"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / f)) << f;
    EXPECT_GT(std::filesystem::file_size(dir / f), 100u) << f;
  }
  for (const auto& e : std::filesystem::directory_iterator(dir))
    EXPECT_FALSE(e.path().filename().string().starts_with(kTemporaryPrefix)) << e.path();
  // PNG signature and SVG root element.
  EXPECT_EQ(slurp(dir / "error_vs_h.png").substr(1, 3), "PNG");
  EXPECT_NE(slurp(dir / "error_vs_h.svg").find("<svg"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(StudyReport, SummaryJsonCarriesTheFitFieldsTheIssueNames) {
  const auto j = summary_json(synthetic_study());
  ASSERT_EQ(j["fits"].size(), 2u);
  const auto& f = j["fits"][0];
  for (const char* k : {"problem", "scheme", "order", "ci_low", "ci_high", "h_min", "h_max", "points_used",
                        "expected_order", "verdict"})
    EXPECT_TRUE(f.contains(k)) << k;
  EXPECT_NEAR(f["order"].get<double>(), 1.0, 1e-12);
  EXPECT_EQ(f["verdict"], "pass");
  // The diverged-only scheme has no fit: null order, inconclusive verdict.
  EXPECT_TRUE(j["fits"][1]["order"].is_null());
  EXPECT_EQ(j["fits"][1]["verdict"], "inconclusive");
}

TEST(StudyReport, DivergedRunsAreShownAsSuchInTheFigureAndTheTable) {
  const auto s = synthetic_study();
  const auto fig = error_vs_h_figure(s, "t");
  bool has_diverged_series = false;
  for (const auto& series : fig.series) has_diverged_series |= series.label.starts_with("diverged");
  EXPECT_TRUE(has_diverged_series);
  EXPECT_NE(summary_markdown(s, {}, {}).find("diverged at step 3"), std::string::npos);
}

TEST(StudyReport, RungsRunOverGridPhasesDrawTheBandFromTheBestPhaseToTheWorst) {
  auto s = synthetic_study();
  for (auto& r : s.rows)
    if (r.scheme == "pbd" && r.h < 0.05) r.phases = 4, r.error_phase_best = r.error_uniform / 3;
  const auto fig = error_vs_h_figure(s, "t");
  const Series* worst = nullptr;
  const Series* best = nullptr;
  for (const auto& series : fig.series) {
    if (series.label == "pbd (worst grid phase)") worst = &series;
    if (series.label == "pbd (best grid phase)") best = &series;
  }
  ASSERT_NE(worst, nullptr);
  ASSERT_NE(best, nullptr);
  EXPECT_EQ(worst->points.size(), 5u);
  // Only the phased rungs have a best phase: h = 0.025, 0.0125, 0.00625.
  ASSERT_EQ(best->points.size(), 3u);
  EXPECT_EQ(best->points.front(), std::make_pair(0.025, 2 * 0.025 / 3));
  // Control: a study without phased rungs draws no band and keeps its label.
  for (const auto& series : error_vs_h_figure(synthetic_study(), "t").series)
    EXPECT_EQ(series.label.find("grid phase"), std::string::npos) << series.label;
}

}  // namespace
}  // namespace sweepcheck
