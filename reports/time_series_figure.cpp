#include "reports/time_series_figure.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "reports/gnuplot_files.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

void plot(Gnuplot& gp, const TimeSeriesFigure& f) {
  gp << "set grid\nset key outside right top\n";
  gp << "set title " << gnuplot_string(f.title) << "\nset xlabel " << gnuplot_string(f.xlabel) << "\nset ylabel "
     << gnuplot_string(f.ylabel) << "\n";
  if (f.log_y) gp << "set logscale y\nset format y '1e%L'\n";
  std::vector<std::string> parts;
  std::vector<std::vector<std::pair<double, double>>> data;
  for (const auto& s : f.series) {
    std::vector<std::pair<double, double>> pts;
    for (const auto& [t, y] : s.points)
      if (std::isfinite(t) && std::isfinite(y) && (!f.log_y || y > 0)) pts.emplace_back(t, y);
    if (pts.empty()) continue;
    parts.push_back(fmt::format("'-' using 1:2 with {} title {}", s.style, gnuplot_string(s.label)));
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
  return render_png_and_svg(stem, 1000, 600, [&](Gnuplot& gp) { plot(gp, figure); });
}

}  // namespace sweepcheck
