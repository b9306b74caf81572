#pragma once
// Every figure is rendered the same way: one gnuplot run per format, PNG
// (pngcairo) and SVG, drawn into a private temporary folder (gnuplot is
// never told a path the user chose), then copied to a temporary sibling and
// renamed onto stem.png / stem.svg only when gnuplot produced a non-empty file.
#include <gnuplot-iostream.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace sweepcheck {

// `draw` sends the plot commands and data after the terminal and output are
// set; the output is closed after it returns. Returns the file names written.
// Throws std::runtime_error when gnuplot is missing or produced nothing.
std::vector<std::string> render_png_and_svg(const std::filesystem::path& stem, int width, int height,
                                            const std::function<void(Gnuplot&)>& draw);

// A gnuplot string literal that gnuplot reads only as text, whatever `s`
// holds (studies/engine/text_quoting.hpp: single quotes, no expansion).
std::string gnuplot_string(const std::string& s);

}  // namespace sweepcheck
