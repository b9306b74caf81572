#include "app/progress.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace sweepcheck::app {
namespace {

TEST(Progress, FormatsDurationsInTheLargestSensibleUnits) {
  EXPECT_EQ(format_duration(0.4), "0 s");
  EXPECT_EQ(format_duration(59.4), "59 s");
  EXPECT_EQ(format_duration(125), "2 min 05 s");
  EXPECT_EQ(format_duration(3720), "1 h 02 min");
  EXPECT_EQ(format_duration(-1), "?");
}

TEST(Progress, ShowsRunsDoneAndExtrapolatesTheTimeLeft) {
  // 10 of 40 runs in 20 s: 2 s a run, 30 runs left, 60 s.
  EXPECT_EQ(progress_text("sliding", 10, 40, 20, "pbd h=1e-3", 200),
            "sliding: 10/40 runs (25%), 20 s elapsed, ~1 min 00 s left  pbd h=1e-3");
  EXPECT_EQ(progress_text("sliding", 0, 40, 1, "", 200), "sliding: 0/40 runs (0%), 1 s elapsed, estimating time left");
  EXPECT_EQ(progress_text("sliding", 40, 40, 80, "", 200), "sliding: 40/40 runs (100%), 1 min 20 s elapsed, done");
}

TEST(Progress, ShowsAFractionDoneAsAPercentage) {
  EXPECT_EQ(progress_text("disks reference", 0.25, 1, 30, "", 200),
            "disks reference: 25%, 30 s elapsed, ~1 min 30 s left");
}

TEST(Progress, CutsTheLineToTheTerminalWidth) {
  EXPECT_EQ(progress_text("sliding", 10, 40, 20, "a long detail", 20).size(), 20u);
}

TEST(Progress, RedrawsOneLineInPlaceOnATerminalAndEndsItWhenDone) {
  std::ostringstream out;
  {
    Progress p("x", Progress::Mode::terminal, out);
    p.update(1, 3);
    p.update(2, 3);  // within 0.1 s of the first: not redrawn
    p.update(3, 3);  // the last one always is, and ends the line
  }
  const std::string s = out.str();
  EXPECT_EQ(s.find('\n'), s.size() - 1) << s;  // one line, ended once
  EXPECT_EQ(s.rfind('\r'), s.find("\rx: 3/3")) << s;
  EXPECT_EQ(s.find("x: 2/3"), std::string::npos) << s;
  EXPECT_NE(s.find("\033[K"), std::string::npos);
}

TEST(Progress, PrintsPlainLinesWhenNotATerminal) {
  std::ostringstream out;
  Progress p("x", Progress::Mode::lines, out);
  p.update(1, 3, "run a");
  p.update(2, 3, "run b");  // a finished run with its detail: always a line
  p.update(2.5, 3);         // no detail, within 2 s: skipped
  p.update(3, 3);
  const std::string s = out.str();
  EXPECT_EQ(s.find('\r'), std::string::npos);
  EXPECT_EQ(s.find('\033'), std::string::npos);
  EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 3) << s;
}

TEST(Progress, PrintsNothingWhenQuietOrSilenced) {
  std::ostringstream out;
  {
    Progress p("x", Progress::Mode::quiet, out);
    p.update(1, 2, "detail");
    p.update(2, 2);
  }
  EXPECT_TRUE(out.str().empty());
  EXPECT_EQ(Progress::mode_for(true), Progress::Mode::quiet);
  silence_progress(true);
  EXPECT_EQ(Progress::mode_for(false), Progress::Mode::quiet);
  silence_progress(false);
}

}  // namespace
}  // namespace sweepcheck::app
