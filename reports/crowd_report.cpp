#include "reports/crowd_report.hpp"
#include "reports/json_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "reports/gnuplot_files.hpp"
#include "reports/results_csv.hpp"
#include "reports/study_report.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

std::vector<std::string> render_crowd_picture(const Vec<double>& x, const CrowdOptions& crowd, const std::string& title,
                                              const std::filesystem::path& stem) {
  std::filesystem::create_directories(stem.parent_path());
  std::vector<std::tuple<double, double, double>> disks;
  double xmax = crowd.room + 1, ymin = -0.5, ymax = crowd.room + 0.5;
  for (Eigen::Index i = 0; i + 1 < x.size(); i += 2) {
    disks.emplace_back(x[i], x[i + 1], crowd.radius);
    xmax = std::max(xmax, x[i] + crowd.radius + 0.5);
    ymin = std::min(ymin, x[i + 1] - crowd.radius - 0.5);
    ymax = std::max(ymax, x[i + 1] + crowd.radius + 0.5);
  }
  return render_png_and_svg(stem, 1100, 800, [&](Gnuplot& gp) {
    gp << "set size ratio -1\nunset key\nset grid\n";
    gp << fmt::format("set xrange [-0.5:{:.6g}]\nset yrange [{:.6g}:{:.6g}]\n", xmax, ymin, ymax);
    gp << "set title " << gnuplot_string(title) << "\n";
    int tag = 1;
    for (const auto& w : crowd_walls(crowd))
      gp << fmt::format("set arrow {} from {:.17g},{:.17g} to {:.17g},{:.17g} nohead lw 3 lc rgb 'black'\n", tag++,
                        w.ax, w.ay, w.bx, w.by);
    const double lo = crowd.room / 2 - crowd.door_width / 2, hi = crowd.room / 2 + crowd.door_width / 2;
    gp << fmt::format("set arrow {} from {:.17g},{:.17g} to {:.17g},{:.17g} nohead lw 1 dt 2 lc rgb 'red'\n", tag++,
                      crowd.room, lo, crowd.room, hi);
    gp << "plot '-' using 1:2:3 with circles fs transparent solid 0.45 border lc rgb 'steelblue'\n";
    gp.send1d(disks);
  });
}

std::vector<std::string> write_crowd_report(const CrowdStudy& s, const CrowdOptions& crowd, const ReportText& text,
                                            const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::vector<std::string> written;
  write_results_csv(s.study.rows, dir / "results.csv");
  written.push_back("results.csv");
  write_file_atomically(dir / "summary.json", json_file_text(summary_json(s.study)));
  written.push_back("summary.json");
  const std::string ylabel = "error (24): max_i |q_h(t_i) - q_ref(t_i)|, t_i = iT/10";
  std::vector<std::string> figures;
  auto eh = error_vs_h_figure(s.study, text.title + ": error vs step size");
  eh.ylabel = ylabel;
  for (const auto& n : render_figure(eh, dir / "error_vs_h")) figures.push_back(n);
  auto ew = error_vs_work_figure(s.study, text.title + ": precision-work");
  ew.ylabel = ylabel;
  for (const auto& n : render_figure(ew, dir / "error_vs_work")) figures.push_back(n);

  // Pictures: the start, then the first scheme's finest reference at about T/3, 2T/3 and T.
  for (const auto& n : render_crowd_picture(s.start, crowd, "crowd at t = 0", dir / "crowd_t0")) figures.push_back(n);
  const CrowdReference* ref = nullptr;
  for (const auto& r : s.references)
    if (!r.samples.empty() && r.scheme == s.references.front().scheme && (!ref || r.row.h < ref->row.h)) ref = &r;
  if (ref) {
    const std::size_t m = ref->samples.size();
    std::vector<std::size_t> picks{m / 3, (2 * m) / 3, m};
    picks.erase(std::unique(picks.begin(), picks.end()), picks.end());
    for (std::size_t i : picks) {
      if (i == 0) continue;
      const double t = s.sample_times[i - 1];
      const std::string stem = fmt::format("crowd_t{:g}", t);
      for (const auto& n : render_crowd_picture(
               ref->samples[i - 1], crowd, fmt::format("crowd at t = {:g} ({}, h = {:g})", t, ref->scheme, ref->row.h),
               dir / stem))
        figures.push_back(n);
    }
  }
  std::vector<std::string> pngs;
  for (const auto& f : figures)
    if (f.ends_with(".png")) pngs.push_back(f);
  write_file_atomically(dir / "summary.md", summary_markdown(s.study, text, pngs));
  written.push_back("summary.md");
  written.insert(written.end(), figures.begin(), figures.end());
  return written;
}

}  // namespace sweepcheck
