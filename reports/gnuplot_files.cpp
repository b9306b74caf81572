#include "reports/gnuplot_files.hpp"

#include <fmt/format.h>
#include <stdlib.h>

#include "sweepcheck/solvers/core/atomic_file.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"

namespace sweepcheck {

std::string gnuplot_string(const std::string& s) { return gnuplot_quote(s); }

namespace {

// A private folder for gnuplot's output, made with mkdtemp: the only path
// gnuplot is told is one this program chose (the user's --out, which may
// hold quotes, backquotes or newlines, is never written into a command).
// Removed with its content when it goes out of scope.
struct PrivateFolder {
  std::filesystem::path path;
  PrivateFolder() {
    std::error_code ec;
    std::filesystem::path base = std::filesystem::temp_directory_path(ec);
    const std::string b = base.string();
    // $TMPDIR is the user's too: one gnuplot cannot read as a plain path is not used.
    if (ec || b.empty() || b.find_first_of("'\"`\n\r$\\") != std::string::npos) base = "/tmp";
    std::string pattern = (base / "sweepcheck-gnuplot-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("cannot make a temporary folder in " + base.string());
    path = pattern;
  }
  ~PrivateFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;
};

}  // namespace

std::vector<std::string> render_png_and_svg(const std::filesystem::path& stem, int width, int height,
                                            const std::function<void(Gnuplot&)>& draw) {
  if (!stem.parent_path().empty()) std::filesystem::create_directories(stem.parent_path());
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {".png", fmt::format("pngcairo size {},{} noenhanced font 'sans,11'", width, height)},
      {".svg", fmt::format("svg size {},{} dynamic noenhanced font 'sans,11'", width, height)}};
  std::vector<std::string> written;
  const PrivateFolder scratch;
  for (const auto& [ext, terminal] : outputs) {
    const std::filesystem::path target = stem.string() + ext;
    const std::filesystem::path drawn = scratch.path / ("figure" + ext);
    {
      Gnuplot gp("gnuplot");
      gp << "set terminal " << terminal << "\nset output " << gnuplot_quote(drawn.string()) << "\n";
      draw(gp);
      gp << "unset output\nexit\n";
    }  // the destructor waits for gnuplot to finish
    std::error_code ec;
    if (!std::filesystem::exists(drawn, ec) || std::filesystem::file_size(drawn, ec) == 0)
      throw std::runtime_error("gnuplot produced no " + target.string() + " (is gnuplot installed?)");
    // Copied beside the target, then renamed onto it: the target is whole or old.
    const auto tmp = temporary_sibling(target);
    if (!std::filesystem::copy_file(drawn, tmp, std::filesystem::copy_options::overwrite_existing, ec) || ec) {
      std::filesystem::remove(tmp, ec);
      throw std::runtime_error("cannot write " + target.string());
    }
    commit_file(tmp, target);
    written.push_back(target.filename().string());
  }
  return written;
}

}  // namespace sweepcheck
