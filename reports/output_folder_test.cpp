// --out held as a set: checked writable, locked against a second writer,
// cleaned of dead writers' temporaries, and published with a manifest that
// readers check.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "reports/output_folder.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {
namespace {

std::filesystem::path fresh_out_dir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("sweepcheck_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  return d;
}

std::string message_of(const std::filesystem::path& dir) {
  try {
    OutputFolder f(dir);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(OutputFolder, AFolderThatCannotBeCreatedIsReportedBeforeAnyWork) {
  const std::string m = message_of("/dev/null/report");
  EXPECT_NE(m.find("--out /dev/null/report: cannot create the folder"), std::string::npos) << m;
}

TEST(OutputFolder, ASecondWriterIsTurnedAwayNamingTheFirst) {
  const auto dir = fresh_out_dir("out_lock");
  {
    OutputFolder first(dir);
    const std::string m = message_of(dir);
    EXPECT_NE(m.find("another sweepcheck process (pid " + std::to_string(::getpid()) + ") is writing"),
              std::string::npos)
        << m;
  }
  EXPECT_EQ(message_of(dir), "");  // released with the first writer
  std::filesystem::remove_all(dir);
}

TEST(OutputFolder, TemporariesOfDeadWritersAreRemovedAndLiveOnesAndTheUsersOwnLookalikesKept) {
  const auto dir = fresh_out_dir("out_tmp");
  std::filesystem::create_directories(dir / "sub");
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);  // a pid that is certainly dead now
  const std::string prefix = kTemporaryPrefix;
  const auto dead = dir / "sub" / (prefix + std::to_string(child) + ".results.csv");
  const auto live = dir / (prefix + std::to_string(::getpid()) + ".summary.md");
  // Issue 45: the user's own files that merely look like temporaries stay.
  const auto users = dir / (".tmp." + std::to_string(child) + ".my-notes.txt");
  const auto users_too = dir / (prefix + "x" + std::to_string(child) + ".draft");
  std::ofstream(dead) << "half a file";
  std::ofstream(live) << "being written";
  std::ofstream(users) << "mine";
  std::ofstream(users_too) << "mine too";
  OutputFolder f(dir);
  EXPECT_FALSE(std::filesystem::exists(dead));
  EXPECT_TRUE(std::filesystem::exists(live));
  EXPECT_TRUE(std::filesystem::exists(users));
  EXPECT_TRUE(std::filesystem::exists(users_too));
  EXPECT_EQ(f.removed_temporaries(), 1u);
  std::filesystem::remove_all(dir);
}

TEST(OutputFolder, APublishedSetChecksOutAndAnyChangeOrAbsenceIsSeen) {
  const auto dir = fresh_out_dir("out_manifest");
  {
    OutputFolder f(dir);
    write_file_atomically(dir / "results.csv", "a,b\n1,2\n");
    write_file_atomically(dir / "figs" / "x.svg", "<svg/>");
    EXPECT_NE(check_manifest(dir), "");  // not published yet
    f.publish_all();
  }
  EXPECT_EQ(check_manifest(dir), "");
  write_file_atomically(dir / "results.csv", "a,b\n1,3\n");  // another run's file
  EXPECT_NE(check_manifest(dir).find("results.csv differs"), std::string::npos) << check_manifest(dir);
  {
    OutputFolder again(dir);  // a new writer: the old manifest is void at once
    EXPECT_NE(check_manifest(dir).find("not completely written"), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sweepcheck
