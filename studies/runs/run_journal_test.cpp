// The run journal keeps finished rows bit for bit across a kill, drops a torn
// last line, and refuses to resume a study run with other options.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "studies/runs/run_journal.hpp"
#include "studies/runs/run_row_text.hpp"

namespace sweepcheck {
namespace {

std::filesystem::path temp_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("sweepcheck_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

RunRow sample(std::int64_t steps) {
  RunRow r;
  r.problem = "sliding";
  r.parameters = "d=3 C=1\talpha=0.19635";  // a tab must survive
  r.scheme = "pngs:reltol=1e-08";
  r.steps = steps;
  r.h = 3.0 / double(steps);
  r.t_end = 3;
  r.error_uniform = 0.1 / 3;
  r.error_grid = std::numeric_limits<double>::infinity();
  r.violation = std::nan("");
  r.noise_floor = 1e-300;
  r.work = {1, 2, 3, 4, 5};  // the last: field evaluations (v2 rows)
  r.wall_seconds = 0.25;
  r.status = RunStatus::timed_out;
  r.fail_step = 7;
  r.claimed_order = std::nan("");
  r.claim_is_sharp = true;
  return r;
}

void expect_same(const RunRow& a, const RunRow& b) {
  EXPECT_EQ(encode_run_row(a), encode_run_row(b));
  EXPECT_EQ(a.parameters, b.parameters);
  EXPECT_EQ(a.h, b.h);
  EXPECT_EQ(a.error_uniform, b.error_uniform);
  EXPECT_TRUE(std::isnan(b.violation));
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.work.inner_iterations, b.work.inner_iterations);
  EXPECT_EQ(b.work.field_evaluations, 5);
}

TEST(RunRowText, EveryFieldReadsBackBitForBit) {
  const RunRow a = sample(300);
  const auto b = decode_run_row(encode_run_row(a));
  ASSERT_TRUE(b);
  expect_same(a, *b);
}

TEST(RunRowText, ATornOrAlteredLineIsRejected) {
  const std::string line = encode_run_row(sample(300));
  EXPECT_FALSE(decode_run_row(line.substr(0, line.size() - 3)));
  std::string altered = line;
  altered[line.find("sliding")] = 'S';
  EXPECT_FALSE(decode_run_row(altered));
  EXPECT_FALSE(decode_run_row(""));
}

TEST(RunJournal, RowsRecordedBeforeAKillAreFoundOnResume) {
  const auto dir = temp_dir("journal");
  const auto file = dir / "journal.tsv";
  {
    RunJournal j(file, "study sliding points=8", false);
    j.record(sample(100));
    j.record(sample(200));
  }  // no clean shutdown needed: every record is one write(2)
  RunJournal j(file, "study sliding points=8", true);
  EXPECT_EQ(j.loaded(), 2u);
  const auto r = j.find("sliding", sample(200).parameters, "pngs:reltol=1e-08", 200);
  ASSERT_TRUE(r);
  expect_same(sample(200), *r);
  EXPECT_FALSE(j.find("sliding", sample(200).parameters, "pngs:reltol=1e-08", 300));
  std::filesystem::remove_all(dir);
}

TEST(RunJournal, ATornLastLineIsDroppedAndLaterRowsStillAppend) {
  const auto dir = temp_dir("journal_torn");
  const auto file = dir / "journal.tsv";
  {
    RunJournal j(file, "cfg", false);
    j.record(sample(100));
  }
  {
    std::ofstream out(file, std::ios::app | std::ios::binary);
    out << encode_run_row(sample(200)).substr(0, 40);  // killed mid-write
  }
  {
    RunJournal j(file, "cfg", true);
    EXPECT_EQ(j.loaded(), 1u);
    j.record(sample(300));
  }
  RunJournal j(file, "cfg", true);
  EXPECT_EQ(j.loaded(), 2u);
  EXPECT_TRUE(j.find("sliding", sample(300).parameters, "pngs:reltol=1e-08", 300));
  std::filesystem::remove_all(dir);
}

TEST(RunJournal, ResumingWithOtherOptionsIsRefusedNamingThem) {
  const auto dir = temp_dir("journal_cfg");
  const auto file = dir / "journal.tsv";
  { RunJournal j(file, "study sliding points=8", false); }
  try {
    RunJournal j(file, "study sliding points=9", true);
    FAIL() << "resumed a journal of other options";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("points=8"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(RunJournal, WithoutResumeAnOldJournalIsStartedAfresh) {
  const auto dir = temp_dir("journal_fresh");
  const auto file = dir / "journal.tsv";
  {
    RunJournal j(file, "cfg", false);
    j.record(sample(100));
  }
  RunJournal j(file, "other cfg", false);
  EXPECT_EQ(j.loaded(), 0u);
  EXPECT_FALSE(j.find("sliding", sample(100).parameters, "pngs:reltol=1e-08", 100));
  std::filesystem::remove_all(dir);
}

TEST(RunJournal, JournaledRunsEachRowOnceAndReturnsTheRecordedOne) {
  const auto dir = temp_dir("journal_hook");
  RunJournal j(dir / "journal.tsv", "cfg", false);
  int runs = 0;
  auto run = [&] {
    ++runs;
    return sample(100);
  };
  const RunRow a = journaled(&j, "sliding", sample(100).parameters, "pngs:reltol=1e-08", 100, run);
  const RunRow b = journaled(&j, "sliding", sample(100).parameters, "pngs:reltol=1e-08", 100, run);
  EXPECT_EQ(runs, 1);
  expect_same(a, b);
  EXPECT_EQ(journaled(nullptr, "x", "", "y", 1, run).steps, 100);
  EXPECT_EQ(runs, 2);
  std::filesystem::remove_all(dir);
}

TEST(RunJournal, APayloadComesBackByteForByteAndATornOneIsNotFound) {
  const auto dir = temp_dir("journal_payload");
  const auto file = dir / "journal.tsv";
  // Every byte value, a newline and a backslash among them.
  std::string bytes;
  for (int c = 0; c < 256; ++c) bytes += static_cast<char>(c);
  {
    RunJournal j(file, "cfg", false);
    j.record(sample(100), bytes);
    j.record(sample(200), "ab");
    j.record(sample(300));  // no payload
  }
  {
    RunJournal j(file, "cfg", true);
    EXPECT_EQ(j.loaded(), 3u);
    const auto a = j.find_with_payload("sliding", sample(100).parameters, sample(100).scheme, 100);
    ASSERT_TRUE(a);
    expect_same(sample(100), a->first);
    EXPECT_EQ(a->second, bytes);
    EXPECT_FALSE(j.find_with_payload("sliding", sample(300).parameters, sample(300).scheme, 300));
    EXPECT_TRUE(j.find("sliding", sample(300).parameters, sample(300).scheme, 300));
  }
  // Torn inside the last payload line (a kill mid-write): its row stays, the payload does not.
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto row300 = text.find(encode_run_row(sample(300)));
  ASSERT_NE(row300, std::string::npos);
  const std::string torn = text.substr(0, row300 - 2);  // the payload "ab" (6162) loses its last digit and newline
  {
    std::ofstream out(file, std::ios::trunc);
    out << torn;
  }
  RunJournal j(file, "cfg", true);
  EXPECT_TRUE(j.find("sliding", sample(200).parameters, sample(200).scheme, 200));
  EXPECT_FALSE(j.find_with_payload("sliding", sample(200).parameters, sample(200).scheme, 200));
  EXPECT_TRUE(j.find_with_payload("sliding", sample(100).parameters, sample(100).scheme, 100));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sweepcheck
