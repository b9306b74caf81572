// `study pbd-paper` and its default-report section: seed 000, Section 4 —
// five schemes on the sliding case (Fig. 8) and the non-overlapping disks
// (Figs. 9, 10), with each of the paper's claims checked against the data.
//
// Output: DIR/summary.md (the claims and verdicts), DIR/sliding/ and
// DIR/disks/ (results.csv, summary.json, summary.md, error_vs_h and
// error_vs_work figures; disks/configurations.{png,svg} is Fig. 9).
#include <fmt/format.h>
#include "reports/json_file.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <optional>

#include "sweepcheck/analytic/disks.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/disks_figure.hpp"
#include "reports/results_csv.hpp"
#include "reports/richardson_report.hpp"
#include "reports/time_series_figure.hpp"
#include "reports/study_report.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"
#include "studies/runs/disks_reference.hpp"
#include "studies/cases/pbd_paper_study.hpp"

namespace sweepcheck::app {

namespace {

// The perturbed starts' runs of the stability claims, one CSV per problem
// (the rows' parameters end in " start=perturbed:SIZE").
void write_perturbed_csv(const std::vector<PerturbedRuns>& runs, const std::filesystem::path& file) {
  std::vector<RunRow> rows;
  for (const auto& r : runs) rows.insert(rows.end(), r.rows.begin(), r.rows.end());
  write_results_csv(rows, file);
}

// |x_3(t)| of the trace schemes from every start (issue 27): the distance
// from the plane that mirrors the two balls, on a log axis.
void render_symmetry_figure(const std::vector<SymmetryTrace>& traces, const std::filesystem::path& stem) {
  TimeSeriesFigure f;
  f.log_y = true;
  f.ylabel = "|x_3(t)|";
  std::string zero;
  const char* dashes[] = {"lines lw 2", "lines lw 2 dt 2", "lines lw 2 dt 3", "lines lw 2 dt 4"};
  std::size_t k = 0;
  for (const auto& t : traces) {
    f.title = fmt::format("sliding, d = 3, h = {:.3g}: distance from the symmetric plane", t.h);
    const std::string start = t.perturbation == 0 ? "given start" : fmt::format("start +{:g}", t.perturbation);
    bool any = false;
    for (const auto& [time, d] : t.distance) any = any || d > 0;
    if (!any) zero += fmt::format("{}{}, {}", zero.empty() ? "" : "; ", t.scheme, start);
    f.series.push_back({fmt::format("{}, {}{}", t.scheme, start, t.status == RunStatus::ok ? "" : " (" + to_string(t.status) + ")"),
                        t.distance, dashes[k++ % 4]});
  }
  if (!zero.empty()) f.xlabel = "t   (|x_3| = 0 throughout, not drawn: " + zero + ")";
  render_time_series(f, stem);
}

// Fig. 8 from the runs the sliding comparisons were judged on (issue 34):
// every scheme from the perturbed start, solid, and each penalty γ from the
// exactly symmetric given start as its own dashed series, labelled. Replaces
// the given start's error_vs_h and error_vs_work figures of the folder.
void render_sliding_comparison_figures(const PbdPaperStudy& res, const std::string& title,
                                       const std::filesystem::path& dir) {
  const PerturbedRuns* generic = res.sliding_comparison();
  if (generic == nullptr) return;
  const std::string apart = ", symmetric start";
  ConvergenceStudy fig;
  fig.name = res.sliding.name;
  for (RunRow r : generic->rows) {
    if (r.refined) continue;
    r.parameters.clear();
    fig.rows.push_back(std::move(r));
  }
  for (RunRow r : res.sliding.rows) {
    if (r.refined || r.scheme.rfind("penalty", 0) != 0) continue;
    r.scheme += apart;
    r.parameters.clear();
    fig.rows.push_back(std::move(r));
  }
  auto dashed = [&](LogLogFigure f) {
    for (auto& series : f.series)
      if (series.label.ends_with(apart)) series.style = "linespoints pt 6 ps 0.9 dt 2";
    return f;
  };
  const std::string which =
      fmt::format(", start +{:g} (penalty from the symmetric start dashed)", generic->size);
  render_figure(dashed(error_vs_h_figure(fig, title + ": error vs h" + which)), dir / "error_vs_h");
  render_figure(dashed(error_vs_work_figure(fig, title + ": precision-work" + which)), dir / "error_vs_work");
}

// Writes the study's reports: per problem results, figures and summaries,
// and the claims (summary.md, claims.json). The numbers are the study's;
// `schemes` is the sliding case's scheme list as the command line gave it.
void write_paper(const PbdPaperConfig& cfg, const std::string& schemes, const PbdPaperStudy& res,
                 const std::filesystem::path& dir) {
  {
    ReportText t;
    t.title = "PBD paper, sliding case (seed 000, Section 4.2, Fig. 8)";
    t.description = "C = 10, d = 3, α = π/16; exact solution (analytic/sliding_case.md); uniform error of the "
                    "piecewise-linear interpolant. Schemes: " + schemes + ".";
    for (const auto& c : res.sliding_claims) t.findings.push_back(claim_markdown(c));
    if (const PerturbedRuns* g = res.sliding_comparison())
      t.findings.push_back(fmt::format(
          "Fig. 8's comparisons (accuracy per step, precision–work, PBD below the penalty) are judged on the runs "
          "from the start perturbed by {:g} (issue 34), the generic runs the stability claim also uses; the order "
          "claims, `results.csv` and `summary.json` are the given start's. `error_vs_h.png` and `error_vs_work.png` "
          "draw the perturbed start's runs, with each penalty γ from the exactly symmetric given start as its own "
          "dashed series (\"…, symmetric start\").",
          g->size));
    t.findings.push_back(fmt::format(
        "Stability from perturbed starts (issue 27): every scheme's runs from the starts perturbed by "
        "{} are in `perturbed_starts.csv`; `symmetry_plane.png` shows |x_3(t)|, the distance from the plane that "
        "mirrors the two balls, for {} at h = {:.3g} from every start.",
        [&] {
          std::string o;
          for (std::size_t k = 1; k < res.sliding_starts.size(); ++k)
            o += fmt::format("{}{:g}", k > 1 ? ", " : "", res.sliding_starts[k].size);
          return o.empty() ? std::string("none") : o;
        }(),
        scheme_list_label(cfg.trace_schemes), res.sliding_traces.empty() ? 0.0 : res.sliding_traces.front().h));
    write_and_announce(res.sliding, t, dir / "sliding");
    render_sliding_comparison_figures(res, "Sliding, Fig. 8", dir / "sliding");
    write_perturbed_csv(res.sliding_perturbed, dir / "sliding" / "perturbed_starts.csv");
    if (!res.sliding_traces.empty()) render_symmetry_figure(res.sliding_traces, dir / "sliding" / "symmetry_plane");
  }
  {
    ReportText t;
    t.title = "PBD paper, non-overlapping disks (seed 000, Section 4.3, Figs. 9-10)";
    t.description = fmt::format(
        "x' ∈ −γ x − N(S, x), S = ∩_{{i<j}} {{|X_i − X_j| >= 2R}}; {}. Initial configuration: seeded random "
        "sequential addition (analytic/disks.hpp). Reference: PNGS (reltol {:g}, abstol {:g}, sweeps in {} order "
        "of pairs, solvers/neighbours/pair_order.hpp) with h_ref = {:.3g}{}, "
        "{} ({}; {:.1f} s; its error estimated as {:.2g}, its distance to the same run at 2 h_ref, which joins every "
        "run's noise floor). Error: max over the {} + 1 sample times i T/{} of |x_h − x_ref| (x_h the "
        "piecewise-linear interpolant). Pair constraints are found with a cell list; the schemes' sweeps visit pairs "
        "in (i, j) order and count one evaluation per candidate pair.{}",
        cfg.disks.label(), cfg.reference.reltol, cfg.reference.abstol, to_string(cfg.reference.order),
        cfg.disks.t_end / double(res.reference_steps),
        res.finer_reference_reason.empty()
            ? std::string()
            : fmt::format(" (half the paper's step: a finer reference, because {})", res.finer_reference_reason),
        res.reference.from_cache ? "loaded from the cache" : "computed and cached", res.reference.file.string(),
        res.reference_seconds, res.reference_error, cfg.reference.samples, cfg.reference.samples,
        res.exact_reference_steps == res.reference_steps || cfg.disks_exact_schemes.empty()
            ? std::string()
            : fmt::format(" The expensive schemes' series ({}, on their own ladder) were judged against the paper's "
                          "reference, h_ref = {:.3g} (its error estimated as {:.2g}): they end far above its floor "
                          "10 h_ref, so they ran while the finer one was computed.",
                          scheme_list_label(cfg.disks_exact_schemes), cfg.disks.t_end / double(res.exact_reference_steps),
                          res.exact_reference_error));
    for (const auto& c : res.disks_claims) t.findings.push_back(claim_markdown(c));
    for (const auto& e : res.cross_check)
      t.findings.push_back(fmt::format("{}, reference-free cross-check of the reference (the paper's steps run "
                                       "again, successive runs compared at the reference's sample times; "
                                       "`studies/engine/richardson.md`): {}; {}.",
                                       e.scheme, describe(e.estimate), e.estimate.reason));
    write_and_announce(res.disks, t, dir / "disks");
    write_richardson_csv(res.cross_check, dir / "disks" / "richardson.csv");
    write_perturbed_csv(res.disks_perturbed, dir / "disks" / "perturbed_starts.csv");
    render_disks_figure(Disks<double>(cfg.disks).x0(), res.reference.reference.states.back(), cfg.disks.R,
                        fmt::format("Non-overlapping disks: t = 0 and t = {:g} (reference)", cfg.disks.t_end),
                        dir / "disks" / "configurations");
  }
  std::string md = "# PBD paper (seed 000, Section 4): claims checked by this run\n\n"
                   "Each verdict is computed from this run's data (criteria stated per line); details and figures in "
                   "[sliding/summary.md](sliding/summary.md) and [disks/summary.md](disks/summary.md); Fig. 9 is "
                   "`disks/configurations.png`.\n\n";
  md += "Order claims state the fit on the paper's own step list and, where its local orders had not settled, the "
        "fit after refinement toward smaller h (studies/engine/fit_order.md); `pre-asymptotic` means the refinement budget "
        "ended first.\n\n";
  md += "Each claim that tests a sentence of the paper quotes it, with its section, before its verdict; the criteria "
        "and their reasons: app/pbd_paper.md, \"The claims as the paper states them\".\n\n";
  const auto claims = res.claims();
  for (const auto& c : claims) md += "- " + claim_markdown(c) + "\n";
  write_file_atomically(dir / "summary.md", md);
  write_file_atomically(dir / "claims.json", json_file_text(claims_json(claims)));
}

// Runs the study with progress lines on stderr (unless quiet) and writes it.
PbdPaperStudy run_paper(PbdPaperConfig cfg, const std::string& schemes, bool quiet, const std::filesystem::path& dir) {
  cfg.run_progress = [quiet](const std::string& part) { return progress_printer("pbd-paper " + part, quiet); };
  if (progress_wanted(quiet))
    std::cerr << fmt::format("pbd-paper disks: reference (PNGS, h_ref = {:.3g}) from the cache or computed: {}\n",
                             cfg.disks.t_end / double(cfg.reference.steps),
                             reference_cache_file(cfg.reference.key(cfg.disks)).string());
  // Shown only while the reference is computed; created at its first update,
  // so that its clock (elapsed, time left) starts with the reference, not
  // with the sliding study that runs before it.
  std::optional<Progress> reference_progress;
  cfg.reference_progress = [&](double fraction) {
    if (!reference_progress) reference_progress.emplace("pbd-paper disks reference", quiet);
    reference_progress->update(fraction, 1);
  };
  const PbdPaperStudy res = run_pbd_paper_study(cfg);
  if (reference_progress) reference_progress->finish();
  if (progress_wanted(quiet))
    std::cerr << fmt::format("pbd-paper: the stability claims' perturbed starts took {:.1f} s\n", res.perturbed_seconds);
  write_paper(cfg, schemes, res, dir);
  return res;
}

}  // namespace

void register_pbd_paper(Registry& r) {
  RunDistributor* const ranks = r.ranks;
  auto* cmd = r.study->add_subcommand("pbd-paper", "seed 000 Section 4: five schemes on the sliding case and the disks");
  auto cfg = std::make_shared<PbdPaperConfig>();
  auto common = std::make_shared<CommonStudyOptions>();
  // The sliding case's list as given: its report prints it.
  auto schemes = std::make_shared<std::string>(scheme_list_label(cfg->schemes));
  add_scheme_list_option(*cmd, "--schemes", cfg->schemes,
                         "schemes for the sliding case (in-tree only; a scheme written in Python on the sliding "
                         "case: `study sliding --schemes python:module:Class`)",
                         false, schemes.get());
  add_scheme_list_option(*cmd, "--disks-schemes", cfg->disks_schemes,
                         "schemes for the disks (in-tree only: each is judged against a reference computed with that "
                         "same scheme at a fine step)");
  add_scheme_list_option(*cmd, "--disks-exact-schemes", cfg->disks_exact_schemes,
                         "expensive schemes for the disks, run on the coarse ladder --disks-exact-h-max/min ('' for "
                         "none)",
                         true);
  cmd->add_option("--disks-exact-h-max", cfg->disks_exact_ladder.h_max, "largest step of the coarse ladder")
      ->capture_default_str();
  cmd->add_option("--disks-exact-h-min", cfg->disks_exact_ladder.h_min, "smallest step of the coarse ladder")
      ->capture_default_str();
  cmd->add_option("--disks-exact-points", cfg->disks_exact_ladder.points, "rungs of the coarse ladder")
      ->capture_default_str();
  cmd->add_option("--N", cfg->disks.N, "number of disks")->capture_default_str();
  cmd->add_option("--R", cfg->disks.R, "disk radius")->capture_default_str();
  cmd->add_option("--gamma", cfg->disks.gamma, "attraction strength")->capture_default_str();
  cmd->add_option("--T", cfg->disks.t_end, "final time of the disks problem")->capture_default_str();
  cmd->add_option("--seed", cfg->disks.seed, "seed of the initial configuration")->capture_default_str();
  cmd->add_option("--reference-steps", cfg->reference.steps, "reference PNGS steps (h_ref = T / steps)")
      ->capture_default_str();
  cmd->add_option("--samples", cfg->reference.samples, "comparison times of the disks error")->capture_default_str();
  cmd->add_option("--disks-h-max", cfg->disks_ladder.h_max, "largest step for the disks")->capture_default_str();
  cmd->add_option("--disks-h-min", cfg->disks_ladder.h_min, "smallest step for the disks")->capture_default_str();
  cmd->add_option("--disks-points", cfg->disks_ladder.points, "rungs for the disks")->capture_default_str();
  cmd->add_option("--refine-rungs", cfg->refine.max_new_rungs,
                  "refinement cap: new rungs (halvings) per fit that is not a settled pass, 0 for the paper's steps "
                  "only (studies/engine/fit_order.md)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--refine-work", cfg->refine.budget_work,
                  "refinement budget per fit, the same for every scheme: work units of the new rungs (steps + "
                  "constraint evaluations + inner iterations; deterministic, the same on every machine; "
                  "studies/engine/fit_order.md)")
      ->capture_default_str()
      ->check(finite_in(0, 1e15));
  cmd->add_flag("!--no-finer-reference", cfg->finer_reference_on_demand,
                "never compute the finer disks reference, even when the h floor ends a series that has not settled");
  cmd->add_option("--sliding-h-min", cfg->sliding_ladder.h_min, "smallest step for the sliding case")
      ->capture_default_str();
  add_common_study_options(*cmd, *common);
  cmd->callback([=] {
    StudyOutput out = open_study_output(*cmd, *common, "", true);  // before computing (journal: not wired into run_paper yet)
    PbdPaperConfig c = *cfg;
    c.executor = common->executor(ranks);
    c.validate();
    run_paper(c, *schemes, common->quiet, common->out);
    out.publish();
    std::cerr << "wrote " << (std::filesystem::path(common->out) / "summary.md").string() << "\n";
  });
  r.default_report.push_back({"pbd-paper", [](const std::filesystem::path& dir, const Executor& executor) {
                                PbdPaperConfig c;
                                c.executor = executor;
                                const auto res = run_paper(c, scheme_list_label(c.schemes), false, dir);
                                std::vector<SchemeFit> fits = res.sliding.fits;
                                fits.insert(fits.end(), res.disks.fits.begin(), res.disks.fits.end());
                                std::vector<std::string> claims;
                                for (const auto& cl : res.claims()) claims.push_back(claim_markdown(cl));
                                return ReportSection{"PBD paper: sliding case and disks (seed 000, Section 4)",
                                                     "pbd-paper", fits, claims};
                              }});
}

}  // namespace sweepcheck::app
