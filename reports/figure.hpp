#pragma once
// A log-log figure rendered by gnuplot (through gnuplot-iostream) to PNG and
// SVG. Figures are values too: a study builds a LogLogFigure from its rows,
// then render_figure writes both files atomically.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "reports/figure_outcome.hpp"

namespace sweepcheck {

struct Series {
  std::string label;
  std::vector<std::pair<double, double>> points;  // (x, y), non-positive values are skipped
  std::string style = "linespoints pt 7 ps 0.9";    // gnuplot "with" clause
};

struct ReferenceSlope {
  double order;
  double x, y;  // the line y = y0 (x / x0)^order passes through (x0, y0)
};

struct LogLogFigure {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  std::vector<Series> series;
  std::vector<ReferenceSlope> slopes;
  bool reverse_x = false;  // decreasing x to the right (step size axes)
};

// Writes stem.png and stem.svg; returns their file names. Throws
// std::runtime_error when gnuplot is missing or produced nothing.
std::vector<std::string> render_figure(const LogLogFigure& figure, const std::filesystem::path& stem);

// Each (figure, stem) as render_figure would, in one gnuplot run for all
// (reports/gnuplot_files.hpp says why); never throws for a figure gnuplot
// could not draw: its error says why.
std::vector<FigureOutcome> render_figures(const std::vector<std::pair<LogLogFigure, std::filesystem::path>>& figures);

}  // namespace sweepcheck
