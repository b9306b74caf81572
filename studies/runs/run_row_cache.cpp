#include "studies/runs/run_row_cache.hpp"
#include "studies/runs/regular_file.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

#include "studies/runs/reference_cache.hpp"
#include "studies/runs/run_row_text.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

constexpr const char* kRowCacheMagic = "sweepcheck run-row cache v2\t";

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return buf;
}

}  // namespace

std::string serialize_row_cache(const std::string& key,
                                const std::map<std::tuple<std::string, std::string, std::string, std::int64_t>, RunRow>& rows) {
  std::string body;
  for (const auto& [k, row] : rows) body += encode_run_row(row) + "\n";
  return kRowCacheMagic + escape_field(key) + "\n" + body +
         fmt::format("# check: rows={} fnv1a64={:016x}\n", rows.size(), fnv1a64(body));
}

RunRowCache::RunRowCache(std::filesystem::path folder, std::string key) : key_(std::move(key)) {
  file_ = folder / fmt::format("rows-{:016x}.v2.tsv", fnv1a64(key_));
  // Regular files only, never a blocking open (regular_file.hpp).
  RegularFileRead read = read_regular_file(file_);
  if (!read.exists) return;  // no cache yet
  const std::string text = std::move(read.text);
  std::string reason = read.refused;
  std::map<Key, RunRow> rows;
  if (reason.empty()) [&] {
    const std::string header = kRowCacheMagic + escape_field(key_) + "\n";
    if (text.rfind(header, 0) != 0) return void(reason = "header does not match the key");
    const auto check = text.rfind("# check: ");
    if (check == std::string::npos || check < header.size() || text.back() != '\n')
      return void(reason = "no check line (cut off?)");
    const std::string body = text.substr(header.size(), check - header.size());
    std::size_t n = 0;
    unsigned long long hash = 0;
    if (std::sscanf(text.c_str() + check, "# check: rows=%zu fnv1a64=%llx\n", &n, &hash) != 2)
      return void(reason = "malformed check line");
    if (fnv1a64(body) != hash) return void(reason = "checksum mismatch");
    std::istringstream lines(body);
    std::string line;
    while (std::getline(lines, line)) {
      const auto row = decode_run_row(line);
      if (!row) return void(reason = "a row that does not parse");
      rows[{row->problem, row->parameters, row->scheme, row->steps}] = *row;
    }
    if (rows.size() != n) return void(reason = fmt::format("{} rows, the check says {}", rows.size(), n));
  }();
  if (reason.empty()) {
    rows_ = std::move(rows);
    loaded_ = rows_.size();
    return;
  }
  auto aside = file_;
  aside += ".corrupt-" + utc_now();
  std::error_code ec;
  std::filesystem::rename(file_, aside, ec);
  std::cerr << "run-row cache file " << file_.string() << " rejected: " << reason << "; "
            << (ec ? "could not be moved aside (" + ec.message() + ")" : "moved to " + aside.string())
            << "; its runs are run again\n";
}

std::optional<RunRow> RunRowCache::find(const std::string& problem, const std::string& parameters,
                                        const std::string& scheme, std::int64_t steps) const {
  std::lock_guard lock(mutex_);
  const auto it = rows_.find({problem, parameters, scheme, steps});
  if (it == rows_.end()) return std::nullopt;
  return it->second;
}

void RunRowCache::add(const RunRow& row) {
  std::lock_guard lock(mutex_);
  RunRow r = row;
  r.refined = false;  // the caller marks refined rungs; the row itself does not depend on it
  rows_[{r.problem, r.parameters, r.scheme, r.steps}] = r;
  added_ = true;
}

void RunRowCache::save() {
  std::lock_guard lock(mutex_);
  if (!added_) return;
  // A cache that cannot be written costs a later run its reuse, never this
  // run its results: a warning, and the rows stay in memory for this run.
  try {
    std::filesystem::create_directories(file_.parent_path());
    write_file_atomically(file_, serialize_row_cache(key_, rows_));
    added_ = false;
  } catch (const std::exception& e) {
    std::cerr << "sweepcheck: warning: finished runs not cached: " << e.what() << "\n";
  }
}

std::optional<std::uint64_t> program_identity() {
  static const std::optional<std::uint64_t> id = []() -> std::optional<std::uint64_t> {
    std::ifstream in("/proc/self/exe", std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    if (s.str().empty()) return std::nullopt;
    return fnv1a64(s.str());
  }();
  return id;
}

}  // namespace sweepcheck
