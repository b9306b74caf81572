#include "sweepcheck/work_precision.hpp"

#include "sweepcheck/studies/engine/run_gnuplot.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace sweepcheck {

void WorkPrecisionOptions::validate() const {
  steps.validate();
  if (points_per_step < 1)
    throw std::invalid_argument(fmt::format("WorkPrecisionOptions: points_per_step must be >= 1 (got {})", points_per_step));
  if (!figure.empty()) {
    const auto dir = std::filesystem::path(figure).parent_path();
    if (!dir.empty() && !std::filesystem::is_directory(dir))
      throw std::invalid_argument(
          fmt::format("WorkPrecisionOptions: figure's folder '{}' does not exist (figure = '{}')", dir.string(), figure));
    // The script names its files by the stem's file name, which gnuplot can
    // only be given as text: control characters and invalid UTF-8 cannot be.
    const std::string name = std::filesystem::path(figure).filename().string();
    if (one_line(name) != name)
      throw std::invalid_argument(fmt::format(
          "WorkPrecisionOptions: figure's file name must be UTF-8 text without control characters (figure = '{}')",
          valid_utf8(figure)));
  }
  integrate.validate();
  weights.validate();
}

const WorkPrecisionSeries& WorkPrecisionSet::of(const std::string& scheme) const {
  for (const auto& s : series)
    if (s.scheme == scheme) return s;
  throw std::invalid_argument(fmt::format("WorkPrecisionSet: no scheme named '{}'", scheme));
}

const MatchedWork& WorkPrecisionSet::against_baseline_named(const std::string& scheme) const {
  for (const auto& m : matched)
    if (m.scheme == scheme) return m;
  throw std::invalid_argument(fmt::format("WorkPrecisionSet: no comparison of '{}' with the baseline", scheme));
}

namespace {

bool plotted(const RunRow& r, const WorkWeights& weights) {
  return r.status == RunStatus::ok && r.error_uniform > 0 && weights.of(r.work) > 0;
}

}  // namespace

std::vector<MatchedWork> matched_work(const std::vector<WorkPrecisionSeries>& series, const WorkWeights& weights) {
  std::vector<MatchedWork> out;
  if (series.empty()) return out;
  // The baseline's runs as (log work, log error), ordered by work.
  std::vector<std::pair<double, double>> base;
  for (const auto& r : series[0].rows)
    if (plotted(r, weights)) base.emplace_back(std::log(weights.of(r.work)), std::log(r.error_uniform));
  std::sort(base.begin(), base.end());
  auto base_at = [&](double lw) {
    for (std::size_t i = 1; i < base.size(); ++i)
      if (base[i - 1].first <= lw && lw <= base[i].first) {
        const double s = (lw - base[i - 1].first) / std::max(1e-300, base[i].first - base[i - 1].first);
        return base[i - 1].second + s * (base[i].second - base[i - 1].second);
      }
    return std::nan("");
  };
  for (std::size_t k = 1; k < series.size(); ++k) {
    MatchedWork m;
    m.scheme = series[k].scheme;
    m.baseline = series[0].scheme;
    for (const auto& r : series[k].rows) {
      if (!plotted(r, weights)) continue;
      const double e = base_at(std::log(weights.of(r.work)));
      if (!std::isfinite(e)) {
        ++m.outside;
        continue;
      }
      ++m.compared;
      const double ratio = std::exp(e) / r.error_uniform;
      if (ratio >= 1 - kMatchedWorkRoundOff) ++m.as_accurate;
      if (std::abs(ratio - 1) <= kMatchedWorkRoundOff) ++m.tied;
      m.min_ratio = std::isnan(m.min_ratio) ? ratio : std::min(m.min_ratio, ratio);
      m.max_ratio = std::isnan(m.max_ratio) ? ratio : std::max(m.max_ratio, ratio);
    }
    out.push_back(m);
  }
  return out;
}

std::vector<std::string> write_work_precision_figure(const WorkPrecisionSet& w, const std::string& stem) {
  const std::string dat = stem + ".dat", gp = stem + ".gp";
  {
    std::ofstream d(dat);
    if (!d) throw std::runtime_error("compare_work_precision: cannot write " + dat);
    d << "# work precision of " << one_line(w.problem) << ": one block per scheme (gnuplot index)\n";
    for (const auto& s : w.series) {
      d << "# " << one_line(s.scheme) << "\n# h work (" << w.weights.describe() << ") error_uniform error_final seconds\n";
      for (const auto& r : s.rows)
        if (plotted(r, w.weights))
          d << fmt::format("{:.17g} {:.17g} {:.17g} {:.17g} {:.6g}\n", r.h, w.weights.of(r.work), r.error_uniform,
                           r.error_final, r.wall_seconds);
      d << "\n\n";
    }
    if (!d) throw std::runtime_error("compare_work_precision: cannot write " + dat);
  }
  const std::string name = std::filesystem::path(stem).filename().string();
  {
    std::ofstream g(gp);
    if (!g) throw std::runtime_error("compare_work_precision: cannot write " + gp);
    // Run from the stem's folder: `gnuplot stem.gp` writes stem.png and stem.svg beside it.
    // Every name reaches gnuplot as a single-quoted literal (text_quoting.hpp).
    g << "# gnuplot " << one_line(name) << ".gp (from its folder): " << one_line(name) << ".png and "
      << one_line(name) << ".svg\n";
    g << "set logscale xy\nset format xy '10^{%L}'\nset grid\nset key top right\n";
    g << "set title " << gnuplot_quote("work precision: " + w.problem) << " noenhanced\n";
    g << "set xlabel " << gnuplot_quote("work: " + w.weights.describe()) << "\n";
    g << "set ylabel 'uniform error'\n";
    std::string plot = "plot ";
    for (std::size_t i = 0; i < w.series.size(); ++i)
      plot += fmt::format("{}{} index {} using 2:3 with linespoints title {} noenhanced", i ? ", " : "",
                          gnuplot_quote(name + ".dat"), i, gnuplot_quote(w.series[i].scheme));
    g << "set terminal pngcairo size 800,600\nset output " << gnuplot_quote(name + ".png") << "\n" << plot << "\n";
    g << "set terminal svg size 800,600\nset output " << gnuplot_quote(name + ".svg") << "\n" << plot
      << "\nunset output\n";
    if (!g) throw std::runtime_error("compare_work_precision: cannot write " + gp);
  }
  std::vector<std::string> files{dat, gp};
  auto dir = std::filesystem::path(stem).parent_path();
  if (dir.empty()) dir = ".";
  // No shell: gnuplot gets the script's name as its argument, in its folder.
  if (run_gnuplot_script(dir, name + ".gp"))
    for (const char* ext : {".png", ".svg"}) {
      const std::string f = stem + ext;
      if (std::filesystem::exists(f) && std::filesystem::file_size(f) > 0) files.push_back(f);
    }
  return files;
}

std::string MatchedWork::summary() const {
  return fmt::format("{} against {} at matched work: as accurate at {}/{} runs{}, error ratio (baseline / scheme) "
                     "{:.3g} to {:.3g}; {} outside the baseline's work range",
                     scheme, baseline, as_accurate, compared,
                     tied > 0 ? fmt::format(" ({} tied to round-off, within {:g})", tied, kMatchedWorkRoundOff) : "",
                     min_ratio, max_ratio, outside);
}

std::string WorkPrecisionSet::summary() const {
  std::string s = fmt::format("work precision on {}, work = {}:", problem, weights.describe());
  if (matched.empty()) s += " no comparison";
  for (std::size_t i = 0; i < matched.size(); ++i)
    s += fmt::format("{} {} as accurate as {} at {}/{} runs", i ? ";" : "", matched[i].scheme, matched[i].baseline,
                     matched[i].as_accurate, matched[i].compared);
  return s;
}

std::string describe(const WorkPrecisionSet& w) {
  std::string s = fmt::format("work precision on {} ({} schemes); work = {}\n", w.problem, w.series.size(),
                              w.weights.describe());
  s += fmt::format("  {:<24} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>10}\n", "scheme", "h", "work",
                   "f evals", "constr evals", "inner iter", "error", "final error", "seconds");
  for (const auto& se : w.series)
    for (const auto& r : se.rows)
      s += fmt::format("  {:<24} {:>12.6g} {:>12.6g} {:>12} {:>12} {:>12} {:>12.6g} {:>12.6g} {:>10.3g} {}\n", se.scheme,
                       r.h, w.weights.of(r.work), r.work.field_evaluations, r.work.constraint_evaluations,
                       r.work.inner_iterations, r.error_uniform, r.error_final, r.wall_seconds, to_string(r.status));
  for (const auto& m : w.matched) s += "  " + m.summary() + "\n";
  return s;
}

std::ostream& operator<<(std::ostream& os, const WorkPrecisionSet& w) { return os << describe(w); }

}  // namespace sweepcheck
