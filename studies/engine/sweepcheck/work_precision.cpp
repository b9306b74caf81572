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
    const bool control = std::any_of(name.begin(), name.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x20 || c == 0x7F;
    });
    if (control || valid_utf8(name) != name)
      throw std::invalid_argument(fmt::format(
          "WorkPrecisionOptions: figure's file name must be UTF-8 text without control characters (figure = '{}')",
          valid_utf8(figure)));
  }
  integrate.validate();
}

const WorkPrecisionSeries& WorkPrecisionSet::of(const std::string& scheme) const {
  for (const auto& s : series)
    if (s.scheme == scheme) return s;
  throw std::invalid_argument(fmt::format("WorkPrecisionSet: no scheme named '{}'", scheme));
}

const MatchedWork& WorkPrecisionSet::against_baseline(const std::string& scheme) const {
  for (const auto& m : matched)
    if (m.scheme == scheme) return m;
  throw std::invalid_argument(fmt::format("WorkPrecisionSet: no comparison of '{}' with the baseline", scheme));
}

namespace {

bool plotted(const RunRow& r) { return r.status == RunStatus::ok && r.error_uniform > 0 && r.work_units() > 0; }

}  // namespace

std::vector<MatchedWork> matched_work(const std::vector<WorkPrecisionSeries>& series) {
  std::vector<MatchedWork> out;
  if (series.empty()) return out;
  // The baseline's runs as (log work, log error), ordered by work.
  std::vector<std::pair<double, double>> base;
  for (const auto& r : series[0].rows)
    if (plotted(r)) base.emplace_back(std::log(r.work_units()), std::log(r.error_uniform));
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
      if (!plotted(r)) continue;
      const double e = base_at(std::log(r.work_units()));
      if (!std::isfinite(e)) {
        ++m.outside;
        continue;
      }
      ++m.compared;
      const double ratio = std::exp(e) / r.error_uniform;
      if (ratio >= 1) ++m.as_accurate;
      m.min_ratio = std::isnan(m.min_ratio) ? ratio : std::min(m.min_ratio, ratio);
      m.max_ratio = std::isnan(m.max_ratio) ? ratio : std::max(m.max_ratio, ratio);
    }
    out.push_back(m);
  }
  return out;
}

namespace {

// A name on one line of the data file's comments: no control character.
std::string one_line(const std::string& s) {
  std::string out = valid_utf8(s);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

}  // namespace

std::vector<std::string> write_work_precision_figure(const WorkPrecisionSet& w, const std::string& stem) {
  const std::string dat = stem + ".dat", gp = stem + ".gp";
  {
    std::ofstream d(dat);
    if (!d) throw std::runtime_error("compare_work_precision: cannot write " + dat);
    d << "# work precision of " << one_line(w.problem) << ": one block per scheme (gnuplot index)\n";
    for (const auto& s : w.series) {
      d << "# " << one_line(s.scheme) << "\n# h work_units error_uniform error_final seconds\n";
      for (const auto& r : s.rows)
        if (plotted(r))
          d << fmt::format("{:.17g} {:.17g} {:.17g} {:.17g} {:.6g}\n", r.h, r.work_units(), r.error_uniform,
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
    g << "set xlabel 'work units (steps + constraint evaluations + inner iterations)'\n";
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

std::string describe(const WorkPrecisionSet& w) {
  std::string s = fmt::format("work precision on {} ({} schemes)\n", w.problem, w.series.size());
  s += fmt::format("  {:<24} {:>12} {:>14} {:>14} {:>14}\n", "scheme", "h", "work units", "error", "final error");
  for (const auto& se : w.series)
    for (const auto& r : se.rows)
      s += fmt::format("  {:<24} {:>12.6g} {:>14.6g} {:>14.6g} {:>14.6g} {}\n", se.scheme, r.h, r.work_units(),
                       r.error_uniform, r.error_final, to_string(r.status));
  for (const auto& m : w.matched)
    s += fmt::format("  {} against {} at matched work: as accurate at {}/{} runs, error ratio (baseline / scheme) "
                     "{:.3g} to {:.3g}; {} outside the baseline's work range\n",
                     m.scheme, m.baseline, m.as_accurate, m.compared, m.min_ratio, m.max_ratio, m.outside);
  return s;
}

std::ostream& operator<<(std::ostream& os, const WorkPrecisionSet& w) { return os << describe(w); }

}  // namespace sweepcheck
