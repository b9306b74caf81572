// `study circuit` and the circuit section of the default report (issue 6:
// seed 002, Section 7 — exact and inexact catching-up on linear
// complementarity systems, Figures 2 and 3, Siconos cross-check).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/figure.hpp"
#include "reports/study_report.hpp"
#include "reports/time_series_figure.hpp"
#include "studies/cases/circuit_study.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck::app {

namespace {

std::vector<std::string> findings(const CircuitStudy& s) {
  std::vector<std::string> out;
  // Violation vs η.
  std::map<std::string, double> worst_ratio;
  for (const auto& v : s.violations)
    if (v.eta > 0) worst_ratio[v.problem + " / " + v.scheme] = std::max(worst_ratio[v.problem + " / " + v.scheme], v.violation / v.eta);
  for (const auto& [k, r] : worst_ratio)
    out.push_back(fmt::format("{}: max over runs of (max_k max_j d_Sj(z_k)) / η = {:.3f} (the certified bound is 1).", k, r));
  for (const auto& f : s.violation_fits) {
    if (f.fit.points_used < 2)
      out.push_back(fmt::format("{} ({}): the constraint violation stays at round-off level (no slope to fit): with a "
                                "single constraint, one step of (23) is the exact dual solution.",
                                f.scheme, f.problem));
    else
      out.push_back(fmt::format("{} ({}): the constraint violation scales like h^{:.2f} (interval [{:.2f}, {:.2f}]); "
                                "η = h^2 by the default schedule.",
                                f.scheme, f.problem, f.fit.order, f.fit.ci_low, f.fit.ci_high));
  }
  std::map<std::string, std::pair<double, double>> inner;  // (at h_max, at h_min)
  std::map<std::string, std::pair<double, double>> hs;
  for (const auto& v : s.violations) {
    const std::string k = v.problem + " / " + v.scheme;
    if (!hs.count(k)) hs[k] = {v.h, v.h}, inner[k] = {v.inner_per_step, v.inner_per_step};
    if (v.h >= hs[k].first) hs[k].first = v.h, inner[k].first = v.inner_per_step;
    if (v.h <= hs[k].second) hs[k].second = v.h, inner[k].second = v.inner_per_step;
  }
  for (const auto& [k, r] : inner)
    out.push_back(fmt::format("{}: inner iterations per step {:.2f} at h = {:.2g}, {:.2f} at h = {:.2g} (exact scheme: "
                              "one least-distance solve per step; inexact: iterations of (23)).",
                              k, r.first, hs[k].first, r.second, hs[k].second));
  if (s.siconos.empty()) {
    out.push_back("Siconos comparison not run: " + s.siconos_note);
  } else {
    for (const auto& r : s.siconos) {
      const auto& c = r.comparison;
      out.push_back(fmt::format(
          "Siconos EulerMoreauOSI(θ=0)+LCP vs catching-up ({}), {}, n = {}: max |Δx1| = {:.2e}, |Δx2| = {:.2e}, "
          "|Δx3| = {:.2e}{}.",
          c.left_rectangle ? "left-rectangle predictor: the same scheme" : "exact input integral: differs by O(h)", r.problem,
          c.steps, c.max_difference[0], c.max_difference[1], c.max_difference[2],
          c.left_rectangle ? fmt::format(" (tolerance {:.0e}, round-off argument in studies/cases/siconos_compare.hpp)", kSameSchemeTolerance)
                           : ""));
    }
  }
  return out;
}

ReportText circuit_text(const CircuitStudy& s) {
  ReportText t;
  t.title = "Inexact catching-up on linear complementarity systems (seed 002, Section 7)";
  t.description =
      "LCS x' = Ax + Bζ + Eu, 0 ≤ ζ ⊥ Cx + Gu + F ≥ 0 with PB = Cᵀ, reformulated as z' ∈ −N(S(t), z) + RAR⁻¹z + REu, "
      "z = P^{1/2}x (`analytic/lcs.md`). Schemes: catching-up with the exact projection (dense QP, KKT certificate) and "
      "with (ε, η)-approximate projections by projected gradient on the dual (23), ε = h³, η = h², stopped by a "
      "certificate (duality gap < ε and a Slater-point bound on d_S ≤ η; `solvers/schemes/catching_up.md`). Problems: "
      "`lcs-closed-form` (exact solution, constraint active from t* = log(3/2); uniform error of the interpolant) and "
      "the ideal-diode `circuit` of Example 7.3 (u = 16 sin 6πt − 0.5; grid error against an exact catching-up "
      "reference with 2^20 steps). Errors are in z, i.e. the P-norm of x. Figures: `figure_2_x1`, `figure_2_x2_x3` "
      "(continuous input), `figure_3_x1`, `figure_3_x2_x3` (G = (0,1)ᵀ, u = sign(sin 4πt)), n = 100 as in the paper; "
      "`inner_iterations_vs_h`, `violation_vs_h`; data in `trajectories.csv`, `violations.csv`, `siconos.csv`.";
  t.findings = findings(s);
  return t;
}

void write_extras(const CircuitStudy& s, const std::filesystem::path& dir) {
  std::vector<std::string> files;
  // Figures 2 and 3.
  for (const auto& [problem, fig] : {std::pair<std::string, std::string>{"circuit", "figure_2"}, {"circuit-sign", "figure_3"}}) {
    TimeSeriesFigure f1, f23;
    f1.title = fmt::format("{}: x1 (seed 002, {}), n = 100", problem, fig == "figure_2" ? "Fig. 2" : "Fig. 3");
    f1.ylabel = "x1";
    f23.title = fmt::format("{}: x2 and x3 (seed 002, {}), n = 100", problem, fig == "figure_2" ? "Fig. 2" : "Fig. 3");
    f23.ylabel = "current";
    for (const auto& tr : s.trajectories) {
      if (tr.problem != problem) continue;
      const bool inexact = tr.scheme == "inexact-catching-up";
      const std::string style = inexact ? "lines lw 2" : "points pt 6 ps 0.6";
      TimeSeries a{"x1 " + tr.scheme, {}, style}, b{"x2 " + tr.scheme, {}, style}, c{"x3 " + tr.scheme, {}, style};
      for (std::size_t k = 0; k < tr.t.size(); ++k) {
        a.points.emplace_back(tr.t[k], tr.x[k][0]);
        b.points.emplace_back(tr.t[k], tr.x[k][1]);
        c.points.emplace_back(tr.t[k], tr.x[k][2]);
      }
      f1.series.push_back(a);
      f23.series.push_back(b);
      f23.series.push_back(c);
    }
    for (auto& f : render_time_series(f1, dir / (fig + "_x1"))) files.push_back(f);
    for (auto& f : render_time_series(f23, dir / (fig + "_x2_x3"))) files.push_back(f);
  }
  // Inner iterations and violation vs h.
  LogLogFigure inner{"Inner iterations per step vs h", "h", "inner iterations per step", {}, {}, true};
  LogLogFigure viol{"Constraint violation max_k max_j d_Sj(z_k) vs h", "h", "violation", {}, {}, true};
  std::map<std::string, Series> is, vs;
  Series eta{"eta = h^2 (inexact schedule)", {}, "lines dt 2 lc rgb 'gray40'"};
  for (const auto& v : s.violations) {
    const std::string k = v.problem + " " + v.scheme;
    is[k].label = k;
    is[k].points.emplace_back(v.h, v.inner_per_step);
    vs[k].label = k;
    vs[k].points.emplace_back(v.h, v.violation);
    if (v.eta > 0 && v.problem == "circuit") eta.points.emplace_back(v.h, v.eta);
  }
  for (auto& [k, ser] : is) inner.series.push_back(ser);
  for (auto& [k, ser] : vs) viol.series.push_back(ser);
  viol.series.push_back(eta);
  for (auto& f : render_figure(inner, dir / "inner_iterations_vs_h")) files.push_back(f);
  for (auto& f : render_figure(viol, dir / "violation_vs_h")) files.push_back(f);
  // Data.
  std::string traj = "problem,scheme,t,x1,x2,x3\n";
  for (const auto& tr : s.trajectories)
    for (std::size_t k = 0; k < tr.t.size(); ++k)
      traj += fmt::format("{},{},{:.17g},{:.17g},{:.17g},{:.17g}\n", tr.problem, tr.scheme, tr.t[k], tr.x[k][0], tr.x[k][1], tr.x[k][2]);
  write_file_atomically(dir / "trajectories.csv", traj);
  std::string vcsv = "problem,scheme,h,violation,eta,inner_iterations_per_step\n";
  for (const auto& v : s.violations)
    vcsv += fmt::format("{},{},{:.17g},{:.17g},{:.17g},{:.17g}\n", v.problem, v.scheme, v.h, v.violation, v.eta, v.inner_per_step);
  write_file_atomically(dir / "violations.csv", vcsv);
  std::string sc = "problem,steps,predictor,max_diff_x1,max_diff_x2,max_diff_x3,max_state\n";
  for (const auto& r : s.siconos) {
    const auto& c = r.comparison;
    sc += fmt::format("{},{},{},{:.17g},{:.17g},{:.17g},{:.17g}\n", r.problem, c.steps,
                      c.left_rectangle ? "left-rectangle" : "exact-integral", c.max_difference[0], c.max_difference[1],
                      c.max_difference[2], c.max_state);
  }
  if (s.siconos.empty()) sc += "# not run: " + s.siconos_note + "\n";
  write_file_atomically(dir / "siconos.csv", sc);
  files.insert(files.end(), {"trajectories.csv", "violations.csv", "siconos.csv"});
  std::cerr << "wrote";
  for (const auto& f : files) std::cerr << ' ' << (dir / f).string();
  std::cerr << '\n';
}

ReportSection run_and_write(const CircuitStudyConfig& cfg, const std::filesystem::path& dir) {
  const CircuitStudy s = run_circuit_study(cfg);
  const ReportText text = circuit_text(s);
  std::filesystem::create_directories(dir);
  write_extras(s, dir);
  write_and_announce(s.convergence, text, dir);
  return ReportSection{text.title, "circuit", s.convergence.fits, text.findings};
}

}  // namespace

void register_circuit(Registry& r) {
  RunDistributor* const ranks = r.ranks;
  auto* cmd = r.study->add_subcommand(
      "circuit", "exact and inexact catching-up on LCS: ideal-diode circuits of seed 002 Sec. 7, Siconos cross-check");
  auto common = std::make_shared<CommonStudyOptions>();
  auto cfg = std::make_shared<CircuitStudyConfig>();
  auto python = std::make_shared<std::vector<std::string>>();
  add_scheme_list_option(*cmd, "--schemes", cfg->schemes,
                         "comma-separated scheme specs (catching-up, inexact-catching-up:eta_power=1.5, ...); a "
                         "scheme written in Python as python:module:Class, its module on PYTHONPATH or in the working "
                         "folder, each run in a child process (README: \"A scheme written in Python\")",
                         false, nullptr, python.get());
  cmd->add_option("--run-timeout", cfg->external.budget.fixed_limit,
                  "time limit of one run of a Python scheme in seconds (default 0: from the run's size and the "
                  "finished runs, as in the audit)")
      ->check(finite_in(0, kMaxRunTimeoutSeconds));
  cmd->add_option("--reference-steps", cfg->reference_steps, "steps of the exact catching-up reference on the circuit")
      ->capture_default_str();
  cmd->add_option("--figure-steps", cfg->figure_steps, "steps of the Figure 2/3 trajectories")->capture_default_str();
  add_ladder_options(*cmd, cfg->study.ladder, cfg->study.points_per_step);
  add_phase_options(*cmd, cfg->study.phases);
  add_common_study_options(*cmd, *common);
  cmd->callback([=] {
    // Before computing; the Python schemes' code is part of the journal's key.
    StudyOutput out = open_study_output(*cmd, *common, python_identities(*python));
    CircuitStudyConfig c = *cfg;
    c.study.executor = common->executor(ranks);
    c.study.journal = out.journal;
    c.study.progress = progress_printer("circuit", common->quiet);
    c.external.schemes = python_schemes(*python);
    std::vector<std::string> faults;
    c.external.fault = [&faults](const std::string& f) { faults.push_back(f); };
    run_and_write(c, common->out);
    out.publish();
    fail_on_external_faults(faults, common->out);  // after the files: exit 1 naming each
  });
  r.default_report.push_back({"circuit", [](const std::filesystem::path& dir, const Executor& executor) {
                                CircuitStudyConfig c;
                                c.study.executor = executor;
                                c.study.progress = progress_printer("circuit", false);  // report --quiet silences it
                                return run_and_write(c, dir);
                              }});
}

}  // namespace sweepcheck::app
