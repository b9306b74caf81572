#include "sweepcheck/figures.hpp"
#include "sweepcheck/figure_panels.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <utility>

#include "sweepcheck/convergence_result.hpp"
#include "sweepcheck/reference_free_check.hpp"
#include "sweepcheck/work_precision.hpp"
#include "sweepcheck/studies/engine/run_gnuplot.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"

namespace sweepcheck {


// Named (a unity build puts this file beside the others of the engine).
namespace figures_detail {


// What a figure shows: sweepcheck/figure_panels.hpp (user text in titles always quoted here).
using Line = FigureLine;
using Panel = FigurePanel;

bool drawable(double x, double y, const Panel& p) { return figure_point_drawable(x, y, p); }

// A comment line in a .dat file: no control character may end it early.
std::string comment(std::string_view s) { return "# " + one_line(s) + "\n"; }

void check_folder(const std::string& dir) {
  if (dir.empty() || !std::filesystem::is_directory(dir))
    throw std::invalid_argument(fmt::format("write_figures: the folder '{}' does not exist", dir));
}

// Writes dir/name.dat and dir/name.gp for `panels` (side by side) and renders
// name.png and name.svg with gnuplot when it is there; returns the files written.
std::vector<std::string> write_figure(const std::string& dir, const std::string& name, const std::vector<Panel>& panels) {
  const auto base = std::filesystem::path(dir) / name;
  const std::string dat = base.string() + ".dat", gp = base.string() + ".gp";
  std::string data, plots;
  int index = 0;
  for (const auto& p : panels) {
    std::string plot;
    for (const auto& l : p.lines) {
      std::string block;
      for (const auto& [x, y] : l.points)
        if (drawable(x, y, p)) block += fmt::format("{:.17g} {:.17g}\n", x, y);
      if (block.empty()) continue;  // gnuplot refuses an empty index
      data += comment(p.title + ": " + l.title) + block + "\n\n";
      plot += fmt::format("{}'{}.dat' index {} using 1:2 with {} title {}", plot.empty() ? "plot " : ", ", name,
                          index++, l.style == "dashed" ? "lines dashtype 2" : l.style, gnuplot_quote(l.title));
    }
    std::string head = fmt::format("set title {}\nset xlabel {}\nset ylabel {}\n", gnuplot_quote(p.title),
                                   gnuplot_quote(p.xlabel), gnuplot_quote(p.ylabel));
    head += p.log_x ? "set logscale x\n" : "unset logscale x\n";
    // A linear y (orders) gets a margin, so a line at the claimed order is not hidden by the frame.
    head += p.log_y ? "set logscale y\nset offsets 0, 0, 0, 0\n" : "unset logscale y\nset offsets 0, 0, graph 0.1, graph 0.1\n";
    // A panel with nothing to draw keeps its place, empty.
    plots += head + (plot.empty() ? "set key off\nplot [1:2] NaN notitle\nset key on\n" : plot + "\n");
  }
  {
    std::ofstream d(dat);
    d << data;
    if (!d) throw std::runtime_error("write_figures: cannot write " + dat);
  }
  {
    std::ofstream g(gp);
    const std::string layout =
        panels.size() > 1 ? fmt::format("set multiplot layout 1,{}\n", panels.size()) : std::string();
    const std::string end = panels.size() > 1 ? "unset multiplot\n" : "";
    const int width = 640 * int(panels.size());
    g << "# gnuplot " << name << ".gp (from its folder): " << name << ".png and " << name << ".svg\n";
    g << "set grid\nset key top left\nset format x '%g'\nset format y '%g'\n";
    g << fmt::format("set terminal pngcairo noenhanced size {},480\nset output '{}.png'\n", width, name) << layout
      << plots << end;
    g << fmt::format("set terminal svg noenhanced size {},480\nset output '{}.svg'\n", width, name) << layout << plots
      << end << "unset output\n";
    if (!g) throw std::runtime_error("write_figures: cannot write " + gp);
  }
  std::vector<std::string> files{dat, gp};
  if (run_gnuplot_script(dir, name + ".gp"))
    for (const char* ext : {".png", ".svg"}) {
      const std::string f = base.string() + ext;
      std::error_code ec;
      if (std::filesystem::exists(f, ec) && std::filesystem::file_size(f, ec) > 0) files.push_back(f);
    }
  return files;
}

std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The claim's slope C h^p, through the finest drawable point of `points`,
// over the points' h range.
Line claim_slope(const std::vector<std::pair<double, double>>& points, double p, const std::string& title) {
  Line l{title, {}, "lines"};
  double h_f = NAN, e_f = NAN, h_c = NAN;
  for (const auto& [h, e] : points)
    if (std::isfinite(h) && h > 0 && std::isfinite(e) && e > 0) {
      if (std::isnan(h_f) || h < h_f) h_f = h, e_f = e;
      if (std::isnan(h_c) || h > h_c) h_c = h;
    }
  if (std::isfinite(p) && std::isfinite(h_f) && h_c > h_f)
    l.points = {{h_f, e_f}, {h_c, e_f * std::pow(h_c / h_f, p)}};
  return l;
}

// The work–precision panels of one scheme's rows: error against `work` and against seconds.
std::vector<Panel> work_precision_panels(const std::string& title, const std::vector<RunRow>& rows,
                                         const std::string& work_label, const auto& work_of,
                                         const std::string& line_title) {
  Panel by_work{title, work_label, "uniform error", true, true, {}};
  Panel by_seconds{title, "seconds (this machine, this load)", "uniform error", true, true, {}};
  Line w{line_title, {}, "linespoints"}, s{line_title, {}, "linespoints"};
  for (const auto& r : rows)
    if (r.status == RunStatus::ok) {
      w.points.emplace_back(work_of(r), r.error_uniform);
      s.points.emplace_back(r.wall_seconds, r.error_uniform);
    }
  by_work.lines.push_back(std::move(w));
  by_seconds.lines.push_back(std::move(s));
  return {by_work, by_seconds};
}

// The claimed order as a level line across the h range of the panel's
// first line (the local orders); nothing when no order is claimed.
void add_claim_level(Panel& lo, double claimed) {
  if (!std::isfinite(claimed) || lo.lines.empty() || lo.lines.front().points.empty()) return;
  const auto& pts = lo.lines.front().points;
  double a = pts.front().first, b = a;
  for (const auto& pt : pts) a = std::min(a, pt.first), b = std::max(b, pt.first);
  lo.lines.push_back({fmt::format("claim: {:g}", claimed), {{a, claimed}, {b, claimed}}, "lines"});
}

// A result's three figures: error_vs_h, local_orders, and work_precision with
// the default weights.
std::vector<Figure> result_figures(const Panel& e, const Panel& lo, const std::string& what,
                                   const std::vector<RunRow>& rows, const std::string& scheme) {
  return {{"error_vs_h", {e}},
          {"local_orders", {lo}},
          {"work_precision", work_precision_panels(what + ": work precision", rows, "work: " + WorkWeights{}.describe(),
                                                   [](const RunRow& row) { return WorkWeights{}.of(row.work); },
                                                   scheme)}};
}

std::vector<std::string> write_all(const std::string& dir, const std::vector<Figure>& figures) {
  check_folder(dir);
  std::vector<std::string> files;
  for (const auto& f : figures) files = join(std::move(files), write_figure(dir, f.name, f.panels));
  return files;
}

// The slopes of the interval's ends, [ci_low, ci_high], through the fitted
// line's centre (log-mean h of the fitted range): the fan the claim must lie in.
void add_interval(Panel& e, const OrderFit& f) {
  if (!(std::isfinite(f.ci_low) && std::isfinite(f.ci_high) && std::isfinite(f.intercept) && f.h_min > 0 &&
        f.h_max > f.h_min))
    return;
  const double lc = 0.5 * (std::log(f.h_min) + std::log(f.h_max));
  const double ec = f.intercept + f.order * lc;
  for (const double p : {f.ci_low, f.ci_high}) {
    Line l{fmt::format("interval: slope {:.3f}", p), {}, "dashed"};
    for (const double h : {f.h_min, f.h_max}) l.points.emplace_back(h, std::exp(ec + p * (std::log(h) - lc)));
    e.lines.push_back(std::move(l));
  }
}

}  // namespace figures_detail

using namespace figures_detail;

bool figure_point_drawable(double x, double y, const FigurePanel& p) {
  return std::isfinite(x) && std::isfinite(y) && (!p.log_x || x > 0) && (!p.log_y || y > 0);
}

std::vector<Figure> figures_of(const ConvergenceResult& r) {
  const std::string what = r.scheme + " on " + r.problem;
  const NormFit& judged = r.norm(r.refined_for);
  // Error against h: the errors, the fitted line over the fitted range, the claim's slope.
  Panel e{what + ": " + r.refined_for + " error against h", "h", r.refined_for + " error", true, true, {}};
  Line errors{"errors", {}, "points"};
  for (std::size_t i = 0; i < r.rows.size() && i < judged.errors.size(); ++i)
    if (r.rows[i].status == RunStatus::ok) errors.points.emplace_back(r.rows[i].h, judged.errors[i]);
  // Over grid phases a rung's uniform error is its worst phase's; the best
  // phase's is the band's lower edge (issue 55: RunRow::error_phase_best).
  Line best{"best grid phase (band: best to worst)", {}, "points"};
  if (r.refined_for == "uniform")
    for (const auto& row : r.rows)
      if (row.status == RunStatus::ok && row.phases > 1 && std::isfinite(row.error_phase_best))
        best.points.emplace_back(row.h, row.error_phase_best);
  if (!best.points.empty()) errors.title = "errors (worst grid phase)";
  e.lines.push_back(errors);
  if (!best.points.empty()) e.lines.push_back(best);
  const OrderFit& f = r.fit;
  Line fit{fmt::format("fit: order {:.3f}", f.order), {}, "lines"};
  if (std::isfinite(f.order) && std::isfinite(f.intercept) && f.h_min > 0 && f.h_max > f.h_min)
    for (const double h : {f.h_min, f.h_max}) fit.points.emplace_back(h, std::exp(f.intercept + f.order * std::log(h)));
  e.lines.push_back(fit);
  add_interval(e, f);
  const double claimed = r.claim.claimed_order();
  e.lines.push_back(claim_slope(errors.points, claimed, fmt::format("claim: slope {:g}", claimed)));
  // Local orders against h (the smaller h of each pair) and the claimed order.
  Panel lo{what + ": local orders", "h", "local order", true, false, {}};
  Line orders{"local orders", {}, "linespoints"};
  for (const auto& l : f.local_orders) orders.points.emplace_back(l.h_small, l.order);
  lo.lines.push_back(orders);
  add_claim_level(lo, claimed);
  return result_figures(e, lo, what, r.rows, r.scheme);
}

std::vector<Figure> figures_of(const ReferenceFreeResult& r) {
  const std::string what = r.scheme + " on " + r.problem + " (reference-free)";
  Panel e{what + ": distance to the next finer run against h", "h", "distance to the next finer run", true, true, {}};
  Line d{"distances", {}, "points"};
  for (const auto& row : r.rows) d.points.emplace_back(row.h, row.error_uniform);
  e.lines.push_back(d);
  e.lines.push_back(claim_slope(d.points, r.fit.order, fmt::format("fit: order {:.3f}", r.fit.order)));
  const double claimed = r.claim.claimed_order();
  e.lines.push_back(claim_slope(d.points, claimed, fmt::format("claim: slope {:g}", claimed)));
  Panel lo{what + ": order of each triple", "h (finest of the triple)", "order", true, false, {}};
  Line orders{"triple orders", {}, "linespoints"};
  for (const auto& t : r.estimate.triples) orders.points.emplace_back(t.h_fine, t.order);
  lo.lines.push_back(orders);
  add_claim_level(lo, claimed);
  return result_figures(e, lo, what, r.rows, r.scheme);
}

std::vector<Figure> figures_of(const WorkPrecisionSet& w) {
  Panel by_work{"work precision on " + w.problem, "work: " + w.weights.describe(), "uniform error", true, true, {}};
  Panel by_seconds{"work precision on " + w.problem, "seconds (this machine, this load)", "uniform error", true, true, {}};
  for (const auto& s : w.series) {
    Line a{s.scheme, {}, "linespoints"}, b{s.scheme, {}, "linespoints"};
    for (const auto& r : s.rows)
      if (r.status == RunStatus::ok) {
        a.points.emplace_back(w.weights.of(r.work), r.error_uniform);
        b.points.emplace_back(r.wall_seconds, r.error_uniform);
      }
    by_work.lines.push_back(std::move(a));
    by_seconds.lines.push_back(std::move(b));
  }
  return {{"work_precision", {by_work, by_seconds}}};
}

std::vector<std::string> write_figures(const ConvergenceResult& r, const std::string& dir) {
  return write_all(dir, figures_of(r));
}
std::vector<std::string> write_figures(const ReferenceFreeResult& r, const std::string& dir) {
  return write_all(dir, figures_of(r));
}
std::vector<std::string> write_figures(const WorkPrecisionSet& w, const std::string& dir) {
  return write_all(dir, figures_of(w));
}

std::vector<std::string> ConvergenceResult::write_figures(const std::string& dir) const {
  return sweepcheck::write_figures(*this, dir);
}
std::vector<std::string> ReferenceFreeResult::write_figures(const std::string& dir) const {
  return sweepcheck::write_figures(*this, dir);
}
std::vector<std::string> WorkPrecisionSet::write_figures(const std::string& dir) const {
  return sweepcheck::write_figures(*this, dir);
}

}  // namespace sweepcheck
