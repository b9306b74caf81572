#include "reports/study_report.hpp"
#include "reports/json_file.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "reports/results_csv.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

std::string group_label(const RunRow& r, bool several_parameter_sets) {
  return several_parameter_sets && !r.parameters.empty() ? r.scheme + " (" + r.parameters + ")" : r.scheme;
}

bool several_parameter_sets(const ConvergenceStudy& s) {
  for (const auto& r : s.rows)
    if (r.parameters != s.rows.front().parameters) return true;
  return false;
}

// Series in order of first appearance; x chosen by the caller.
template <class X>
LogLogFigure grouped(const ConvergenceStudy& study, X x_of, bool with_failures) {
  LogLogFigure f;
  const bool many = several_parameter_sets(study);
  std::vector<std::string> order;
  std::map<std::string, Series> ok, capped, best;
  double top = 0;
  for (const auto& r : study.rows)
    if (std::isfinite(r.error_uniform)) top = std::max(top, r.error_uniform);
  Series diverged{"diverged (drawn at the top edge)", {}, "points pt 2 ps 1.6 lc rgb 'red'"};
  for (const auto& r : study.rows) {
    const std::string label = group_label(r, many);
    if (!ok.count(label)) {
      order.push_back(label);
      ok[label] = Series{label, {}, "linespoints pt 7 ps 0.9"};
      capped[label] = Series{label + ": inner cap hit", {}, "points pt 6 ps 1.4"};
      best[label] = Series{label + " (best grid phase)", {}, "linespoints dt 2 pt 1 ps 0.9"};
    }
    if (r.status == RunStatus::ok) ok[label].points.emplace_back(x_of(r), r.error_uniform);
    // A rung run over grid phases (issue 55) reports its worst phase; the
    // best phase is the band's lower edge (RunRow::error_phase_best).
    if (r.status == RunStatus::ok && r.phases > 1 && std::isfinite(r.error_phase_best))
      best[label].points.emplace_back(x_of(r), r.error_phase_best);
    if (r.status == RunStatus::inner_cap_hit) capped[label].points.emplace_back(x_of(r), r.error_uniform);
    if (r.status == RunStatus::diverged) diverged.points.emplace_back(x_of(r), top > 0 ? 2 * top : 1.0);
  }
  for (const auto& l : order) {
    if (with_failures && !best[l].points.empty()) ok[l].label += " (worst grid phase)";
    f.series.push_back(ok[l]);
    if (with_failures && !best[l].points.empty()) f.series.push_back(best[l]);
    if (with_failures && !capped[l].points.empty()) f.series.push_back(capped[l]);
  }
  if (with_failures && !diverged.points.empty()) f.series.push_back(diverged);
  return f;
}

}  // namespace

LogLogFigure error_vs_h_figure(const ConvergenceStudy& study, const std::string& title) {
  LogLogFigure f = grouped(study, [](const RunRow& r) { return r.h; }, true);
  f.title = title;
  f.xlabel = "step size h";
  f.ylabel = "uniform error sup_t |x_h(t) - x(t)|";
  f.reverse_x = true;
  // Anchor the reference slopes at the geometric middle of the ok data.
  double lx = 0, ly = 0;
  int n = 0;
  for (const auto& r : study.rows)
    if (r.status == RunStatus::ok && r.error_uniform > 0 && std::isfinite(r.error_uniform)) {
      lx += std::log(r.h);
      ly += std::log(r.error_uniform);
      ++n;
    }
  if (n > 0) {
    const double x0 = std::exp(lx / n), y0 = std::exp(ly / n) / 3;
    f.slopes = {{0.5, x0, y0}, {1.0, x0, y0}};
  }
  return f;
}

LogLogFigure error_vs_work_figure(const ConvergenceStudy& study, const std::string& title, const WorkWeights& weights) {
  LogLogFigure f = grouped(
      study, [&weights](const RunRow& r) { return weights.of(r.work); }, false);
  f.title = title;
  const bool paper = weights.describe() == WorkWeights::paper().describe();
  f.xlabel = "work: total " + weights.describe() + (paper ? " (the paper's axis, seed 000 Fig. 8)" : "");
  f.ylabel = "uniform error sup_t |x_h(t) - x(t)|";
  return f;
}

std::vector<std::string> write_study_report(const ConvergenceStudy& study, const ReportText& text,
                                            const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::vector<std::string> written;
  write_results_csv(study.rows, dir / "results.csv");
  written.push_back("results.csv");
  write_file_atomically(dir / "summary.json", json_file_text(summary_json(study)));
  written.push_back("summary.json");
  const std::string title = text.title.empty() ? study.name : text.title;
  std::vector<std::string> figures;
  // Both in one gnuplot run (reports/gnuplot_files.hpp); a figure not drawn throws, as render_figure does.
  for (auto& r : render_figures({{error_vs_h_figure(study, title + ": error vs step size"), dir / "error_vs_h"},
                                 {error_vs_work_figure(study, title + ": precision-work"), dir / "error_vs_work"}})) {
    if (!r.error.empty()) throw std::runtime_error(r.error);
    for (auto& name : r.written) figures.push_back(std::move(name));
  }
  std::vector<std::string> pngs;
  for (const auto& f : figures)
    if (f.ends_with(".png")) pngs.push_back(f);
  write_file_atomically(dir / "summary.md", summary_markdown(study, text, pngs));
  written.push_back("summary.md");
  written.insert(written.end(), figures.begin(), figures.end());
  return written;
}

}  // namespace sweepcheck
