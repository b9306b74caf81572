#pragma once
// Writing result files so that a reader (or a crash) never sees half a file:
// write to a temporary name in the same folder, flush, then rename over the
// target (rename is atomic within one file system).
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace sweepcheck {

// Every temporary file sweepcheck writes is named kTemporaryPrefix + pid +
// "." + ...: an output folder removes such files of writers that died
// (reports/output_folder.hpp), and only those. The prefix names the program,
// so a user's own ".tmp.123.notes" in the folder is never taken for one.
inline constexpr const char* kTemporaryPrefix = ".sweepcheck-tmp.";

// A temporary sibling name for `target`, unique per process.
inline std::filesystem::path temporary_sibling(const std::filesystem::path& target) {
  return target.parent_path() /
         (std::string(kTemporaryPrefix) + std::to_string(::getpid()) + "." + target.filename().string());
}

// Moves a finished temporary file onto its target.
inline void commit_file(const std::filesystem::path& temporary, const std::filesystem::path& target) {
  std::error_code ec;
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    throw std::runtime_error("cannot move " + temporary.string() + " to " + target.string());
  }
}

inline void write_file_atomically(const std::filesystem::path& target, const std::string& content) {
  if (!target.parent_path().empty()) std::filesystem::create_directories(target.parent_path());
  const auto tmp = temporary_sibling(target);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
    out << content;
    out.flush();
    if (!out) {  // a full disk: no half file is left behind
      out.close();
      std::error_code ec;
      std::filesystem::remove(tmp, ec);
      throw std::runtime_error("error while writing " + tmp.string());
    }
  }
  commit_file(tmp, target);
}

}  // namespace sweepcheck
