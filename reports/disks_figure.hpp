#pragma once
// Seed 000, Fig. 9: the disks' initial and final configurations side by side,
// drawn to scale (circles of radius R), as PNG and SVG written atomically.
#include <filesystem>
#include <string>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

// x0, x1: stacked centres (X_0, ..., X_{N−1}) in the plane. Returns the file names written.
std::vector<std::string> render_disks_figure(const Vec<double>& x0, const Vec<double>& x1, double R,
                                             const std::string& title, const std::filesystem::path& stem);

}  // namespace sweepcheck
