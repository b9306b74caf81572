// --out held as a set: checked writable, locked against a second writer,
// cleaned of dead writers' temporaries, and published with a manifest that
// readers check.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

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

// Issue 60: the lock covers subfolders and parents. Another process holds
// `held` (a forked child, so the holder is a live process with a pid of
// its own); a writer inside it, or containing it, is turned away naming
// the folder and the holder, as on the same folder.
struct HeldByAnotherProcess {
  pid_t pid = -1;
  int release = -1;
  explicit HeldByAnotherProcess(const std::filesystem::path& held) {
    int ready[2], go[2];
    if (::pipe(ready) != 0 || ::pipe(go) != 0) return;
    pid = ::fork();
    if (pid == 0) {
      ::close(ready[0]), ::close(go[1]);  // so that the test's end is an EOF here
      OutputFolder f(held);
      char c = 1;
      (void)!::write(ready[1], &c, 1);
      (void)!::read(go[0], &c, 1);  // until the test is done
      ::_exit(0);
    }
    ::close(ready[1]), ::close(go[0]);  // a child that died before holding it is an EOF here
    char c = 0;
    (void)!::read(ready[0], &c, 1);
    ::close(ready[0]);
    release = go[1];
  }
  ~HeldByAnotherProcess() {
    ::close(release);
    ::waitpid(pid, nullptr, 0);
  }
};

TEST(OutputFolder, AWriterInsideAFolderAnotherProcessHoldsIsTurnedAwayNamingItAndItsHolder) {
  const auto dir = fresh_out_dir("out_nested_parent");
  {
    HeldByAnotherProcess report(dir);
    const std::string m = message_of(dir / "sliding");
    EXPECT_NE(m.find("--out " + (dir / "sliding").string() + ": inside " + dir.string() +
                     ", which another sweepcheck process (pid " + std::to_string(report.pid) + ") is writing to"),
              std::string::npos)
        << m;
    EXPECT_FALSE(std::filesystem::exists(dir / "sliding"));  // nothing of the refused writer's left in it
    EXPECT_NE(message_of(dir / "a" / "b").find("inside " + dir.string()), std::string::npos);
  }
  EXPECT_EQ(message_of(dir / "sliding"), "");  // released with the holder
  std::filesystem::remove_all(dir);
}

TEST(OutputFolder, AWriterWhoseFolderContainsOneAnotherProcessHoldsIsTurnedAway) {
  const auto dir = fresh_out_dir("out_nested_child");
  {
    HeldByAnotherProcess study(dir / "sliding");
    const std::string m = message_of(dir);
    EXPECT_NE(m.find("--out " + dir.string() + ": holds " + (dir / "sliding").string() +
                     ", which another sweepcheck process (pid " + std::to_string(study.pid) + ") is writing to"),
              std::string::npos)
        << m;
  }
  EXPECT_EQ(message_of(dir), "");
  // Negative control: a sibling folder is not covered.
  {
    HeldByAnotherProcess study(dir / "sliding");
    EXPECT_EQ(message_of(dir / "disks"), "");
  }
  std::filesystem::remove_all(dir);
}

// Issue 60: the manifest lists what the writer wrote. A user's own file
// already in --out (and an earlier run's file not written again) is left
// alone and unlisted; a file written again is listed.
TEST(OutputFolder, TheManifestListsExactlyWhatTheWriterWroteAndLeavesTheUsersFilesAlone) {
  const auto dir = fresh_out_dir("out_foreign");
  std::filesystem::create_directories(dir / "notes");
  std::ofstream(dir / "notes" / "data.bin") << "the user's own";
  write_file_atomically(dir / "results.csv", "an earlier run's\n");
  write_file_atomically(dir / "old_figure.svg", "<svg/>");
  {
    OutputFolder f(dir);
    write_file_atomically(dir / "results.csv", "a,b\n1,2\n");  // written again
    write_file_atomically(dir / "summary.md", "# new\n");
    f.publish_all();
  }
  std::ifstream in(dir / kManifestName);
  const std::string manifest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(manifest.find("\"results.csv\""), std::string::npos) << manifest;
  EXPECT_NE(manifest.find("\"summary.md\""), std::string::npos) << manifest;
  EXPECT_EQ(manifest.find("data.bin"), std::string::npos) << manifest;
  EXPECT_EQ(manifest.find("old_figure.svg"), std::string::npos) << manifest;
  EXPECT_EQ(check_manifest(dir), "");
  EXPECT_TRUE(std::filesystem::exists(dir / "notes" / "data.bin"));  // left alone
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
