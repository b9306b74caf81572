#include "studies/runs/run_journal.hpp"
#include "studies/runs/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "studies/runs/run_row_text.hpp"

namespace sweepcheck {

namespace {

constexpr const char* kJournalMagic = "sweepcheck run journal v2\t";

void write_line(int fd, const std::string& line, const std::filesystem::path& file) {
  const std::string text = line + "\n";
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t w = ::write(fd, p, left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw std::runtime_error("cannot append to the run journal " + file.string() + ": " + std::strerror(errno));
    p += w;
    left -= static_cast<std::size_t>(w);
  }
}

}  // namespace

RunJournal::RunJournal(std::filesystem::path file, std::string config, bool resume) : file_(std::move(file)) {
  const std::string header = kJournalMagic + escape_field(config);
  bool fresh = true;
  if (resume && std::filesystem::exists(file_)) {
    // Regular files only, never a blocking open (regular_file.hpp).
    const RegularFileRead read = read_regular_file(file_);
    if (!read.refused.empty())
      throw std::invalid_argument("--resume: the journal " + file_.string() + " " + read.refused);
    std::istringstream in(read.text);
    std::string line;
    if (std::getline(in, line) && line.rfind("sweepcheck run journal v1\t", 0) == 0)
      throw std::invalid_argument("--resume: " + file_.string() +
                                  " is a journal of an older sweepcheck (v1: rows without field evaluations); "
                                  "run again without --resume to start over");
    if (line.rfind(kJournalMagic, 0) != 0)
      throw std::invalid_argument("--resume: " + file_.string() + " is not a sweepcheck run journal");
    if (line != header)
      throw std::invalid_argument("--resume: the journal " + file_.string() +
                                  " was written by a study with other options (" +
                                  unescape_field(line.substr(std::strlen(kJournalMagic))) +
                                  "); run again without --resume to start over");
    std::string valid;  // the intact prefix: a torn last line is cut off before appending
    valid = line + "\n";
    while (std::getline(in, line)) {
      if (in.eof()) break;  // no newline: torn by a kill
      const auto row = decode_run_row(line);
      if (!row) break;
      rows_[{row->problem, row->parameters, row->scheme, row->steps}] = *row;
      valid += line + "\n";
    }
    loaded_ = rows_.size();
    std::filesystem::resize_file(file_, valid.size());
    fresh = false;
  }
  // O_NONBLOCK: a FIFO in the journal's place fails at once (ENXIO) instead
  // of waiting for a reader; anything but a regular file is refused.
  fd_ = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | (fresh ? O_TRUNC : 0), 0644);
  if (fd_ < 0) throw std::runtime_error("cannot open the run journal " + file_.string() + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error("the run journal " + file_.string() + " is not a regular file");
  }
  if (fresh) write_line(fd_, header, file_);
  // Test-only hook (the resume test): SIGKILL this process after N rows were
  // recorded, i.e. a kill at a known point with no chance to clean up.
  if (const char* k = std::getenv("SWEEPCHECK_TEST_KILL_AFTER_ROWS")) kill_after_ = std::atoll(k);
}

RunJournal::~RunJournal() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<RunRow> RunJournal::find(const std::string& problem, const std::string& parameters,
                                       const std::string& scheme, std::int64_t steps) const {
  std::lock_guard lock(mutex_);
  const auto it = rows_.find({problem, parameters, scheme, steps});
  if (it == rows_.end()) return std::nullopt;
  return it->second;
}

void RunJournal::record(const RunRow& row) {
  std::lock_guard lock(mutex_);
  write_line(fd_, encode_run_row(row), file_);
  rows_[{row.problem, row.parameters, row.scheme, row.steps}] = row;
  if (kill_after_ >= 0 && static_cast<long long>(++recorded_) >= kill_after_) ::kill(::getpid(), SIGKILL);
}

void RunJournal::remove() {
  std::lock_guard lock(mutex_);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  std::error_code ec;
  std::filesystem::remove(file_, ec);
}

RunRow journaled(RunJournal* journal, const std::string& problem, const std::string& parameters,
                 const std::string& scheme, std::int64_t steps, const std::function<RunRow()>& run) {
  if (!journal) return run();
  if (auto done = journal->find(problem, parameters, scheme, steps)) return *done;
  RunRow row = run();
  journal->record(row);
  return row;
}

}  // namespace sweepcheck
