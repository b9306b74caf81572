#pragma once
// An output folder (`--out`) held by one writer from before the computation
// until its files are published as a set (issue 14):
//  - it is created if missing and checked writable first, so an unusable
//    --out is reported (exit 2) before minutes of computing, not after;
//  - an exclusive lock (flock on DIR/.sweepcheck.lock) keeps a second writer
//    out, with a message naming the process holding it; it covers the
//    folder's subfolders and its parents (issue 60): a writer whose folder is
//    inside, or contains, a folder another live writer holds is turned away
//    too, naming that folder and its holder;
//  - temporary files (.sweepcheck-tmp.PID.*, kTemporaryPrefix) left by
//    writers that died are removed, and no other file;
//  - the manifest (DIR/manifest.json) is removed first and written last,
//    listing every file of the set with its size and checksum: a folder
//    without a valid manifest is incomplete (a kill while writing), and a file
//    not listed is not part of the results (check_manifest). publish_all
//    lists exactly what this writer wrote: files that were already there
//    (the user's own, an earlier run's it did not rewrite) are left alone and
//    unlisted (issue 60).
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace sweepcheck {

class OutputFolder {
 public:
  // `option` names the command-line option in messages ("--out").
  // Throws std::invalid_argument naming the folder and the reason.
  explicit OutputFolder(std::filesystem::path dir, std::string option = "--out");
  // Releases the lock. A folder this writer created and left with nothing in
  // it but its lock (and a journal without runs) — bad input found after --out was
  // taken, say — is removed, so rejected input leaves nothing behind.
  ~OutputFolder();
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  std::size_t removed_temporaries() const { return removed_; }

  // Writes the manifest listing `files` (paths relative to dir()), last.
  void publish(const std::vector<std::string>& files);
  // The same for every regular file under dir() this writer wrote: new, or
  // replaced or changed since the folder was taken (another inode, size or
  // modification time); the lock, the manifest, journals and hidden files
  // excepted. For writers composed of several.
  void publish_all();

  // What identifies a file's content without reading it: a file replaced
  // (an atomic rename) has another inode; one rewritten in place another
  // modification time or size.
  struct FileStamp {
    std::uintmax_t inode = 0, bytes = 0;
    long long modified_ns = 0;
    bool operator==(const FileStamp&) const = default;
  };

 private:
  std::filesystem::path dir_;
  std::map<std::string, FileStamp> before_;  // the regular files under dir_ when it was taken
  bool created_ = false;    // the folder did not exist before this writer
  bool published_ = false;
  int lock_fd_ = -1;
  std::size_t removed_ = 0;
};

// Creates `dir` if missing and checks a file can be created in it; throws
// std::invalid_argument("WHAT DIR: ...") otherwise. For the cache folder.
void check_writable_folder(const std::filesystem::path& dir, const std::string& what);

// "" when dir/manifest.json exists and every file it lists is there with its
// size and checksum; otherwise why the folder is not a complete set.
std::string check_manifest(const std::filesystem::path& dir);

inline constexpr const char* kManifestName = "manifest.json";
inline constexpr const char* kLockName = ".sweepcheck.lock";
inline constexpr const char* kJournalName = ".sweepcheck-journal.tsv";

}  // namespace sweepcheck
