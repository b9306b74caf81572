#pragma once
// Every figure is rendered the same way: PNG (pngcairo) and SVG, drawn into a
// private temporary folder (gnuplot is never told a path the user chose),
// then copied to a temporary sibling and renamed onto stem.png / stem.svg
// only when gnuplot produced a non-empty file.
//
// One gnuplot run draws all the figures of a report, each format from
// `reset session` (the settings of a fresh gnuplot). A run's start-up,
// mostly loading cairo, pango and the fonts, cost more than drawing a small
// figure: 83 ms a run against about 3 ms a figure in a shared run, measured
// (10 PNG figures, one run each or one run in all); an audit's 5 figures in
// both formats took 10 runs. gnuplot reading commands from a pipe goes on
// after an error, so a figure that fails leaves an empty file and the others
// are drawn; a figure the shared run did not produce is drawn again in a run
// of its own, so each figure's outcome is the one its own run gives.
#include <gnuplot-iostream.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "reports/figure_outcome.hpp"

namespace sweepcheck {

// `draw` sends the plot commands and data after the terminal and output are
// set; the output is closed after it returns. Returns the file names written.
// Throws std::runtime_error when gnuplot is missing or produced nothing.
std::vector<std::string> render_png_and_svg(const std::filesystem::path& stem, int width, int height,
                                            const std::function<void(Gnuplot&)>& draw);

// One figure of a batch: stem.png and stem.svg, width x height pixels, drawn by `draw` (as above).
struct FigureJob {
  std::filesystem::path stem;
  int width = 0, height = 0;
  std::function<void(Gnuplot&)> draw;
};

// The figures of `jobs` in one gnuplot run (above); one outcome per job, in
// order (reports/figure_outcome.hpp).
std::vector<FigureOutcome> render_png_and_svg_all(const std::vector<FigureJob>& jobs);

// A gnuplot string literal that gnuplot reads only as text, whatever `s`
// holds (studies/engine/text_quoting.hpp: single quotes, no expansion).
std::string gnuplot_string(const std::string& s);

}  // namespace sweepcheck
