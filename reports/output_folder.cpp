#include "reports/output_folder.hpp"
#include "reports/json_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "studies/runs/reference_cache.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

std::string read_all(const std::filesystem::path& f) {
  std::ifstream in(f, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// kTemporaryPrefix PID.name (solvers/core/atomic_file.hpp): the writer's
// pid, or 0 for any other name (a user's own ".tmp.PID.x" included).
long pid_of_temporary(const std::string& name) {
  const std::string prefix = kTemporaryPrefix;
  if (name.rfind(prefix, 0) != 0) return 0;
  const auto dot = name.find('.', prefix.size());
  if (dot == std::string::npos || dot == prefix.size()) return 0;
  const std::string digits = name.substr(prefix.size(), dot - prefix.size());
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) || digits.size() > 9)
    return 0;
  return std::stol(digits);
}

bool alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

// The stamp of a regular file (FileStamp), or nothing when it is none.
std::optional<OutputFolder::FileStamp> stamp_of(const std::filesystem::path& f) {
  struct stat st {};
  if (::lstat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return OutputFolder::FileStamp{static_cast<std::uintmax_t>(st.st_ino), static_cast<std::uintmax_t>(st.st_size),
                                 static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec};
}

// The regular files under dir (relative, generic form), but the writer's own
// bookkeeping: the lock, the manifest, journals and hidden files.
std::vector<std::string> listed_files(const std::filesystem::path& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const auto rel = std::filesystem::relative(it->path(), dir);
    bool hidden = false;
    for (const auto& part : rel) hidden = hidden || part.string().rfind('.', 0) == 0;
    if (hidden || rel == kManifestName || rel.filename() == kManifestName) continue;
    files.push_back(rel.generic_string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Whether another open description holds `lock` (a lock file of another
// folder): a shared lock that cannot be had means an exclusive one is held.
// The pid written in it (empty when none) goes to `holder`. A probe holds
// the shared lock for microseconds; a writer taking its own folder retries
// over such a moment (take_lock).
bool held_by_another(const std::filesystem::path& lock, std::string& holder) {
  const int fd = ::open(lock.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat st {};
  bool held = false;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
      held = errno == EWOULDBLOCK;
    } else {
      ::flock(fd, LOCK_UN);
    }
  }
  ::close(fd);
  if (held) {
    holder = read_all(lock);
    if (holder.size() > 16) holder.clear();
  }
  return held;
}

// Takes the exclusive lock, retrying for 100 ms over another writer's probe
// of it (held_by_another) before calling it busy.
bool take_lock(int fd) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return true;
    if (errno != EWOULDBLOCK) return false;
    ::usleep(10000);
  }
  return false;
}

// The folder inside dir, or a parent of it, that another live writer holds
// (its path and the holder's pid), if any (issue 60).
std::optional<std::pair<std::filesystem::path, std::string>> held_nearby(const std::filesystem::path& dir,
                                                                         bool& inside) {
  std::error_code ec;
  const auto self = std::filesystem::weakly_canonical(dir, ec);
  std::string holder;
  if (!ec)
    for (auto up = self.parent_path(); !up.empty(); up = up.parent_path()) {
      if (held_by_another(up / kLockName, holder)) {
        inside = true;
        return std::make_pair(up, holder);
      }
      if (up == up.parent_path()) break;
    }
  inside = false;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it.depth() == 0 || it->path().filename() != kLockName) continue;  // depth 0: dir's own lock
    if (held_by_another(it->path(), holder)) return std::make_pair(it->path().parent_path(), holder);
  }
  return std::nullopt;
}

}  // namespace

void check_writable_folder(const std::filesystem::path& dir, const std::string& what) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::invalid_argument(fmt::format("{} {}: cannot create the folder: {}", what, dir.string(), ec.message()));
  if (!std::filesystem::is_directory(dir, ec))
    throw std::invalid_argument(fmt::format("{} {}: not a folder", what, dir.string()));
  const auto probe = dir / fmt::format("{}{}.write-probe", kTemporaryPrefix, ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::invalid_argument(
        fmt::format("{} {}: the folder is not writable ({})", what, dir.string(), std::strerror(errno)));
  ::close(fd);
  std::filesystem::remove(probe, ec);
}

OutputFolder::OutputFolder(std::filesystem::path dir, std::string option) : dir_(std::move(dir)) {
  {
    std::error_code ec;
    created_ = !std::filesystem::exists(dir_, ec);
  }
  check_writable_folder(dir_, option);
  const auto lock = dir_ / kLockName;
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0)
    throw std::invalid_argument(fmt::format("{} {}: cannot create its lock file: {}", option, dir_.string(), std::strerror(errno)));
  if (!take_lock(lock_fd_)) {
    const std::string holder = read_all(lock);
    ::close(lock_fd_);
    lock_fd_ = -1;
    throw std::invalid_argument(fmt::format(
        "{} {}: another sweepcheck process{} is writing to this folder; wait for it to finish or choose another {}",
        option, dir_.string(), holder.empty() ? "" : " (pid " + holder + ")", option));
  }
  // The lock covers subfolders and parents: taken first, then the others
  // looked for, so of two writers starting together each sees the other.
  bool inside = false;
  if (const auto near = held_nearby(dir_, inside)) {
    ::close(lock_fd_);
    lock_fd_ = -1;
    // Nothing of ours left in another writer's folder: the lock file, and
    // the folder if this writer created it and it is still empty (never
    // remove_all: the other writer may be filling it).
    std::error_code ec;
    if (created_) {
      std::filesystem::remove(lock, ec);
      std::filesystem::remove(dir_, ec);
    }
    const std::string who = near->second.empty() ? "" : " (pid " + near->second + ")";
    throw std::invalid_argument(
        inside ? fmt::format("{} {}: inside {}, which another sweepcheck process{} is writing to (its output "
                             "folder); wait for it to finish or choose a {} outside it",
                             option, dir_.string(), near->first.string(), who, option)
               : fmt::format("{} {}: holds {}, which another sweepcheck process{} is writing to (its output "
                             "folder); wait for it to finish or choose a {} that does not contain it",
                             option, dir_.string(), near->first.string(), who, option));
  }
  const std::string me = std::to_string(::getpid());
  if (::ftruncate(lock_fd_, 0) != 0 || ::pwrite(lock_fd_, me.data(), me.size(), 0) != static_cast<ssize_t>(me.size()))
    throw std::invalid_argument(fmt::format("{} {}: cannot write its lock file", option, dir_.string()));
  // From here on the folder is being rewritten: no manifest until publish().
  std::error_code ec;
  std::filesystem::remove(dir_ / kManifestName, ec);
  // What is there already: publish_all lists only what this writer changes.
  for (const auto& f : listed_files(dir_))
    if (const auto st = stamp_of(dir_ / f)) before_[f] = *st;
  // Temporary files of writers that died (a kill between writing and renaming).
  for (auto it = std::filesystem::recursive_directory_iterator(dir_, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const long pid = pid_of_temporary(name);
    if (pid > 0 && !alive(pid) && it->is_regular_file(ec)) {
      std::error_code rm;
      if (std::filesystem::remove(it->path(), rm)) ++removed_;
    }
  }
}

OutputFolder::~OutputFolder() {
  if (created_ && !published_ && lock_fd_ >= 0) {
    std::error_code ec;
    bool empty = true;
    for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
      const std::string name = e.path().filename().string();
      // A journal holding its configuration line only has recorded no run.
      const auto lines = [&] {
        const std::string text = read_all(e.path());
        return std::count(text.begin(), text.end(), '\n');
      };
      const bool leftover = name == kLockName || (name == kJournalName && e.is_regular_file(ec) && lines() <= 1);
      if (!leftover) empty = false;
    }
    if (!ec && empty) std::filesystem::remove_all(dir_, ec);
  }
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the flock
}

void OutputFolder::publish(const std::vector<std::string>& files) {
  published_ = true;
  nlohmann::json m;
  m["writer"] = "sweepcheck";
  m["files"] = nlohmann::json::array();
  for (const auto& f : files) {
    const std::string content = read_all(dir_ / f);
    m["files"].push_back({{"name", f}, {"bytes", content.size()}, {"fnv1a64", fmt::format("{:016x}", fnv1a64(content))}});
  }
  write_file_atomically(dir_ / kManifestName, json_file_text(m));
}

void OutputFolder::publish_all() {
  std::vector<std::string> files;
  for (const auto& f : listed_files(dir_)) {
    const auto was = before_.find(f);
    const auto now = stamp_of(dir_ / f);
    if (was == before_.end() || !now || !(*now == was->second)) files.push_back(f);
  }
  publish(files);
}

std::string check_manifest(const std::filesystem::path& dir) {
  const auto file = dir / kManifestName;
  if (!std::filesystem::exists(file))
    return "no " + file.string() + ": the folder was not completely written (or is being written)";
  nlohmann::json m;
  try {
    m = nlohmann::json::parse(read_all(file));
    for (const auto& f : m.at("files")) {
      const std::string name = f.at("name");
      if (!std::filesystem::exists(dir / name)) return "manifest lists " + name + ", which is missing";
      const std::string content = read_all(dir / name);
      if (content.size() != f.at("bytes").get<std::size_t>() ||
          fmt::format("{:016x}", fnv1a64(content)) != f.at("fnv1a64").get<std::string>())
        return name + " differs from the manifest (written by another run)";
    }
  } catch (const std::exception& e) {
    return "malformed " + file.string() + ": " + e.what();
  }
  return "";
}

}  // namespace sweepcheck
