#pragma once
// The figures of every result, as DiffEqDevTools' plot recipes draw them
// (src/plotrecipes.jl), written on request into a folder with gnuplot,
// installed as <sweepcheck/figures.hpp>:
//
//   r.write_figures("out");   // a ConvergenceResult or a ReferenceFreeResult:
//                             //   error_vs_h:     the errors against h, the fitted line and the claim's slope
//                             //   local_orders:   the local orders against h, and the claimed order
//                             //   work_precision: the errors against the work (WorkWeights{}: f +
//                             //     constraint evaluations + inner iterations) and against seconds
//   w.write_figures("out");   // a WorkPrecisionSet: work_precision, one line per scheme, against the
//                             //   weighed work (its weights in the label) and against seconds
//
// Each figure is NAME.dat (the numbers, one gnuplot index per line drawn) and
// NAME.gp (the script, run from its folder), and NAME.png and NAME.svg when
// gnuplot is on the PATH; the functions return the files written (never
// an image gnuplot did not make). The folder must exist (std::invalid_argument
// otherwise); a file that cannot be written is a std::runtime_error.
//
// Safety: gnuplot is spawned with an argument vector, never through a shell
// (run_gnuplot_script, studies/engine/run_gnuplot.hpp), and every string that
// comes from the user (problem and scheme names, observables) enters the
// script as a single-quoted gnuplot literal (gnuplot_quote,
// studies/engine/text_quoting.hpp): it expands neither backquotes nor
// escapes, and a name cannot end it or start a new line.
#include <string>
#include <vector>

namespace sweepcheck {

struct ConvergenceResult;
struct ReferenceFreeResult;
struct WorkPrecisionSet;

std::vector<std::string> write_figures(const ConvergenceResult& r, const std::string& dir);
std::vector<std::string> write_figures(const ReferenceFreeResult& r, const std::string& dir);
std::vector<std::string> write_figures(const WorkPrecisionSet& w, const std::string& dir);


}  // namespace sweepcheck
