#include "studies/runs/reference_cache.hpp"
#include "studies/runs/regular_file.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "sweepcheck/solvers/core/atomic_file.hpp"

// Set by studies/CMakeLists.txt: the source tree's cache and the build tree
// whose programs use it (reference_cache.hpp, "folder").
#ifndef SWEEPCHECK_SOURCE_TREE_CACHE
#define SWEEPCHECK_SOURCE_TREE_CACHE ""
#endif
#ifndef SWEEPCHECK_BUILD_TREE
#define SWEEPCHECK_BUILD_TREE ""
#endif

namespace sweepcheck {

namespace {
constexpr const char* kReferenceMagic = "# sweepcheck reference v2";
constexpr std::size_t kMaxLine = 1 << 20;  // no legitimate row is longer (≈ 40k coordinates)

bool is_inside(const std::filesystem::path& file, const std::filesystem::path& folder) {
  if (folder.empty()) return false;
  auto f = file.begin();
  for (auto d = folder.begin(); d != folder.end(); ++d, ++f) {
    if (d->empty()) continue;  // trailing separator
    if (f == file.end() || *f != *d) return false;
  }
  return true;
}

// Parses one cell: a whole finite number, nothing before or after.
bool parse_cell(std::string_view cell, double& v) {
  if (cell.empty()) return false;
  const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
  return ec == std::errc() && end == cell.data() + cell.size() && std::isfinite(v);
}

// "name=value" tokens of the check line.
std::optional<std::string> token(const std::string& line, const std::string& name) {
  std::istringstream s(line);
  std::string t;
  while (s >> t)
    if (t.rfind(name + "=", 0) == 0) return t.substr(name.size() + 1);
  return std::nullopt;
}

std::string data_lines(const SampledReference<double>& ref) {
  std::string out;
  for (std::size_t i = 0; i < ref.times.size(); ++i) {
    out += fmt::format("{:.17g}", ref.times[i]);
    for (Eigen::Index k = 0; k < ref.states[i].size(); ++k) out += fmt::format(",{:.17g}", ref.states[i][k]);
    out += "\n";
  }
  return out;
}

// Why `ref` does not match what the caller expects (empty: it does).
std::string against_expectation(const SampledReference<double>& ref, const ReferenceExpectation& e) {
  if (ref.times.empty() || ref.times.size() != ref.states.size()) return "no rows, or fewer states than times";
  if (e.rows != 0 && ref.times.size() != e.rows)
    return fmt::format("{} rows, expected {}", ref.times.size(), e.rows);
  if (e.dimension != 0)
    for (const auto& x : ref.states)
      if (x.size() != e.dimension) return fmt::format("state dimension {}, expected {}", x.size(), e.dimension);
  const double scale = 1 + std::abs(ref.times.back());
  if (!std::isnan(e.t_first) && !(std::abs(ref.times.front() - e.t_first) <= 1e-12 * scale))
    return fmt::format("first time {:.17g}, expected {:.17g}", ref.times.front(), e.t_first);
  if (!std::isnan(e.t_last) && !(std::abs(ref.times.back() - e.t_last) <= 1e-12 * scale))
    return fmt::format("last time {:.17g}, expected {:.17g}", ref.times.back(), e.t_last);
  return {};
}

std::string utc_timestamp() {
  const auto now = std::chrono::system_clock::now();
  return fmt::format("{:%Y%m%dT%H%M%S}Z", fmt::gmtime(std::chrono::system_clock::to_time_t(now)));
}
}  // namespace

std::filesystem::path choose_cache_folder(const char* sweepcheck_cache, bool in_build_tree, const char* xdg_cache_home,
                                          const char* home) {
  if (sweepcheck_cache != nullptr && *sweepcheck_cache != '\0') return sweepcheck_cache;
  if (in_build_tree && std::string(SWEEPCHECK_SOURCE_TREE_CACHE) != "") return SWEEPCHECK_SOURCE_TREE_CACHE;
  if (xdg_cache_home != nullptr && *xdg_cache_home == '/')  // the XDG spec: relative values are ignored
    return std::filesystem::path(xdg_cache_home) / "sweepcheck";
  if (home != nullptr && *home != '\0') return std::filesystem::path(home) / ".cache" / "sweepcheck";
  throw std::invalid_argument("no cache folder: set SWEEPCHECK_CACHE (or XDG_CACHE_HOME / HOME) to a writable folder");
}

std::filesystem::path reference_cache_folder() {
  // A program of the build tree keeps the source tree's cache.
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::string build_tree = SWEEPCHECK_BUILD_TREE;
  bool in_build_tree = false;
  if (!ec && !build_tree.empty()) {
    const auto tree = std::filesystem::weakly_canonical(build_tree, ec);
    in_build_tree = !ec && is_inside(self, tree);
  }
  return choose_cache_folder(std::getenv("SWEEPCHECK_CACHE"), in_build_tree, std::getenv("XDG_CACHE_HOME"),
                             std::getenv("HOME"));
}

std::filesystem::path reference_cache_file(const std::filesystem::path& folder, const std::string& key) {
  return folder / fmt::format("ref-{:016x}.v2.csv", fnv1a64(key));
}

std::filesystem::path reference_cache_file(const std::string& key) {
  return reference_cache_file(reference_cache_folder(), key);
}

std::string serialize_reference(const std::string& key, const SampledReference<double>& ref) {
  ref.validate();
  for (std::size_t i = 0; i < ref.times.size(); ++i)
    if (!std::isfinite(ref.times[i]) || !ref.states[i].allFinite())
      throw std::invalid_argument(fmt::format("reference for '{}': non-finite value in row {}", key, i));
  if (key.find('\n') != std::string::npos) throw std::invalid_argument("reference cache key contains a newline");
  const std::string data = data_lines(ref);
  return fmt::format("{}\n# key: {}\n# check: rows={} columns={} t_first={:.17g} t_last={:.17g} fnv1a64={:016x}\n{}",
                     kReferenceMagic, key, ref.times.size(), ref.states.front().size() + 1, ref.times.front(),
                     ref.times.back(), fnv1a64(data), data);
}

ParsedReference parse_reference(const std::string& text, const std::string& key, const ReferenceExpectation& expect) {
  ParsedReference r;
  auto fail = [&r](std::string why) {
    r.reason = std::move(why);
    r.reference.reset();
    return r;
  };
  // A checksummed file of ours never starts with a byte-order mark: one was
  // added by an editor or a spreadsheet, so the file is not what we wrote.
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) return fail("starts with a UTF-8 byte-order mark (saved by an editor?)");
  std::size_t pos = 0;
  auto next_line = [&](std::string& line) {
    if (pos >= text.size()) return false;
    const auto nl = text.find('\n', pos);
    if (nl == std::string::npos) {  // a last line without '\n': the file was cut
      line = text.substr(pos);
      pos = text.size();
      return false;
    }
    line = text.substr(pos, nl - pos);
    pos = nl + 1;
    return true;
  };
  std::string line;
  if (!next_line(line)) return fail("empty or truncated header");
  if (line != kReferenceMagic) return fail("not a v2 reference file (first line '" + line.substr(0, 60) + "')");
  if (!next_line(line) || line != "# key: " + key) return fail("stored key differs from the requested one");
  if (!next_line(line) || line.rfind("# check: ", 0) != 0) return fail("no '# check:' line");
  const auto rows_s = token(line, "rows"), cols_s = token(line, "columns"), t0_s = token(line, "t_first"),
             t1_s = token(line, "t_last"), hash_s = token(line, "fnv1a64");
  std::size_t rows = 0, cols = 0;
  double t0 = 0, t1 = 0;
  std::uint64_t hash = 0;
  auto whole = [](const std::optional<std::string>& s, auto& v, int base = 10) {
    if (!s || s->empty()) return false;
    const auto [end, ec] = std::from_chars(s->data(), s->data() + s->size(), v, base);
    return ec == std::errc() && end == s->data() + s->size();
  };
  if (!whole(rows_s, rows) || !whole(cols_s, cols) || !whole(hash_s, hash, 16) || !t0_s || !t1_s ||
      !parse_cell(*t0_s, t0) || !parse_cell(*t1_s, t1))
    return fail("malformed '# check:' line");
  if (rows < 1 || cols < 2 || cols > kMaxLine)
    return fail(fmt::format("check line states rows={} columns={}", rows, cols));
  // Enough bytes for the stated rows before anything is allocated for them.
  if (rows > (text.size() - pos) / (2 * cols) + 1)
    return fail(fmt::format("check line states {} rows but the file is too short for them", rows));
  const std::string_view data(text.data() + pos, text.size() - pos);
  if (fnv1a64(std::string(data)) != hash) return fail("checksum mismatch (content changed or cut)");
  SampledReference<double> ref;
  ref.times.reserve(rows);
  ref.states.reserve(rows);
  std::vector<double> v;
  std::size_t row = 0;
  bool complete = true;
  while (pos < text.size()) {
    complete = next_line(line);
    if (!complete) return fail(fmt::format("row {} is cut (no end of line)", row + 1));
    if (line.size() > kMaxLine) return fail(fmt::format("row {} is too long", row + 1));
    v.clear();
    std::size_t start = 0;
    while (true) {
      const auto comma = line.find(',', start);
      const std::string_view cell(line.data() + start, (comma == std::string::npos ? line.size() : comma) - start);
      double x = 0;
      if (!parse_cell(cell, x))
        return fail(fmt::format("row {}: cell {} '{}' is not a finite number", row + 1, v.size() + 1,
                                std::string(cell.substr(0, 40))));
      v.push_back(x);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (v.size() != cols) return fail(fmt::format("row {} has {} columns, expected {}", row + 1, v.size(), cols));
    if (!ref.times.empty() && !(v[0] > ref.times.back()))
      return fail(fmt::format("row {}: time {:.17g} does not increase", row + 1, v[0]));
    ++row;
    if (row > rows) return fail(fmt::format("more than the stated {} rows", rows));
    ref.times.push_back(v[0]);
    ref.states.push_back(Eigen::Map<const Vec<double>>(v.data() + 1, static_cast<Eigen::Index>(cols - 1)));
  }
  if (row != rows) return fail(fmt::format("{} rows, the check line states {}", row, rows));
  if (ref.times.front() != t0 || ref.times.back() != t1)
    return fail(fmt::format("time span [{:.17g}, {:.17g}] differs from the stated [{:.17g}, {:.17g}]",
                            ref.times.front(), ref.times.back(), t0, t1));
  if (auto why = against_expectation(ref, expect); !why.empty()) return fail(why);
  r.reference = std::move(ref);
  return r;
}

namespace {

// Reads `file` whole (regular files only, never blocking: regular_file.hpp);
// nothing if it does not exist. The inode identifies the file that was read,
// so only that one is moved aside (another process may have replaced it with
// a good one in the meantime).
struct ReadFile {
  std::string text;
  std::string refused;  // not a regular file, or unreadable: moved aside like a corrupt one
  ino_t inode = 0;
};
std::optional<ReadFile> read_whole(const std::filesystem::path& file) {
  RegularFileRead read = read_regular_file(file);
  if (!read.exists) return std::nullopt;
  return ReadFile{std::move(read.text), std::move(read.refused), read.inode};
}

std::string move_aside(const std::filesystem::path& file, ino_t inode) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0 || st.st_ino != inode) return "already replaced by another process";
  auto target = file;
  target += ".corrupt-" + utc_timestamp();
  std::error_code ec;
  std::filesystem::rename(file, target, ec);
  if (ec) return "could not be moved aside (" + ec.message() + ")";
  return "moved to " + target.string();
}

// Atomic publication with a temporary name unique per process *and* call, so
// threads of one process computing the same entry never share a temporary
// (the name keeps atomic_file.hpp's kTemporaryPrefix and pid).
void publish(const std::filesystem::path& target, const std::string& content) {
  static std::atomic<unsigned> counter{0};
  std::filesystem::create_directories(target.parent_path());
  const auto tmp = target.parent_path() / (std::string(kTemporaryPrefix) + std::to_string(::getpid()) + "." +
                                           std::to_string(counter++) + "." + target.filename().string());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write the cache file " + tmp.string());
    out << content;
    out.flush();
    if (!out) {
      out.close();
      std::error_code ec;
      std::filesystem::remove(tmp, ec);  // a full disk leaves no half file behind
      throw std::runtime_error("error while writing the cache file " + tmp.string());
    }
  }
  commit_file(tmp, target);
}

}  // namespace

CachedReference cached_reference(const std::filesystem::path& folder, const std::string& key,
                                 const ReferenceExpectation& expect,
                                 const std::function<SampledReference<double>()>& compute) {
  CachedReference r;
  r.file = reference_cache_file(folder, key);
  if (const auto found = read_whole(r.file)) {
    auto parsed = found->refused.empty() ? parse_reference(found->text, key, expect) : ParsedReference{};
    if (!found->refused.empty()) parsed.reason = found->refused;
    if (parsed.reference) {
      r.reference = std::move(*parsed.reference);
      r.from_cache = true;
      return r;
    }
    r.rejected = fmt::format("cache file {} rejected: {}; {}; recomputing", r.file.string(), parsed.reason,
                             move_aside(r.file, found->inode));
    std::cerr << "sweepcheck: " << r.rejected << "\n";
  }
  r.reference = compute();
  r.reference.validate();
  if (auto why = against_expectation(r.reference, expect); !why.empty())
    throw std::logic_error("reference for '" + key + "' computed with " + why);
  // A cache that cannot be written costs the next run a recomputation, never
  // this run its result: a warning, and the reference is used.
  const std::string text = serialize_reference(key, r.reference);  // a harness bug (a NaN) still throws
  try {
    publish(r.file, text);
  } catch (const std::exception& e) {
    r.not_saved = e.what();
    std::cerr << "sweepcheck: warning: the reference is used but not cached: " << e.what() << "\n";
  }
  return r;
}

CachedReference cached_reference(const std::string& key, const ReferenceExpectation& expect,
                                  const std::function<SampledReference<double>()>& compute) {
  return cached_reference(reference_cache_folder(), key, expect, compute);
}

}  // namespace sweepcheck
