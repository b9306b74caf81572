#pragma once
// The crowd study's output folder: results.csv, summary.json, summary.md,
// error_vs_h and error_vs_work (error (24) of seed 001), and pictures of the
// crowd (disks, walls, door) at a few times, all as PNG + SVG written
// atomically.
#include <filesystem>
#include <string>
#include <vector>

#include "reports/summary.hpp"
#include "studies/cases/crowd_study.hpp"

namespace sweepcheck {

// Draws the disks of state x in the room of `crowd`; writes stem.png and stem.svg.
std::vector<std::string> render_crowd_picture(const Vec<double>& x, const CrowdOptions& crowd, const std::string& title,
                                              const std::filesystem::path& stem);

std::vector<std::string> write_crowd_report(const CrowdStudy& study, const CrowdOptions& crowd, const ReportText& text,
                                            const std::filesystem::path& dir);

}  // namespace sweepcheck
