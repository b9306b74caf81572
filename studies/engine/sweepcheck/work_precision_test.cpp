// compare_work_precision (sweepcheck/work_precision.hpp): rows per scheme on
// the same steps, the matched-work comparison with the first scheme, and the
// gnuplot figure when asked.
#include "sweepcheck/work_precision.hpp"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>

#include <unistd.h>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/gtest.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"

namespace sweepcheck {
namespace work_precision_test {

// PBD whose every step costs twice PBD's constraint evaluations (it projects
// twice; a projection onto a set is idempotent, so its states are PBD's).
struct PbdProjectingTwice {
  static std::string name() { return "pbd-projecting-twice"; }
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    const StepStatus s = Pbd<double>{}.step(p, t, x, h, out, w);
    Work again;
    Vec<double> y = out;
    Pbd<double>{}.step(p, t, x, h, y, again);
    w.constraint_evaluations += again.constraint_evaluations;
    return s;
  }
};

WorkPrecisionOptions options() {
  WorkPrecisionOptions o;
  o.steps = Steps::counts({50, 100, 200, 400, 800, 1600});
  return o;
}

const WorkPrecisionSet& set() {
  static const WorkPrecisionSet w =
      compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, PbdProjectingTwice{}}, options());
  return w;
}

TEST(TestingApiWorkPrecision, EachSchemeRunsTheSameStepsAndReportsWorkAndBothErrors) {
  const auto& w = set();
  ASSERT_EQ(w.series.size(), 2u);
  EXPECT_EQ(w.series[0].scheme, "pbd");
  const auto& twice = w.of("pbd-projecting-twice");
  ASSERT_EQ(twice.rows.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    const RunRow& a = w.series[0].rows[i];
    const RunRow& b = twice.rows[i];
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_EQ(a.error_uniform, b.error_uniform);  // the same states
    EXPECT_EQ(a.error_final, b.error_final);
    EXPECT_EQ(b.work.constraint_evaluations, 2 * a.work.constraint_evaluations);
    // f calls, counted by the host: one a step for PBD, two for the scheme that runs PBD's step twice.
    EXPECT_EQ(a.work.field_evaluations, a.steps);
    EXPECT_EQ(b.work.field_evaluations, 2 * b.steps);
    EXPECT_GT(b.work_units(), a.work_units());
  }
  EXPECT_NE(describe(w).find("at matched work"), std::string::npos);
  EXPECT_NE(describe(w).find("work = 1·f evaluations + 1·constraint evaluations + 1·inner iterations"),
            std::string::npos)
      << describe(w);
  EXPECT_NE(describe(w).find("seconds"), std::string::npos);
}

// At matched work the twice-stepping scheme has run half PBD's steps: per
// step it costs 2 f calls + 2c constraint evaluations against PBD's 1 + c
// (c = 2: two balls), twice as much, and with errors of order 1 PBD's error
// at the same work is 1/2 of its (the interpolation along PBD's runs moves
// it slightly): the comparison finds it less accurate at every budget.
TEST(TestingApiWorkPrecision, AtMatchedWorkTheSchemeThatDoublesItsWorkIsLessAccurate) {
  const MatchedWork& m = set().against_baseline(PbdProjectingTwice{});
  EXPECT_EQ(m.baseline, "pbd");
  EXPECT_GE(m.compared, 4);  // its finest runs' work lies beyond PBD's finest
  EXPECT_EQ(m.as_accurate, 0);
  EXPECT_GT(m.min_ratio, 0.45);
  EXPECT_LT(m.max_ratio, 0.55);
  EXPECT_EQ(m.compared + m.outside, 6);
  EXPECT_LESS_ACCURATE_AT_MATCHED_WORK(set(), PbdProjectingTwice{});
}

// PBD under another name: the same arithmetic, so the same errors bit for bit.
struct PbdAgain : Pbd<double> {
  static std::string name() { return "pbd-again"; }
};

// Issue 60: a scheme against itself at matched work. Its errors equal the
// baseline's bit for bit; the baseline's, interpolated in log-log at the
// same work, come back through log and exp within round-off (a ratio of
// 1 - 2.2e-16 at some runs): each run is a tie, so at least as accurate,
// never "less accurate".
TEST(TestingApiWorkPrecision, ASchemeAgainstItselfAtMatchedWorkTiesAtEveryRunToRoundOff) {
  const auto w = compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, PbdAgain{}});
  const MatchedWork& m = w.against_baseline(PbdAgain{});
  ASSERT_GE(m.compared, 4);
  EXPECT_EQ(m.tied, m.compared) << m.summary();
  EXPECT_EQ(m.as_accurate, m.compared) << m.summary();
  EXPECT_NE(m.summary().find("tied to round-off, within 1e-12"), std::string::npos) << m.summary();
  EXPECT_AT_LEAST_AS_ACCURATE_AT_MATCHED_WORK(w, PbdAgain{});
}

// The tie is round-off only (kMatchedWorkRoundOff = 1e-12): a scheme whose
// errors are 1e-9 above the baseline's at the same work is less accurate
// (negative control), one 1e-13 above is tied.
TEST(TestingApiWorkPrecision, ATieAtMatchedWorkIsRoundOffOnlyNotAnyCloseError) {
  auto series = [](const std::string& name, double factor) {
    WorkPrecisionSeries s{name, {}};
    for (int k = 0; k < 4; ++k) {
      RunRow r;
      r.status = RunStatus::ok;
      r.work.field_evaluations = 100 << k;
      r.error_uniform = factor * 0.1 / double(1 << k);
      s.rows.push_back(r);
    }
    return s;
  };
  const auto above = matched_work({series("base", 1.0), series("above", 1.0 + 1e-9)});
  ASSERT_EQ(above.size(), 1u);
  EXPECT_EQ(above[0].compared, 4);
  EXPECT_EQ(above[0].as_accurate, 0) << above[0].summary();
  EXPECT_EQ(above[0].tied, 0);
  const auto within = matched_work({series("base", 1.0), series("within", 1.0 + 1e-13)});
  EXPECT_EQ(within[0].as_accurate, 4) << within[0].summary();
  EXPECT_EQ(within[0].tied, 4);
}

// On the paper's axis, constraint evaluations alone, the doubled projection
// still costs twice PBD's work (2c against c a step): the same ratio.
TEST(TestingApiWorkPrecision, ThePapersAxisIsAWeighingStatedInTheTable) {
  WorkPrecisionOptions o = options();
  o.steps = Steps::counts({50, 100, 200, 400});
  o.weights = WorkWeights::paper();
  const auto w = compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, PbdProjectingTwice{}}, o);
  EXPECT_NE(describe(w).find("work = constraint evaluations"), std::string::npos) << describe(w);
  const MatchedWork& m = w.against_baseline(PbdProjectingTwice{});
  EXPECT_GE(m.compared, 2) << w;
  EXPECT_GT(m.min_ratio, 0.45) << w;
  EXPECT_LT(m.max_ratio, 0.55) << w;
  o.weights = WorkWeights{0, 0, 0, 0};
  EXPECT_THROW(compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, PbdProjectingTwice{}}, o),
               std::invalid_argument);
}

// The macro's failure message: what was expected, the comparison's one line
// and the weights first, then the table.
TEST(TestingApiWorkPrecision, AMatchedWorkAssertionThatFailsSaysWhatItComparedAndOnWhichAxis) {
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter capture(::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
                                                        &failures);
    EXPECT_AT_LEAST_AS_ACCURATE_AT_MATCHED_WORK(set(), PbdProjectingTwice{});
  }
  ASSERT_EQ(failures.size(), 1);
  const std::string m = failures.GetTestPartResult(0).message();
  EXPECT_EQ(m.rfind("set(): expected PbdProjectingTwice{} at least as accurate as pbd at matched work", 0), 0u) << m;
  EXPECT_NE(m.find("got: " + set().against_baseline(PbdProjectingTwice{}).summary()), std::string::npos) << m;
  EXPECT_NE(m.find("work = 1·f evaluations"), std::string::npos) << m;
  EXPECT_EQ(set().summary().find('\n'), std::string::npos);
  EXPECT_NE(set().summary().find("pbd-projecting-twice as accurate as pbd at 0/"), std::string::npos) << set().summary();
}

struct Other {
  static std::string name() { return "other"; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    return Pbd<double>{}.step(p, t, x, h, out, w);
  }
};

TEST(TestingApiWorkPrecision, ASchemeThatWasNotComparedIsRefusedByName) {
  EXPECT_THROW(set().against_baseline(Other{}), std::invalid_argument);
}

TEST(TestingApiWorkPrecision, AFigureIsWrittenAsGnuplotDataAndScriptAndRenderedWhenGnuplotIsThere) {
  const auto dir = std::filesystem::temp_directory_path() / ("sweepcheck_wp_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  WorkPrecisionOptions o = options();
  o.steps = Steps::counts({20, 40, 80});
  o.figure = (dir / "wp").string();
  const auto w = compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, PbdProjectingTwice{}}, o);
  ASSERT_GE(w.figure_files.size(), 2u);
  EXPECT_TRUE(std::filesystem::file_size(dir / "wp.dat") > 0);
  std::ifstream gp(dir / "wp.gp");
  const std::string script((std::istreambuf_iterator<char>(gp)), {});
  EXPECT_NE(script.find("index 1 using 2:3"), std::string::npos) << script;
  if (std::system("command -v gnuplot >/dev/null 2>&1") == 0) {
    ASSERT_EQ(w.figure_files.size(), 4u);
    EXPECT_GT(std::filesystem::file_size(dir / "wp.png"), 0u);
    EXPECT_GT(std::filesystem::file_size(dir / "wp.svg"), 0u);
  }
  std::filesystem::remove_all(dir);
}

TEST(TestingApiWorkPrecision, AFigureInAMissingFolderIsRejectedWithTheOptionsName) {
  WorkPrecisionOptions o = options();
  o.figure = "/nonexistent/folder/wp";
  EXPECT_THROW(compare_work_precision(SlidingCase<double>{}, std::tuple{Pbd<double>{}, PbdProjectingTwice{}}, o),
               std::invalid_argument);
}

}  // namespace work_precision_test
}  // namespace sweepcheck
