#pragma once
// A figure with linear axes for trajectories x_i(t) (seed 002, Figures 2
// and 3), rendered by gnuplot to PNG and SVG, each written atomically.
// reports/figure.hpp draws log-log convergence figures only.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace sweepcheck {

struct TimeSeries {
  std::string label;
  std::vector<std::pair<double, double>> points;  // (t, value); non-finite values are skipped
  std::string style = "lines lw 2";                // gnuplot "with" clause
};

struct TimeSeriesFigure {
  std::string title;
  std::string xlabel = "t";
  std::string ylabel;
  // Logarithmic y axis: values <= 0 cannot be drawn there and are skipped
  // (say so in the series' label).
  bool log_y = false;
  std::vector<TimeSeries> series;
};

// Writes stem.png and stem.svg; returns their file names. Throws
// std::runtime_error when gnuplot is missing or produced nothing.
std::vector<std::string> render_time_series(const TimeSeriesFigure& figure, const std::filesystem::path& stem);

}  // namespace sweepcheck
