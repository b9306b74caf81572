#include "reports/time_series_figure.hpp"

#include <fmt/format.h>

#include <cmath>
#include <gnuplot-iostream.h>
#include <stdexcept>

#include "solvers/atomic_file.hpp"

namespace sweepcheck {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void plot(Gnuplot& gp, const TimeSeriesFigure& f) {
  gp << "set grid\nset key outside right top\n";
  gp << "set title " << quoted(f.title) << "\nset xlabel " << quoted(f.xlabel) << "\nset ylabel " << quoted(f.ylabel) << "\n";
  std::vector<std::string> parts;
  std::vector<std::vector<std::pair<double, double>>> data;
  for (const auto& s : f.series) {
    std::vector<std::pair<double, double>> pts;
    for (const auto& [t, y] : s.points)
      if (std::isfinite(t) && std::isfinite(y)) pts.emplace_back(t, y);
    if (pts.empty()) continue;
    parts.push_back(fmt::format("'-' using 1:2 with {} title {}", s.style, quoted(s.label)));
    data.push_back(std::move(pts));
  }
  if (parts.empty()) {
    gp << "set label 1 'no data' at graph 0.5, graph 0.5 center\nplot [0:1] [0:1] NaN notitle\n";
    return;
  }
  gp << "plot ";
  for (std::size_t i = 0; i < parts.size(); ++i) gp << (i ? ", " : "") << parts[i];
  gp << "\n";
  for (const auto& d : data) gp.send1d(d);
}

}  // namespace

std::vector<std::string> render_time_series(const TimeSeriesFigure& figure, const std::filesystem::path& stem) {
  std::filesystem::create_directories(stem.parent_path());
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {".png", "pngcairo size 1000,600 noenhanced font 'sans,11'"},
      {".svg", "svg size 1000,600 dynamic noenhanced font 'sans,11'"}};
  std::vector<std::string> written;
  for (const auto& [ext, terminal] : outputs) {
    const std::filesystem::path target = stem.string() + ext;
    const auto tmp = temporary_sibling(target);
    {
      Gnuplot gp("gnuplot");
      gp << "set terminal " << terminal << "\nset output " << quoted(tmp.string()) << "\n";
      plot(gp, figure);
      gp << "unset output\nexit\n";
    }  // the destructor waits for gnuplot
    std::error_code ec;
    if (!std::filesystem::exists(tmp, ec) || std::filesystem::file_size(tmp, ec) == 0)
      throw std::runtime_error("gnuplot produced no " + target.string() + " (is gnuplot installed?)");
    commit_file(tmp, target);
    written.push_back(target.filename().string());
  }
  return written;
}

}  // namespace sweepcheck
