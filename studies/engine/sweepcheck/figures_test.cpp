// The figures of every result (sweepcheck/figures.hpp): written on request,
// with gnuplot spawned without a shell and every user string single-quoted.
#include "sweepcheck/figures.hpp"
#include "sweepcheck/figure_panels.hpp"
#include "sweepcheck/studies/engine/run_gnuplot.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/reference_free_check.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"
#include "sweepcheck/work_precision.hpp"

namespace sweepcheck {
namespace figures_test {

// PBD under a name that tries every way out of a gnuplot string: a quote,
// a backquote command, a newline starting a new command, a NUL-free CR.
const char* const kHostile = "pbd' `touch PWNED` \"`touch PWNED2`\"\nsystem 'touch PWNED3'\r";

struct HostilelyNamedPbd {
  static std::string name() { return kHostile; }
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    return Pbd<double>{}.step(p, t, x, h, out, w);
  }
};

std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string slurp(const std::filesystem::path& f) {
  std::ifstream in(f);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The quoting itself is tested in studies/engine/text_quoting_test.cpp.
bool has_gnuplot() { return run_gnuplot_script("/", "/dev/null"); }

TEST(Figures, AConvergenceResultWritesErrorVsHLocalOrdersAndWorkPrecision) {
  ConvergenceOptions o;
  o.steps = Steps::counts({20, 40, 80, 160});
  o.refine.max_new_rungs = 0;
  const auto r = check_convergence(SlidingCase<double>{}, HostilelyNamedPbd{}, OrderClaim::at_least(1), o);
  const auto dir = fresh_dir("sweepcheck_figures");
  const auto files = r.write_figures(dir.string());
  for (const char* name : {"error_vs_h", "local_orders", "work_precision"})
    for (const char* ext : {".dat", ".gp"}) {
      const auto f = dir / (std::string(name) + ext);
      EXPECT_TRUE(std::filesystem::exists(f)) << f;
      EXPECT_GT(std::filesystem::file_size(f), 0u) << f;
    }
  const std::string gp = slurp(dir / "error_vs_h.gp");
  EXPECT_NE(gp.find("'pbd'' `touch PWNED` \"`touch PWNED2`\" system ''touch PWNED3''  on sliding"), std::string::npos)
      << gp;
  EXPECT_NE(gp.find("title 'fit: order "), std::string::npos) << gp;
  EXPECT_NE(gp.find("title 'claim: slope 1'"), std::string::npos) << gp;
  // The interval's ends as slopes through the fit's centre (sweepcheck/figure_panels.hpp).
  EXPECT_NE(gp.find(fmt::format("title 'interval: slope {:.3f}'", r.fit.ci_low)), std::string::npos) << gp;
  EXPECT_NE(gp.find(fmt::format("title 'interval: slope {:.3f}'", r.fit.ci_high)), std::string::npos) << gp;
  if (has_gnuplot()) {
    EXPECT_EQ(files.size(), 12u);
    for (const char* name : {"error_vs_h.png", "local_orders.svg", "work_precision.png"})
      EXPECT_GT(std::filesystem::file_size(dir / name), 0u) << name;
  }
  for (const char* f : {"PWNED", "PWNED2", "PWNED3"}) EXPECT_FALSE(std::filesystem::exists(dir / f)) << f;
  std::filesystem::remove_all(dir);
}

// Issue 55: over grid phases the error panel shows the band, the best
// phase's error below each worst one; a ladder on one grid has no band.
TEST(Figures, RungsRunOverGridPhasesDrawTheBandFromTheBestPhaseToTheWorst) {
  ConvergenceOptions o;
  o.steps = Steps::counts({20, 40, 80});
  o.refine.max_new_rungs = 0;
  auto r = check_convergence(SlidingCase<double>{}, Pbd<double>{}, OrderClaim::at_least(1), o);
  auto titles = [](const ConvergenceResult& x) {
    std::vector<std::string> t;
    const auto figures = figures_of(x);
    for (const auto& l : figures.front().panels.front().lines) t.push_back(l.title);
    return t;
  };
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(titles(r).front(), "errors");  // one grid: no band
  for (auto& row : r.rows) row.phases = 4, row.error_phase_best = row.error_uniform / 3;
  const auto lines = figures_of(r).front().panels.front().lines;
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0].title, "errors (worst grid phase)");
  EXPECT_EQ(lines[1].title, "best grid phase (band: best to worst)");
  ASSERT_EQ(lines[1].points.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(lines[1].points[i].first, r.rows[i].h);
    EXPECT_DOUBLE_EQ(lines[1].points[i].second, r.rows[i].error_uniform / 3);
  }
}

TEST(Figures, AWorkPrecisionSetDrawsEveryScheme) {
  WorkPrecisionOptions o;
  o.steps = Steps::counts({20, 40, 80});
  const auto w = compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, HostilelyNamedPbd{}}, o);
  const auto dir = fresh_dir("sweepcheck_wp_figures");
  const auto files = w.write_figures(dir.string());
  ASSERT_GE(files.size(), 2u);
  const std::string gp = slurp(dir / "work_precision.gp");
  EXPECT_NE(gp.find("set xlabel 'work: 1·f evaluations + 1·constraint evaluations + 1·inner iterations'"),
            std::string::npos)
      << gp;
  EXPECT_NE(gp.find("set xlabel 'seconds"), std::string::npos) << gp;
  EXPECT_NE(gp.find("index 3 using 1:2"), std::string::npos) << gp;  // two schemes, two panels
  EXPECT_NE(gp.find("title 'pbd'' `touch PWNED`"), std::string::npos) << gp;  // the name, quoted, as a line title
  if (has_gnuplot()) {
    EXPECT_EQ(files.size(), 4u);
  }
  for (const char* f : {"PWNED", "PWNED2", "PWNED3"}) EXPECT_FALSE(std::filesystem::exists(dir / f)) << f;
  std::filesystem::remove_all(dir);
}

struct SlidingWithoutExact : SlidingCase<double> {
  Vec<double> exact(double) const = delete;
};

TEST(Figures, AReferenceFreeResultDrawsItsDistancesAndTripleOrders) {
  ReferenceFreeOptions o;
  o.steps = Steps::counts({40, 80, 160, 320});
  const auto r = check_convergence_reference_free(SlidingWithoutExact{SlidingCase<double>(SlidingCaseOptions{})}, Pbd<double>{}, OrderClaim::at_least(1), o);
  EXPECT_EQ(r.summary().find('\n'), std::string::npos);
  EXPECT_EQ(r.summary().rfind(std::string(to_string(r.verdict())) + ": pbd on sliding (reference-free)", 0), 0u)
      << r.summary();
  const auto dir = fresh_dir("sweepcheck_rf_figures");
  const auto files = r.write_figures(dir.string());
  EXPECT_GT(std::filesystem::file_size(dir / "error_vs_h.dat"), 0u);
  EXPECT_NE(slurp(dir / "local_orders.gp").find("title 'triple orders'"), std::string::npos);
  if (has_gnuplot()) {
    EXPECT_EQ(files.size(), 12u);
  }
  std::filesystem::remove_all(dir);
}

TEST(Figures, AMissingFolderIsRejectedWithItsName) {
  ConvergenceOptions o;
  o.steps = Steps::counts({20, 40});
  o.refine.max_new_rungs = 0;
  const auto r = check_convergence(SlidingCase<double>{}, Pbd<double>{}, OrderClaim::none(), o);
  try {
    r.write_figures("/nonexistent/figures");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/figures"), std::string::npos) << e.what();
  }
}

}  // namespace figures_test
}  // namespace sweepcheck
