// `study pbd-paper` and its default-report section: seed 000, Section 4 —
// five schemes on the sliding case (Fig. 8) and the non-overlapping disks
// (Figs. 9, 10), with each of the paper's claims checked against the data.
//
// Output: DIR/summary.md (the claims and verdicts), DIR/sliding/ and
// DIR/disks/ (results.csv, summary.json, summary.md, error_vs_h and
// error_vs_work figures; disks/configurations.{png,svg} is Fig. 9).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>

#include "analytic/disks.hpp"
#include "analytic/sliding_case.hpp"
#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/disks_figure.hpp"
#include "reports/richardson_report.hpp"
#include "reports/study_report.hpp"
#include "solvers/atomic_file.hpp"
#include "studies/disks_reference.hpp"
#include "studies/pbd_paper_claims.hpp"
#include "studies/richardson_cross_check.hpp"

namespace sweepcheck::app {

namespace {

constexpr double kPiOver16 = 0.19634954084936207;

struct PaperConfig {
  std::string schemes =
      "pbd,pngs,pgs,penalty:gamma=10,penalty:gamma=100,penalty:gamma=1000,moreau-euler";
  StepLadder sliding_ladder{0.5, 1e-4, 16};
  // The paper's N = 40, R = 0.1, T = 4, γ = 1. Seed 4: the best-conditioned of
  // seeds 1–5 by measured self-convergence (app/pbd_paper.md); seed 1 passes
  // near an unstable configuration that amplifies every error ~500-fold.
  DisksOptions disks{.seed = 4};
  // The paper's reference: PNGS, h_ref = T / 4e6 = 1e-6, reltol 1e-10,
  // abstol 1e-12 (about 3 CPU-minutes once, then cached; pbd_paper.md).
  DisksReferenceOptions reference{.steps = 4000000, .abstol = 1e-12, .reltol = 1e-10, .samples = 400,
                                  .max_sweeps = 100000};
  StepLadder disks_ladder{0.2, 1e-3, 9};
  std::string disks_schemes = "pbd,pngs,pgs,penalty:gamma=10,penalty:gamma=100,penalty:gamma=1000";
  // Moreau–Euler on the disks solves a certified 80-dimensional projection per
  // step (10–50 ms): it gets its own, coarser ladder.
  std::string disks_exact_schemes = "moreau-euler";
  StepLadder disks_exact_ladder{0.05, 0.0125, 3};
  // Refinement before judging (studies/fit_order.md): the paper's ladders
  // stay as they are; a pre-asymptotic fit gets up to four halvings of its
  // smallest step (16x its steps), Moreau–Euler on the disks (10–50 ms a
  // step) three (8x). Never below 10 h_ref on the disks.
  RefineOptions refine{.max_new_rungs = 4, .max_step_factor = 16};
  RefineOptions exact_refine{.max_new_rungs = 3, .max_step_factor = 8};
  PbdPaperThresholds thresholds;
  int jobs = 1;
  bool quiet = false;
};

struct PaperResult {
  ConvergenceStudy sliding, disks;
  CachedReference reference;
  double reference_seconds = 0;
  double reference_error = 0;  // max_i |x_{2 h_ref}(τ_i) − x_{h_ref}(τ_i)|
  std::vector<Claim> claims;
};

PaperResult run_paper(const PaperConfig& cfg, const std::filesystem::path& dir) {
  PaperResult res;
  // Sliding case, Fig. 8.
  {
    SlidingCaseOptions o;
    o.d = 3;
    o.C = 10;
    o.alpha = kPiOver16;
    const SlidingCase<double> p(o);
    StudyOptions opt;
    opt.ladder = cfg.sliding_ladder;
    opt.jobs = cfg.jobs;
    opt.progress = progress_printer("pbd-paper sliding", cfg.quiet);
    opt.refine = cfg.refine;
    auto exact = [&p](double t) { return p.exact(t); };
    res.sliding = run_convergence("pbd-paper-sliding", p, fmt::format("d=3 C=10 alpha={:.6g}", o.alpha), exact,
                                  parse_scheme_list(cfg.schemes), opt);
    ReportText t;
    t.title = "PBD paper, sliding case (seed 000, Section 4.2, Fig. 8)";
    t.description = "C = 10, d = 3, α = π/16; exact solution (analytic/sliding_case.md); uniform error of the "
                    "piecewise-linear interpolant. Schemes: " + cfg.schemes + ".";
    const auto claims = pbd_paper_claims(res.sliding, "sliding", cfg.thresholds);
    for (const auto& c : claims) t.findings.push_back(claim_markdown(c));
    write_and_announce(res.sliding, t, dir / "sliding");
    res.claims.insert(res.claims.end(), claims.begin(), claims.end());
  }
  // Disks, Figs. 9 and 10.
  {
    const auto start = std::chrono::steady_clock::now();
    if (progress_wanted(cfg.quiet))
      std::cerr << fmt::format("pbd-paper disks: reference (PNGS, h_ref = {:.3g}) from the cache or computed: {}\n",
                               cfg.disks.t_end / double(cfg.reference.steps),
                               reference_cache_file(cfg.reference.key(cfg.disks)).string());
    // The reference and, for its error estimate, the same at twice its step
    // (order 1: e(2h) − e(h) ≈ e(h)); both cached, computed in parallel.
    DisksReferenceOptions coarse = cfg.reference;
    coarse.steps /= 2;
    CachedReference check;
    Progress reference_progress("pbd-paper disks reference", cfg.quiet);  // shown only while it is computed
    parallel_for(2, cfg.jobs, [&](std::size_t i) {
      if (i == 0)
        res.reference = disks_reference(cfg.disks, cfg.reference,
                                        [&](double fraction) { reference_progress.update(fraction, 1); });
      else
        check = disks_reference(cfg.disks, coarse);
    });
    reference_progress.finish();
    for (std::size_t i = 0; i < res.reference.reference.states.size(); ++i)
      res.reference_error =
          std::max(res.reference_error, (check.reference.states[i] - res.reference.reference.states[i]).norm());
    res.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Disks<double> p(cfg.disks);
    StudyOptions opt;
    opt.ladder = cfg.disks_ladder;
    opt.jobs = cfg.jobs;
    opt.progress = progress_printer("pbd-paper disks", cfg.quiet);
    opt.reference_error = res.reference_error;
    opt.refine = cfg.refine;
    opt.refine.h_floor = 10 * cfg.disks.t_end / double(cfg.reference.steps);
    res.disks = run_convergence("pbd-paper-disks", p, cfg.disks.label(), res.reference.reference,
                                parse_scheme_list(cfg.disks_schemes), opt);
    if (!cfg.disks_exact_schemes.empty()) {
      StudyOptions exact_opt = opt;
      exact_opt.ladder = cfg.disks_exact_ladder;
      exact_opt.refine = cfg.exact_refine;
      exact_opt.refine.h_floor = opt.refine.h_floor;
      const auto extra = run_convergence("pbd-paper-disks", p, cfg.disks.label(), res.reference.reference,
                                         parse_scheme_list(cfg.disks_exact_schemes), exact_opt);
      res.disks.rows.insert(res.disks.rows.end(), extra.rows.begin(), extra.rows.end());
      res.disks.fits.insert(res.disks.fits.end(), extra.fits.begin(), extra.fits.end());
    }
    ReportText t;
    t.title = "PBD paper, non-overlapping disks (seed 000, Section 4.3, Figs. 9-10)";
    t.description = fmt::format(
        "x' ∈ −γ x − N(S, x), S = ∩_{{i<j}} {{|X_i − X_j| >= 2R}}; {}. Initial configuration: seeded random "
        "sequential addition (analytic/disks.hpp). Reference: PNGS (reltol {:g}, abstol {:g}) with h_ref = {:.3g}, "
        "{} ({}; {:.1f} s; its error estimated as {:.2g}, its distance to the same run at 2 h_ref, which joins every "
        "run's noise floor). Error: max over the {} + 1 sample times i T/{} of |x_h − x_ref| (x_h the "
        "piecewise-linear interpolant). Pair constraints are found with a cell list; sweeps visit pairs in (i, j) "
        "order and count one evaluation per candidate pair.",
        cfg.disks.label(), cfg.reference.reltol, cfg.reference.abstol, cfg.disks.t_end / double(cfg.reference.steps),
        res.reference.from_cache ? "loaded from the cache" : "computed and cached", res.reference.file.string(),
        res.reference_seconds, res.reference_error, cfg.reference.samples, cfg.reference.samples);
    const auto claims = pbd_paper_claims(res.disks, "disks", cfg.thresholds);
    for (const auto& c : claims) t.findings.push_back(claim_markdown(c));
    // The same ladders judged without the reference: a cross-check of the cached reference.
    const auto estimates = richardson_cross_check(p, cfg.disks.label(), parse_scheme_list(cfg.disks_schemes),
                                                  cfg.disks_ladder, res.reference.reference.times, opt.integrate,
                                                  cfg.jobs);
    for (const auto& e : estimates)
      t.findings.push_back(fmt::format("{}, reference-free cross-check of the reference (the paper's steps run "
                                       "again, successive runs compared at the reference's sample times; "
                                       "`studies/richardson.md`): {}; {}.",
                                       e.scheme, describe(e.estimate), e.estimate.reason));
    write_and_announce(res.disks, t, dir / "disks");
    write_richardson_csv(estimates, dir / "disks" / "richardson.csv");
    render_disks_figure(p.x0(), res.reference.reference.states.back(), cfg.disks.R,
                        fmt::format("Non-overlapping disks: t = 0 and t = {:g} (reference)", cfg.disks.t_end),
                        dir / "disks" / "configurations");
    res.claims.insert(res.claims.end(), claims.begin(), claims.end());
  }
  std::string md = "# PBD paper (seed 000, Section 4): claims checked by this run\n\n"
                   "Each verdict is computed from this run's data (criteria stated per line); details and figures in "
                   "[sliding/summary.md](sliding/summary.md) and [disks/summary.md](disks/summary.md); Fig. 9 is "
                   "`disks/configurations.png`.\n\n";
  md += "Order claims state the fit on the paper's own step list and, where its local orders had not settled, the "
        "fit after refinement toward smaller h (studies/fit_order.md); `pre-asymptotic` means the refinement budget "
        "ended first.\n\n";
  for (const auto& c : res.claims) md += "- " + claim_markdown(c) + "\n";
  write_file_atomically(dir / "summary.md", md);
  write_file_atomically(dir / "claims.json", claims_json(res.claims).dump(2) + "\n");
  return res;
}

}  // namespace

void register_pbd_paper(Registry& r) {
  auto* cmd = r.study->add_subcommand("pbd-paper", "seed 000 Section 4: five schemes on the sliding case and the disks");
  auto cfg = std::make_shared<PaperConfig>();
  auto common = std::make_shared<CommonStudyOptions>();
  cmd->add_option("--schemes", cfg->schemes, "schemes for the sliding case")->capture_default_str();
  cmd->add_option("--disks-schemes", cfg->disks_schemes, "schemes for the disks")->capture_default_str();
  cmd->add_option("--disks-exact-schemes", cfg->disks_exact_schemes,
                  "expensive schemes for the disks, run on the coarse ladder --disks-exact-h-max/min ('' for none)")
      ->capture_default_str();
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
                  "refinement budget: new rungs (halvings) per pre-asymptotic fit, 0 for the paper's steps only "
                  "(studies/fit_order.md)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--sliding-h-min", cfg->sliding_ladder.h_min, "smallest step for the sliding case")
      ->capture_default_str();
  add_common_study_options(*cmd, *common);
  cmd->callback([=] {
    StudyOutput out = open_study_output(*cmd, *common, "", true);  // before computing (journal: not wired into run_paper yet)
    PaperConfig c = *cfg;
    c.exact_refine.max_new_rungs = std::min(c.exact_refine.max_new_rungs, c.refine.max_new_rungs);
    c.disks.validate();
    c.reference.validate();
    c.jobs = common->resolved_jobs();
    c.quiet = common->quiet;
    run_paper(c, common->out);
    out.publish();
    std::cerr << "wrote " << (std::filesystem::path(common->out) / "summary.md").string() << "\n";
  });
  r.default_report.push_back({"pbd-paper", [](const std::filesystem::path& dir, int jobs) {
                                PaperConfig c;
                                c.jobs = jobs;
                                const auto res = run_paper(c, dir);
                                std::vector<SchemeFit> fits = res.sliding.fits;
                                fits.insert(fits.end(), res.disks.fits.begin(), res.disks.fits.end());
                                std::vector<std::string> claims;
                                for (const auto& cl : res.claims) claims.push_back(claim_markdown(cl));
                                return ReportSection{"PBD paper: sliding case and disks (seed 000, Section 4)",
                                                     "pbd-paper", fits, claims};
                              }});
}

}  // namespace sweepcheck::app
