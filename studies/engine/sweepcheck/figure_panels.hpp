#pragma once
// What each figure of a result shows, as values: the one definition that
// write_figures (gnuplot, sweepcheck/figures.hpp) and the Python package's
// result.plot() (matplotlib, python/sweepcheck/_plot.py) both draw, so the two
// show the same lines with the same titles (issue 59).
//
//   figures_of(r)   // a ConvergenceResult or a ReferenceFreeResult:
//                   //   error_vs_h:     the errors against h, the fitted line over the fitted range,
//                   //                   the slopes of its interval's ends through the fit's centre,
//                   //                   and the claim's slope
//                   //   local_orders:   the local orders against h, and the claimed order
//                   //   work_precision: the errors against the work (WorkWeights{}) and against seconds
//   figures_of(w)   // a WorkPrecisionSet: work_precision, one line per scheme
//
// A line's points may hold values a log axis cannot show (h <= 0, NaN): the
// drawing leaves them out (figure_point_drawable).
#include <string>
#include <utility>
#include <vector>

namespace sweepcheck {

struct ConvergenceResult;
struct ReferenceFreeResult;
struct WorkPrecisionSet;

// One line of a panel: its points and how it is drawn.
struct FigureLine {
  std::string title;  // user text allowed (scheme names): a drawing quotes it
  std::vector<std::pair<double, double>> points;
  std::string style = "linespoints";  // "lines", "linespoints", "points", "dashed" (a line)
};

struct FigurePanel {
  std::string title, xlabel, ylabel;  // user text allowed
  bool log_x = true, log_y = true;
  std::vector<FigureLine> lines;
};

// A figure: its file stem and its panels, side by side.
struct Figure {
  std::string name;
  std::vector<FigurePanel> panels;
};

bool figure_point_drawable(double x, double y, const FigurePanel& p);

std::vector<Figure> figures_of(const ConvergenceResult& r);
std::vector<Figure> figures_of(const ReferenceFreeResult& r);
std::vector<Figure> figures_of(const WorkPrecisionSet& w);

}  // namespace sweepcheck
