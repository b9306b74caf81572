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

constexpr const char* kPayloadStart = "\\P\t";  // a backslash, P, a tab: no escaped field starts so

std::string to_hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (unsigned char c : bytes) out += digits[c >> 4], out += digits[c & 15];
  return out;
}

std::optional<std::string> from_hex(std::string_view text) {
  if (text.size() % 2) return std::nullopt;
  const auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
  std::string out;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int hi = digit(text[i]), lo = digit(text[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
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
    std::optional<Key> last;
    while (std::getline(in, line)) {
      if (in.eof()) break;  // no newline: torn by a kill
      if (line.rfind(kPayloadStart, 0) == 0) {
        const auto bytes = from_hex(std::string_view(line).substr(std::strlen(kPayloadStart)));
        if (!bytes || !last) break;
        payloads_[*last] = *bytes;
        valid += line + "\n";
        continue;
      }
      const auto row = decode_run_row(line);
      if (!row) break;
      last = Key{row->problem, row->parameters, row->scheme, row->steps};
      rows_[*last] = *row;
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

void RunJournal::record(const RunRow& row) { record(row, {}); }

void RunJournal::record(const RunRow& row, const std::string& payload) {
  std::lock_guard lock(mutex_);
  const Key key{row.problem, row.parameters, row.scheme, row.steps};
  write_line(fd_, encode_run_row(row) + (payload.empty() ? "" : "\n" + (kPayloadStart + to_hex(payload))), file_);
  rows_[key] = row;
  if (!payload.empty()) payloads_[key] = payload;
  if (kill_after_ >= 0 && static_cast<long long>(++recorded_) >= kill_after_) ::kill(::getpid(), SIGKILL);
}

std::optional<std::pair<RunRow, std::string>> RunJournal::find_with_payload(const std::string& problem,
                                                                            const std::string& parameters,
                                                                            const std::string& scheme,
                                                                            std::int64_t steps) const {
  std::lock_guard lock(mutex_);
  const Key key{problem, parameters, scheme, steps};
  const auto row = rows_.find(key);
  const auto payload = payloads_.find(key);
  if (row == rows_.end() || payload == payloads_.end()) return std::nullopt;
  return std::make_pair(row->second, payload->second);
}

void RunJournal::remove() {
  std::lock_guard lock(mutex_);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  std::error_code ec;
  std::filesystem::remove(file_, ec);
}

RunRow journaled(RunJournal* journal, const std::string& problem, const std::string& parameters,
                 const std::string& scheme, std::int64_t steps, const std::function<RunRow()>& run,
                 const GridPhases& phases) {
  if (!journal) return run();
  if (auto done = journal->find(problem, parameters, scheme, steps))
    if (measured_as(*done, phases)) return *done;
  RunRow row = run();
  journal->record(row);
  return row;
}

}  // namespace sweepcheck
