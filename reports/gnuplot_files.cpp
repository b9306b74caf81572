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

namespace {

const char* const kFormats[] = {".png", ".svg"};

std::string terminal_for(const char* ext, int width, int height) {
  return std::string(ext) == ".png" ? fmt::format("pngcairo size {},{} noenhanced font 'sans,11'", width, height)
                                    : fmt::format("svg size {},{} dynamic noenhanced font 'sans,11'", width, height);
}

std::filesystem::path drawn_file(const PrivateFolder& scratch, std::size_t i, const char* ext) {
  return scratch.path / ("figure" + std::to_string(i) + ext);
}

// Draws the jobs `which` in one gnuplot run into the scratch folder.
void draw_in_one_run(const PrivateFolder& scratch, const std::vector<FigureJob>& jobs,
                     const std::vector<std::size_t>& which) {
  Gnuplot gp("gnuplot");
  for (const std::size_t i : which)
    for (const char* ext : kFormats) {
      gp << "reset session\nset terminal " << terminal_for(ext, jobs[i].width, jobs[i].height) << "\nset output "
         << gnuplot_quote(drawn_file(scratch, i, ext).string()) << "\n";
      jobs[i].draw(gp);
      gp << "unset output\n";
    }
  gp << "exit\n";
}  // the destructor waits for gnuplot to finish

// gnuplot produced the file: it exists and is not empty (a figure that
// failed leaves its output empty).
bool produced(const std::filesystem::path& f) {
  std::error_code ec;
  return std::filesystem::exists(f, ec) && std::filesystem::file_size(f, ec) > 0;
}

bool drawn(const PrivateFolder& scratch, std::size_t i) {
  for (const char* ext : kFormats)
    if (!produced(drawn_file(scratch, i, ext))) return false;
  return true;
}

// Copies each drawn file beside its target, then renames it onto the target:
// the target is whole or old.
FigureOutcome publish(const PrivateFolder& scratch, std::size_t i, const FigureJob& job) {
  FigureOutcome out;
  for (const char* ext : kFormats) {
    const std::filesystem::path target = job.stem.string() + ext;
    const auto from = drawn_file(scratch, i, ext);
    if (!produced(from)) {
      out.error = "gnuplot produced no " + target.string() + " (is gnuplot installed?)";
      return out;
    }
    std::error_code ec;
    const auto tmp = temporary_sibling(target);
    if (!std::filesystem::copy_file(from, tmp, std::filesystem::copy_options::overwrite_existing, ec) || ec) {
      std::filesystem::remove(tmp, ec);
      out.error = "cannot write " + target.string();
      return out;
    }
    try {
      commit_file(tmp, target);
    } catch (const std::exception& e) {
      out.error = e.what();
      return out;
    }
    out.written.push_back(target.filename().string());
  }
  return out;
}

}  // namespace

std::vector<FigureOutcome> render_png_and_svg_all(const std::vector<FigureJob>& jobs) {
  std::vector<FigureOutcome> outcomes(jobs.size());
  if (jobs.empty()) return outcomes;
  for (const auto& job : jobs)
    if (!job.stem.parent_path().empty()) std::filesystem::create_directories(job.stem.parent_path());
  const PrivateFolder scratch;
  std::vector<std::size_t> all(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) all[i] = i;
  draw_in_one_run(scratch, jobs, all);
  // A figure the shared run left undrawn gets a run of its own.
  if (jobs.size() > 1)
    for (std::size_t i = 0; i < jobs.size(); ++i)
      if (!drawn(scratch, i)) draw_in_one_run(scratch, jobs, {i});
  for (std::size_t i = 0; i < jobs.size(); ++i) outcomes[i] = publish(scratch, i, jobs[i]);
  return outcomes;
}

std::vector<std::string> render_png_and_svg(const std::filesystem::path& stem, int width, int height,
                                            const std::function<void(Gnuplot&)>& draw) {
  auto outcome = std::move(render_png_and_svg_all({{stem, width, height, draw}}).front());
  if (!outcome.error.empty()) throw std::runtime_error(outcome.error);
  return std::move(outcome.written);
}

}  // namespace sweepcheck
