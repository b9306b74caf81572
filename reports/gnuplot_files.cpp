#include "reports/gnuplot_files.hpp"

#include <fmt/format.h>

#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

std::string gnuplot_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::vector<std::string> render_png_and_svg(const std::filesystem::path& stem, int width, int height,
                                            const std::function<void(Gnuplot&)>& draw) {
  if (!stem.parent_path().empty()) std::filesystem::create_directories(stem.parent_path());
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {".png", fmt::format("pngcairo size {},{} noenhanced font 'sans,11'", width, height)},
      {".svg", fmt::format("svg size {},{} dynamic noenhanced font 'sans,11'", width, height)}};
  std::vector<std::string> written;
  for (const auto& [ext, terminal] : outputs) {
    const std::filesystem::path target = stem.string() + ext;
    const auto tmp = temporary_sibling(target);
    {
      Gnuplot gp("gnuplot");
      gp << "set terminal " << terminal << "\nset output " << gnuplot_string(tmp.string()) << "\n";
      draw(gp);
      gp << "unset output\nexit\n";
    }  // the destructor waits for gnuplot to finish
    std::error_code ec;
    if (!std::filesystem::exists(tmp, ec) || std::filesystem::file_size(tmp, ec) == 0) {
      std::filesystem::remove(tmp, ec);
      throw std::runtime_error("gnuplot produced no " + target.string() + " (is gnuplot installed?)");
    }
    commit_file(tmp, target);
    written.push_back(target.filename().string());
  }
  return written;
}

}  // namespace sweepcheck
