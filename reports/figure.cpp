#include "reports/figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reports/gnuplot_files.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

std::vector<std::pair<double, double>> positive(const std::vector<std::pair<double, double>>& pts) {
  std::vector<std::pair<double, double>> out;
  for (const auto& [x, y] : pts)
    if (x > 0 && y > 0 && std::isfinite(x) && std::isfinite(y)) out.emplace_back(x, y);
  return out;
}

void plot(Gnuplot& gp, const LogLogFigure& f) {
  gp << "set logscale xy\nset format x '1e%L'\nset format y '1e%L'\n";
  // Long labels (a parameter set, a grid-phase band) beside the plot would
  // squeeze it to a strip: they go below it.
  std::size_t longest = 0;
  for (const auto& s : f.series) longest = std::max(longest, s.label.size());
  gp << "set grid\n" << (longest > 30 ? "set key outside below\n" : "set key outside right top\n");
  gp << "set title " << gnuplot_string(f.title) << "\n";
  gp << "set xlabel " << gnuplot_string(f.xlabel) << "\nset ylabel " << gnuplot_string(f.ylabel) << "\n";
  if (f.reverse_x) gp << "set xrange [*:*] reverse\n";
  std::vector<std::string> parts;
  std::vector<std::vector<std::pair<double, double>>> data;
  for (const auto& s : f.series) {
    auto pts = positive(s.points);
    if (pts.empty()) continue;
    parts.push_back(fmt::format("'-' using 1:2 with {} title {}", s.style, gnuplot_string(s.label)));
    data.push_back(std::move(pts));
  }
  int dash = 2;
  for (const auto& r : f.slopes) {
    // A reference slope through a non-finite or non-positive point (a failed
    // run) cannot be drawn on log axes; gnuplot would reject the whole plot.
    if (!(std::isfinite(r.order) && r.x > 0 && r.y > 0 && std::isfinite(r.x) && std::isfinite(r.y))) continue;
    parts.push_back(fmt::format("{:.17g}*(x/{:.17g})**{:.17g} with lines dt {} lc rgb 'gray40' title \"slope {}\"", r.y,
                                r.x, r.order, dash++, r.order));
  }
  if (parts.empty()) {
    gp << "set label 1 'no data' at graph 0.5, graph 0.5 center\nplot [1:10] [1:10] NaN notitle\n";
    return;
  }
  gp << "plot ";
  for (std::size_t i = 0; i < parts.size(); ++i) gp << (i ? ", " : "") << parts[i];
  gp << "\n";
  for (const auto& d : data) gp.send1d(d);
}

}  // namespace

std::vector<std::string> render_figure(const LogLogFigure& figure, const std::filesystem::path& stem) {
  return render_png_and_svg(stem, 1000, 700, [&](Gnuplot& gp) { plot(gp, figure); });
}

std::vector<FigureOutcome> render_figures(const std::vector<std::pair<LogLogFigure, std::filesystem::path>>& figures) {
  std::vector<FigureJob> jobs;
  for (const auto& [figure, stem] : figures)
    jobs.push_back({stem, 1000, 700, [&figure = figure](Gnuplot& gp) { plot(gp, figure); }});
  return render_png_and_svg_all(jobs);
}

}  // namespace sweepcheck
