#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "reports/results_csv.hpp"

namespace sweepcheck {
namespace {

std::filesystem::path temp_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("sweepcheck_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

TEST(ResultsCsv, RoundTripsEveryFieldExactly) {
  RunRow a;
  a.problem = "sliding";
  a.parameters = "d=3 C=1, quoted \"x\"";
  a.scheme = "pngs:reltol=1e-08";
  a.h = 0.1 / 3;
  a.steps = 99;
  a.t_end = 3.3;
  a.error_uniform = 1.234567890123456789e-5;
  a.error_grid = 1e-5;
  a.violation = 2.5e-17;
  a.max_increment = 0.03;
  a.scale = 1.0;
  a.noise_floor = 2e-14;
  a.work = {198, 150, 99, 0, 297};  // the last: f evaluations (the newest column)
  a.wall_seconds = 0.001;
  a.claimed_order = 0.5;
  a.claim_is_sharp = true;
  RunRow b = a;
  b.status = RunStatus::diverged;
  b.fail_step = 7;
  b.error_uniform = b.error_grid = std::numeric_limits<double>::infinity();
  b.claimed_order = std::nan("");
  b.claim_is_sharp = false;
  b.refined = true;
  const auto dir = temp_dir("csv");
  write_results_csv({a, b}, dir / "results.csv");
  const auto rows = read_results_csv(dir / "results.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].parameters, a.parameters);
  EXPECT_EQ(rows[0].scheme, a.scheme);
  EXPECT_EQ(rows[0].h, a.h);
  EXPECT_EQ(rows[0].error_uniform, a.error_uniform);
  EXPECT_EQ(rows[0].work.constraint_evaluations, 198);
  EXPECT_EQ(rows[0].work.field_evaluations, 297);
  EXPECT_EQ(rows[1].status, RunStatus::diverged);
  EXPECT_EQ(rows[1].fail_step, 7);
  EXPECT_TRUE(std::isinf(rows[1].error_uniform));
  EXPECT_TRUE(std::isnan(rows[1].claimed_order));
  EXPECT_EQ(rows[0].claimed_order, 0.5);
  EXPECT_TRUE(rows[0].claim_is_sharp);
  EXPECT_FALSE(rows[1].claim_is_sharp);
  EXPECT_FALSE(rows[0].refined);
  EXPECT_TRUE(rows[1].refined);
  std::filesystem::remove_all(dir);
}

TEST(ResultsCsv, EveryRunStatusRoundTrips) {
  std::vector<RunRow> rows;
  for (RunStatus s : kAllRunStatuses) {
    RunRow r;
    r.problem = "p";
    r.scheme = "s";
    r.h = 0.5;
    r.steps = 2;
    r.status = s;
    rows.push_back(r);
  }
  const auto dir = temp_dir("csv_status");
  write_results_csv(rows, dir / "results.csv");
  const auto back = read_results_csv(dir / "results.csv");
  ASSERT_EQ(back.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(back[i].status, rows[i].status) << to_string(rows[i].status);
  std::filesystem::remove_all(dir);
}

TEST(ResultsCsv, AMalformedTableIsReportedWithItsFileName) {
  const auto dir = temp_dir("badcsv");
  const auto file = dir / "results.csv";
  RunRow valid;
  valid.h = 0.1;
  write_results_csv({valid}, file);
  {
    std::ofstream out(file, std::ios::app);
    out << "\"p\",\"\",\"pbd\",notanumber,3,1,1,1,1,1,1,1,1,1,1,1,1,1,ok,-1,0,1,sharp,given,1,0,1,0,nan,0\n";
  }
  try {
    read_results_csv(file);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("results.csv"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("notanumber"), std::string::npos);
  }
  write_results_csv({valid}, file);
  {
    std::ofstream out(file, std::ios::app);
    out << "\"p\",\"\",\"pbd\",0.1,3,1,1,1,1,1,1,1,1,1,1,1,1,1,ok,-1,0,1,maybe,given,1,0,1,0,nan,0\n";
  }
  try {
    read_results_csv(file);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("claim"), std::string::npos) << e.what();
  }
  std::ofstream(file) << "problem,scheme\n\"a\",\"b\"\n";
  EXPECT_THROW(read_results_csv(file), std::runtime_error);
  std::filesystem::remove_all(dir);
}

TEST(ResultsCsv, AMissingFileIsAnError) { EXPECT_THROW(read_results_csv("/nonexistent/results.csv"), std::runtime_error); }

}  // namespace
}  // namespace sweepcheck
