// summary.md of a small hand-made study, pinned by a checked-in file
// (reports/testdata/summary_small.md), as deal.II pins convergence tables
// (tests/base/convergence_table_01.cc with its .output file). The data are
// chosen so every number in the file can be checked by hand: scheme "first"
// has e = 2 h exactly (order 1.000, claim 1: pass), scheme "half" has
// e = h^(1/2) exactly (order 0.500 against a claim of 1: fail), the error
// at T is half of each (the same orders), and one diverged run of "first" is
// listed but not fitted.
//
// A deliberate change of the format: rerun with SWEEPCHECK_REGENERATE_GOLDEN=1
// (the file is rewritten in the source tree), read the diff, commit it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "reports/summary.hpp"

namespace sweepcheck {
namespace {

ConvergenceStudy hand_made_study() {
  ConvergenceStudy s;
  s.name = "hand-made";
  for (const char* scheme : {"first", "half"}) {
    for (int k = 0; k < 5; ++k) {
      RunRow r;
      r.problem = "toy";
      r.parameters = "d=1";
      r.scheme = scheme;
      r.steps = 10 << k;  // h = 0.1, 0.05, ..., 0.00625: exact in binary up to the division
      r.h = 1.0 / double(r.steps);
      r.t_end = 1;
      r.error_uniform = r.error_grid = std::string(scheme) == "first" ? 2 * r.h : std::sqrt(r.h);
      r.error_final = r.error_uniform / 2;  // the error at T: the same orders
      r.violation = 0;
      r.noise_floor = 1e-15;
      r.work.constraint_evaluations = 3 * r.steps;
      r.claimed_order = 1;
      s.rows.push_back(r);
    }
  }
  RunRow d = s.rows.front();
  d.steps = 2;
  d.h = 0.5;
  d.status = RunStatus::diverged;
  d.fail_step = 1;
  d.error_uniform = d.error_grid = std::numeric_limits<double>::infinity();
  s.rows.push_back(d);
  s.fits = fit_rows(s.rows);
  return s;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(SummaryGolden, TheSummaryOfASmallHandMadeStudyMatchesItsCheckedInFile) {
  const ReportText text{"A hand-made study", "Two schemes with exact power-law errors.", {"a finding"}};
  const std::string md = summary_markdown(hand_made_study(), text, {"error_vs_h.svg"});
  const std::string golden = SWEEPCHECK_SOURCE_DIR "/reports/testdata/summary_small.md";
  if (const char* regen = std::getenv("SWEEPCHECK_REGENERATE_GOLDEN"); regen && std::string(regen) == "1") {
    std::ofstream(golden) << md;
    GTEST_SKIP() << "rewrote " << golden << ": review the diff before committing it";
  }
  const std::string expected = slurp(golden);
  ASSERT_FALSE(expected.empty()) << golden << " is missing";
  if (md != expected) {
    // Line by line, so a reader sees what moved.
    std::istringstream a(expected), b(md);
    std::string la, lb;
    int line = 1;
    while (std::getline(a, la) && std::getline(b, lb) && la == lb) ++line;
    FAIL() << "summary.md differs from " << golden << " first at line " << line << ":\n  expected: " << la
           << "\n  actual:   " << lb;
  }
}

// The hand-checkable facts the file rests on, asserted from the values, so a
// golden file regenerated over a broken fit cannot pass unnoticed.
TEST(SummaryGolden, TheHandMadeFitsAreTheOrdersTheDataWereBuiltWith) {
  const auto s = hand_made_study();
  const auto* first = s.find_fit("toy", "first");
  const auto* half = s.find_fit("toy", "half");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(half, nullptr);
  EXPECT_NEAR(first->fit.order, 1.0, 1e-12);
  EXPECT_EQ(first->fit.verdict, FitVerdict::pass);
  EXPECT_NEAR(half->fit.order, 0.5, 1e-12);
  EXPECT_EQ(half->fit.verdict, FitVerdict::fail);
}

}  // namespace
}  // namespace sweepcheck
