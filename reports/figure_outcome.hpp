#pragma once
// What became of one figure drawn in a batch (reports/gnuplot_files.hpp,
// reports/figure.hpp): the file names written, or why they were not.
#include <string>
#include <vector>

namespace sweepcheck {

struct FigureOutcome {
  std::vector<std::string> written;
  std::string error;  // empty when stem.png and stem.svg were written; else render_png_and_svg's message
};

}  // namespace sweepcheck
