// The run-row cache hands back exactly the rows it was given, and a file
// that does not check out is refused, moved aside and never used.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "studies/runs/run_row_cache.hpp"

namespace sweepcheck {
namespace {

namespace fs = std::filesystem;

fs::path fresh_folder(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("sweepcheck_row_cache_" + name + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

RunRow row(std::int64_t steps, double error) {
  RunRow r;
  r.problem = "disks";
  r.parameters = "N=40";
  r.scheme = "pngs:reltol=1e-10";
  r.steps = steps;
  r.h = 4.0 / double(steps);
  r.error_uniform = r.error_grid = error;
  r.work.constraint_evaluations = 12345;
  r.wall_seconds = 0.25;
  return r;
}

TEST(RunRowCache, RowsSavedByOneInstanceAreFoundBitForBitByTheNext) {
  const auto dir = fresh_folder("roundtrip");
  {
    RunRowCache c(dir, "key A");
    EXPECT_FALSE(c.find("disks", "N=40", "pngs:reltol=1e-10", 100));
    c.add(row(100, 0.1 + 1e-17));
    c.add(row(200, 1.0 / 3.0));
    c.save();
  }
  RunRowCache c(dir, "key A");
  EXPECT_EQ(c.loaded(), 2u);
  const auto r = c.find("disks", "N=40", "pngs:reltol=1e-10", 200);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->error_uniform, 1.0 / 3.0);
  EXPECT_EQ(r->work.constraint_evaluations, 12345);
  EXPECT_FALSE(c.find("disks", "N=40", "pngs:reltol=1e-10", 300));
  EXPECT_FALSE(c.find("disks", "N=40", "pbd", 200));
}

TEST(RunRowCache, AnotherKeyNeverSeesTheRows) {
  const auto dir = fresh_folder("key");
  {
    RunRowCache c(dir, "key A");
    c.add(row(100, 0.5));
    c.save();
  }
  RunRowCache other(dir, "key B");
  EXPECT_EQ(other.loaded(), 0u);
  EXPECT_FALSE(other.find("disks", "N=40", "pngs:reltol=1e-10", 100));
}

TEST(RunRowCache, AChangedDigitIsRejectedMovedAsideAndNotUsed) {
  const auto dir = fresh_folder("corrupt");
  fs::path file;
  {
    RunRowCache c(dir, "key A");
    c.add(row(100, 0.5));
    c.save();
    file = c.file();
  }
  std::string text;
  {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
  }
  const auto pos = text.find("12345");
  ASSERT_NE(pos, std::string::npos);
  text[pos] = '9';  // 92345 evaluations: the row still parses, the checksum does not match
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
  }
  RunRowCache c(dir, "key A");
  EXPECT_EQ(c.loaded(), 0u);
  EXPECT_FALSE(c.find("disks", "N=40", "pngs:reltol=1e-10", 100));
  EXPECT_FALSE(fs::exists(file));
  bool moved = false;
  for (const auto& e : fs::directory_iterator(dir)) moved |= e.path().string().find(".corrupt-") != std::string::npos;
  EXPECT_TRUE(moved);
}

TEST(RunRowCache, ACutOffFileIsRejected) {
  const auto dir = fresh_folder("cut");
  fs::path file;
  {
    RunRowCache c(dir, "key A");
    c.add(row(100, 0.5));
    c.add(row(200, 0.25));
    c.save();
    file = c.file();
  }
  fs::resize_file(file, fs::file_size(file) - 20);
  RunRowCache c(dir, "key A");
  EXPECT_EQ(c.loaded(), 0u);
}

TEST(RunRowCache, TheProgramHasAnIdentity) { EXPECT_TRUE(program_identity().has_value()); }

}  // namespace
}  // namespace sweepcheck
