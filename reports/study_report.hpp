#pragma once
// Everything a convergence study writes to its output folder:
// results.csv, summary.json, summary.md, error_vs_h.{png,svg} and
// error_vs_work.{png,svg}. Reads the study value only.
#include <filesystem>
#include <string>
#include <vector>

#include "reports/figure.hpp"
#include "reports/summary.hpp"
#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/solvers/core/work_weights.hpp"

namespace sweepcheck {

// Error vs h per (scheme, parameters): ok runs as connected points, runs whose
// inner solver hit its cap as open circles, diverged runs as crosses on the
// top edge (their error is undefined). Reference slopes 1/2 and 1.
LogLogFigure error_vs_h_figure(const ConvergenceStudy& study, const std::string& title);
// Precision-work: error vs the run's work weighed by `weights`
// (solvers/core/work_weights.hpp), named on the axis. The default is the
// paper's axis, total constraint evaluations: seed 000 plots h divided by the
// average evaluations per step, which is T / (total evaluations), the same
// information with the axis inverted; its precision–work claims are judged on it.
LogLogFigure error_vs_work_figure(const ConvergenceStudy& study, const std::string& title,
                                  const WorkWeights& weights = WorkWeights::paper());

// Writes all files; returns the names of the files written.
std::vector<std::string> write_study_report(const ConvergenceStudy& study, const ReportText& text,
                                            const std::filesystem::path& dir);

}  // namespace sweepcheck
