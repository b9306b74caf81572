// The reference cache's checks (reference_cache.hpp): each way a cache file
// is seen going bad in practice — rows dropped, an `inf` written, one digit
// changed, the file cut, an old format — is detected, named with the file's
// path, moved aside and recomputed; a good file is used as is.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "studies/runs/reference_cache.hpp"

namespace sweepcheck {
namespace {

// A fresh folder per test, passed explicitly (no environment variable).
struct TempFolder {
  std::filesystem::path dir;
  explicit TempFolder(const std::string& name) {
    dir = std::filesystem::temp_directory_path() /
          ("sweepcheck-refcache-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~TempFolder() { std::filesystem::remove_all(dir); }
};

// 6 samples of a 3-dimensional state on [0, 1] with digits in every place.
SampledReference<double> sample_reference() {
  SampledReference<double> r;
  for (int i = 0; i <= 5; ++i) {
    const double t = i / 5.0;
    r.times.push_back(t);
    Vec<double> x(3);
    x << std::sin(1 + t), std::cos(2 + t) / 3, 1e-7 * std::exp(t);
    r.states.push_back(x);
  }
  return r;
}

const std::string kKey = "test-reference v1 | a=1 b=0.5";
const ReferenceExpectation kExpect{.rows = 6, .dimension = 3, .t_first = 0, .t_last = 1};

std::string read(const std::filesystem::path& f) {
  std::ifstream in(f, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
void write(const std::filesystem::path& f, const std::string& text) {
  std::ofstream out(f, std::ios::binary | std::ios::trunc);
  out << text;
}
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream s(text);
  for (std::string l; std::getline(s, l);) out.push_back(l);
  return out;
}
std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}
std::vector<std::filesystem::path> moved_aside(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().find(".corrupt-") != std::string::npos) out.push_back(e.path());
  return out;
}

struct Corruption {
  std::string name;
  std::function<std::string(const std::string&)> apply;  // good file text -> bad file text
  std::string reason;                                      // a phrase the rejection must contain
};

// Data rows start at line index 3 (after magic, key, check line).
std::vector<Corruption> corruptions() {
  return {
      {"two rows dropped",
       [](const std::string& t) {
         auto l = lines_of(t);
         l.erase(l.begin() + 5, l.begin() + 7);
         return join(l);
       },
       "checksum"},
      {"two rows dropped and the row count edited to match",
       [](const std::string& t) {
         auto l = lines_of(t);
         l.erase(l.begin() + 5, l.begin() + 7);
         const auto p = l[2].find("rows=6");
         l[2].replace(p, 6, "rows=4");
         return join(l);
       },
       "checksum"},
      {"an inf cell",
       [](const std::string& t) {
         auto l = lines_of(t);
         const auto a = l[5].find(','), b = l[5].find(',', a + 1);
         l[5] = l[5].substr(0, a + 1) + "inf" + l[5].substr(b);
         return join(l);
       },
       "checksum"},
      {"one changed digit",
       [](const std::string& t) {
         auto l = lines_of(t);
         const auto p = l[6].find_last_of("12345678");
         l[6][p] = l[6][p] == '1' ? '2' : '1';
         return join(l);
       },
       "checksum"},
      {"cut in the middle of a row",
       [](const std::string& t) { return t.substr(0, t.size() * 7 / 10); }, "checksum"},
      {"cut after a whole row",
       [](const std::string& t) {
         auto l = lines_of(t);
         l.resize(6);
         return join(l);
       },
       "checksum"},
      {"cut inside the header", [](const std::string& t) { return t.substr(0, 30); }, "key"},
      {"an empty file", [](const std::string&) { return std::string(); }, "empty"},
      {"the v1 format (no checks)",
       [](const std::string& t) {
         auto l = lines_of(t);
         l[0] = "# sweepcheck reference v1";
         l.erase(l.begin() + 2);
         return join(l);
       },
       "not a v2 reference file"},
      {"another key", [](const std::string& t) {
         auto l = lines_of(t);
         l[1] = "# key: something else";
         return join(l);
       },
       "key"},
  };
}

TEST(ReferenceCache, AGoodFileIsLoadedBitForBitWithoutRecomputing) {
  TempFolder f("good");
  int computed = 0;
  auto compute = [&] {
    ++computed;
    return sample_reference();
  };
  const auto first = cached_reference(f.dir, kKey, kExpect, compute);
  EXPECT_FALSE(first.from_cache);
  const auto second = cached_reference(f.dir, kKey, kExpect, compute);
  EXPECT_TRUE(second.from_cache);
  EXPECT_TRUE(second.rejected.empty());
  EXPECT_EQ(computed, 1);
  const auto ref = sample_reference();
  for (std::size_t i = 0; i < ref.times.size(); ++i) {
    EXPECT_EQ(second.reference.times[i], ref.times[i]);
    EXPECT_EQ(second.reference.states[i], ref.states[i]);
  }
  EXPECT_NE(read(second.file).find("# check: rows=6 columns=4 t_first=0 t_last=1 fnv1a64="), std::string::npos);
}

// Issue 45: a FIFO where a cache file belongs blocked the reader for ever.
// It is refused without being opened for a blocking read, moved aside, and
// the reference is computed.
TEST(ReferenceCache, AFifoInPlaceOfTheFileIsRefusedWithoutBlockingAndRecomputed) {
  TempFolder f("fifo");
  std::filesystem::create_directories(f.dir);
  const auto file = reference_cache_file(f.dir, kKey);
  ASSERT_EQ(::mkfifo(file.c_str(), 0600), 0);
  int computed = 0;
  const auto r = cached_reference(f.dir, kKey, kExpect, [&] {
    ++computed;
    return sample_reference();
  });
  EXPECT_EQ(computed, 1);
  EXPECT_NE(r.rejected.find("not a regular file"), std::string::npos) << r.rejected;
  EXPECT_TRUE(r.not_saved.empty()) << r.not_saved;
  EXPECT_TRUE(std::filesystem::is_regular_file(file));  // the good file now stands there
}

// Issue 45: a cache that could not be written lost the run's result. It is
// a warning: the computed reference is returned, and no temporary is left.
TEST(ReferenceCache, AFolderThatCannotBeWrittenCostsTheCacheNotTheResult) {
  TempFolder f("unwritable");
  std::filesystem::create_directories(f.dir);
  const auto blocker = f.dir / "a-file";
  std::ofstream(blocker) << "not a folder";
  int computed = 0;
  CachedReference r;
  ASSERT_NO_THROW(r = cached_reference(blocker / "cache", kKey, kExpect, [&] {
    ++computed;
    return sample_reference();
  }));
  EXPECT_EQ(computed, 1);
  EXPECT_FALSE(r.not_saved.empty());
  EXPECT_EQ(r.reference.times, sample_reference().times);
  EXPECT_EQ(r.reference.states, sample_reference().states);
}

TEST(ReferenceCache, EveryCorruptionIsDetectedNamedMovedAsideAndRecomputed) {
  for (const auto& c : corruptions()) {
    SCOPED_TRACE(c.name);
    TempFolder f("corrupt");
    const auto good = cached_reference(f.dir, kKey, kExpect, sample_reference);
    const std::string good_text = read(good.file);
    const std::string bad_text = c.apply(good_text);
    ASSERT_NE(bad_text, good_text);
    write(good.file, bad_text);

    int computed = 0;
    const auto again = cached_reference(f.dir, kKey, kExpect, [&] {
      ++computed;
      return sample_reference();
    });
    EXPECT_EQ(computed, 1);
    EXPECT_FALSE(again.from_cache);
    // Named by path, with the reason and where the file went.
    EXPECT_NE(again.rejected.find(good.file.string()), std::string::npos) << again.rejected;
    EXPECT_NE(again.rejected.find(c.reason), std::string::npos) << again.rejected;
    EXPECT_NE(again.rejected.find("moved to"), std::string::npos) << again.rejected;
    // On disk: the bad file kept aside untouched, a good file in place.
    const auto aside = moved_aside(f.dir);
    ASSERT_EQ(aside.size(), 1u);
    EXPECT_EQ(read(aside.front()), bad_text);
    EXPECT_EQ(read(good.file), good_text);
    EXPECT_TRUE(cached_reference(f.dir, kKey, kExpect, sample_reference).from_cache);
  }
}

TEST(ReferenceCache, EachCorruptionAloneFailsTheParserWithItsReason) {
  // Without the checksum's help: the same damage with the check line
  // recomputed for the damaged data must still fail on what is wrong.
  const std::string good = serialize_reference(kKey, sample_reference());
  auto l = lines_of(good);
  auto with_fixed_hash = [&](std::vector<std::string> lines) {
    std::string data;
    for (std::size_t i = 3; i < lines.size(); ++i) data += lines[i] + "\n";
    const auto p = lines[2].find("fnv1a64=");
    lines[2] = lines[2].substr(0, p) + fmt::format("fnv1a64={:016x}", fnv1a64(data));
    return join(lines);
  };
  {
    auto bad = l;
    bad[5] = "0.4,inf,1,2";
    EXPECT_NE(parse_reference(with_fixed_hash(bad), kKey).reason.find("not a finite number"), std::string::npos);
    bad[5] = "0.4,nan,1,2";
    EXPECT_NE(parse_reference(with_fixed_hash(bad), kKey).reason.find("not a finite number"), std::string::npos);
    bad[5] = "0.4,1e999,1,2";
    EXPECT_NE(parse_reference(with_fixed_hash(bad), kKey).reason.find("not a finite number"), std::string::npos);
  }
  {
    auto bad = l;
    bad.erase(bad.begin() + 5);
    EXPECT_NE(parse_reference(with_fixed_hash(bad), kKey).reason.find("5 rows, the check line states 6"),
              std::string::npos);
  }
  {
    auto bad = l;
    bad.pop_back();  // last row gone: row count and span
    EXPECT_FALSE(parse_reference(with_fixed_hash(bad), kKey).reference);
  }
  {
    auto bad = l;
    bad[4].replace(0, 3, "0.9");  // time no longer increasing
    EXPECT_NE(parse_reference(with_fixed_hash(bad), kKey).reason.find("does not increase"), std::string::npos);
  }
  {
    auto bad = l;
    bad[4] += ",1";
    EXPECT_NE(parse_reference(with_fixed_hash(bad), kKey).reason.find("columns"), std::string::npos);
  }
  // A self-consistent file that is not what the caller expects (another span).
  ReferenceExpectation other = kExpect;
  other.t_last = 2;
  EXPECT_NE(parse_reference(good, kKey, other).reason.find("last time"), std::string::npos);
  other = kExpect;
  other.dimension = 4;
  EXPECT_NE(parse_reference(good, kKey, other).reason.find("state dimension"), std::string::npos);
  EXPECT_TRUE(parse_reference(good, kKey, kExpect).reference);
}

TEST(ReferenceCache, NonFiniteOrMisshapenComputedReferencesAreNeverStored) {
  TempFolder f("nonfinite");
  auto bad = sample_reference();
  bad.states[2][1] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(cached_reference(f.dir, kKey, kExpect, [&] { return bad; }), std::invalid_argument);
  auto short_ref = sample_reference();
  short_ref.times.pop_back();
  short_ref.states.pop_back();
  EXPECT_THROW(cached_reference(f.dir, kKey, kExpect, [&] { return short_ref; }), std::logic_error);
  EXPECT_TRUE(std::filesystem::is_empty(f.dir));
}

TEST(ReferenceCache, ConcurrentReadersAndWritersOfOneEntryAllGetTheGoodReference) {
  // Writers publish whole files by rename; a reader that finds a bad file
  // moves only the file it read aside (checked by inode), so no thread ever
  // uses a half-written or corrupt file.
  TempFolder f("concurrent");
  const auto path = reference_cache_file(f.dir, kKey);
  for (int round = 0; round < 5; ++round) {
    write(path, "# sweepcheck reference v2\ngarbage\n");
    std::atomic<int> ok{0};
    std::vector<std::thread> threads;
    for (int k = 0; k < 6; ++k)
      threads.emplace_back([&] {
        const auto r = cached_reference(f.dir, kKey, kExpect, sample_reference);
        if (r.reference.states.size() == 6 && r.reference.states[3] == sample_reference().states[3]) ++ok;
      });
    for (auto& t : threads) t.join();
    EXPECT_EQ(ok.load(), 6);
    EXPECT_TRUE(parse_reference(read(path), kKey, kExpect).reference);
  }
}

TEST(ReferenceCacheFolder, EnvironmentThenBuildTreeThenXdgThenHome) {
  EXPECT_EQ(choose_cache_folder("/c", true, "/x", "/h"), std::filesystem::path("/c"));
  EXPECT_EQ(choose_cache_folder("/c", false, "/x", "/h"), std::filesystem::path("/c"));
  // An installed program never uses the tree it was built from.
  EXPECT_EQ(choose_cache_folder(nullptr, false, "/x", "/h"), std::filesystem::path("/x/sweepcheck"));
  EXPECT_EQ(choose_cache_folder("", false, nullptr, "/h"), std::filesystem::path("/h/.cache/sweepcheck"));
  EXPECT_EQ(choose_cache_folder(nullptr, false, "relative", "/h"), std::filesystem::path("/h/.cache/sweepcheck"));
  EXPECT_THROW(choose_cache_folder(nullptr, false, nullptr, nullptr), std::invalid_argument);
  // This test program runs from the build tree: the source tree's cache.
  const auto tree = choose_cache_folder(nullptr, true, "/x", "/h");
  EXPECT_EQ(tree.filename(), "references");
  EXPECT_EQ(tree.parent_path().filename(), ".cache");
  const char* env = std::getenv("SWEEPCHECK_CACHE");
  if (env == nullptr || *env == '\0') {
    EXPECT_EQ(reference_cache_folder(), tree);
  }
}

}  // namespace
}  // namespace sweepcheck
