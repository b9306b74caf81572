// Issue 45: text a user typed or a plugin named reaches gnuplot only as
// text, and JSON only as valid UTF-8. These run the real gnuplot where the
// machine has it (the report and CI machines do).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "sweepcheck/studies/engine/run_gnuplot.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"
#include "sweepcheck/work_precision.hpp"

namespace sweepcheck {
namespace {

// Backquotes, $(...), both quote marks, a newline and a Latin-1 byte: every
// way a name could run a command in gnuplot or end the command it is in.
const std::string kHostile =
    "x`touch \"$SWEEPCHECK_PWNED\"` $(touch \"$SWEEPCHECK_PWNED\") 'q' \"dq\" \\ \nline2 caf\xe9";

TEST(ValidUtf8, KeepsWellFormedTextAndReplacesEachInvalidByteByUfffd) {
  std::size_t replaced = 99;
  EXPECT_EQ(valid_utf8("plain ascii", &replaced), "plain ascii");
  EXPECT_EQ(replaced, 0u);
  EXPECT_EQ(valid_utf8("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", &replaced), "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  EXPECT_EQ(replaced, 0u);
  EXPECT_EQ(valid_utf8("caf\xe9", &replaced), "caf\xef\xbf\xbd");  // Latin-1 é
  EXPECT_EQ(replaced, 1u);
  EXPECT_EQ(valid_utf8("\xc0\xaf", &replaced), "\xef\xbf\xbd\xef\xbf\xbd");  // an overlong '/'
  EXPECT_EQ(replaced, 2u);
  EXPECT_EQ(valid_utf8("\xed\xa0\x80", &replaced), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");  // a surrogate
  EXPECT_EQ(replaced, 3u);
  EXPECT_EQ(valid_utf8("\xf4\x90\x80\x80", &replaced).size(), 12u);  // past U+10FFFF
  EXPECT_EQ(valid_utf8("ab\xe2\x82", &replaced), "ab\xef\xbf\xbd\xef\xbf\xbd");  // cut off
  EXPECT_EQ(replaced, 2u);
}

TEST(GnuplotQuote, WritesASingleQuotedLiteralWithQuotesDoubledAndNoControlCharacter) {
  EXPECT_EQ(gnuplot_quote("plain"), "'plain'");
  EXPECT_EQ(gnuplot_quote("it's"), "'it''s'");
  EXPECT_EQ(gnuplot_quote("a`b`\"c\"$(d)\\"), "'a`b`\"c\"$(d)\\'");  // nothing else is special in '...'
  EXPECT_EQ(gnuplot_quote("one\ntwo\rthree"), "'one two three'");
  EXPECT_EQ(gnuplot_quote(std::string("nul\0x", 5)), "'nul x'");
  EXPECT_EQ(gnuplot_quote("caf\xe9"), "'caf\xef\xbf\xbd'");
}

bool gnuplot_found() {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string p = path;
  for (std::size_t a = 0; a <= p.size();) {
    const std::size_t b = std::min(p.find(':', a), p.size());
    if (std::filesystem::exists(std::filesystem::path(p.substr(a, b - a)) / "gnuplot")) return true;
    a = b + 1;
  }
  return false;
}

struct PwnedWatch {
  std::filesystem::path folder, pwned;
  explicit PwnedWatch(const std::string& name) {
    folder = std::filesystem::path(::testing::TempDir()) / ("quoting_" + name + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    pwned = folder / "PWNED";
    ::setenv("SWEEPCHECK_PWNED", pwned.c_str(), 1);
  }
  ~PwnedWatch() {
    ::unsetenv("SWEEPCHECK_PWNED");
    std::filesystem::remove_all(folder);
  }
};

// The control: the same text in a double-quoted gnuplot string does run the
// command, so the test below would see it if the quoting let it through.
TEST(GnuplotQuote, TheHostileTextRunsACommandInADoubleQuotedStringTheNegativeControl) {
  if (!gnuplot_found()) GTEST_SKIP() << "gnuplot is not installed";
  PwnedWatch w("control");
  std::ofstream(w.folder / "control.gp") << "set terminal dumb\nset output '/dev/null'\nset title \"x`touch $SWEEPCHECK_PWNED`\"\nplot x\n";
  run_gnuplot_script(w.folder, "control.gp");
  EXPECT_TRUE(std::filesystem::exists(w.pwned)) << "the control did not run its command: the test cannot see one";
}

TEST(GnuplotQuote, HostileTextAsATitleAndAsAFileNameRunsNothingAndIsWritten) {
  if (!gnuplot_found()) GTEST_SKIP() << "gnuplot is not installed";
  PwnedWatch w("hostile");
  const std::string out = "out " + kHostile + ".txt";
  std::ofstream(w.folder / "hostile.gp") << "set terminal dumb\nset output " << gnuplot_quote(out) << "\nset title "
                                         << gnuplot_quote(kHostile) << "\nplot x title " << gnuplot_quote(kHostile)
                                         << "\n";
  EXPECT_TRUE(run_gnuplot_script(w.folder, "hostile.gp"));
  EXPECT_FALSE(std::filesystem::exists(w.pwned)) << "a command in the text ran";
  // gnuplot wrote to the name as given (control characters as spaces).
  std::string written = valid_utf8(out);
  for (char& c : written)
    if (c == '\n') c = ' ';
  EXPECT_TRUE(std::filesystem::exists(w.folder / written));
}

TEST(WorkPrecisionFigure, AHostileProblemNameAndFolderRunNothingAndTheFigureIsDrawn) {
  if (!gnuplot_found()) GTEST_SKIP() << "gnuplot is not installed";
  PwnedWatch w("work_precision");
  // The folder and the stem: every hostile character a file name can carry
  // and gnuplot be told (a newline or invalid UTF-8 in the stem's own name is
  // refused by WorkPrecisionOptions: gnuplot could not be given that name).
  const std::string name_text = "x`touch \"$SWEEPCHECK_PWNED\"` $(touch \"$SWEEPCHECK_PWNED\") 'q' \"dq\" \\";
  const auto dir = w.folder / ("fig " + kHostile);
  std::filesystem::create_directories(dir);
  WorkPrecisionSet set;
  set.problem = kHostile;
  for (const std::string& scheme : {"baseline " + kHostile, std::string("other")}) {
    WorkPrecisionSeries s;
    s.scheme = scheme;
    for (int k = 0; k < 3; ++k) {
      RunRow r;
      r.h = 0.1 / (1 << k);
      r.steps = 10 << k;
      r.work.field_evaluations = r.steps;  // the default weights count f and constraint evaluations
      r.work.constraint_evaluations = 2 * r.steps;
      r.error_uniform = r.h;
      r.error_final = r.h;
      s.rows.push_back(r);
    }
    set.series.push_back(s);
  }
  const auto files = write_work_precision_figure(set, (dir / ("wp " + name_text)).string());
  EXPECT_FALSE(std::filesystem::exists(w.pwned)) << "a command in a name ran";
  EXPECT_EQ(files.size(), 4u) << "expected the .dat, .gp, .png and .svg";
  for (const auto& f : files) EXPECT_GT(std::filesystem::file_size(f), 0u) << f;
}

TEST(WorkPrecisionFigure, AStemWhoseNameGnuplotCannotBeToldIsRefusedNamingTheOption) {
  WorkPrecisionOptions o;
  o.figure = ::testing::TempDir() + "/line\nbreak";
  EXPECT_THROW(o.validate(), std::invalid_argument);
  o.figure = ::testing::TempDir() + "/caf\xe9";
  EXPECT_THROW(o.validate(), std::invalid_argument);
  o.figure = ::testing::TempDir() + "/it's `fine` $(too)";
  EXPECT_NO_THROW(o.validate());
}

}  // namespace
}  // namespace sweepcheck
