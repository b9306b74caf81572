// `study crowd` and the crowd section of the default report (seed 001,
// Section 5 / Figure 1: Venel's scheme on a crowd evacuation, order 1/2).
#include <fmt/format.h>

#include <iostream>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/crowd_report.hpp"
#include "reports/summary.hpp"
#include "studies/cases/crowd_study.hpp"

namespace sweepcheck::app {

namespace {

ReportText crowd_text(const CrowdStudy& s, const CrowdOptions& o) {
  ReportText t;
  t.title = "Crowd evacuation (seed 001, Section 5)";
  t.description = fmt::format(
      "q' ∈ U(q) − N(Q, q) for N = {} disks of radius {:g} in the room [0, {:g}]² with a door of width {:g} centred on "
      "the right wall; U = unit speed towards the point one unit beyond the nearest door point, and straight on (e_1) "
      "beyond the door plane, so nobody leaves the computation (`analytic/crowd_evacuation.md`). Seeded feasible start "
      "(seed {}), T = {:g}. Error (24) of seed 001: max over the 10 times t_i = iT/10 of |q_h(t_i) − q_ref(t_i)| "
      "(q_h piecewise linear), each scheme against its own run at the paper's h_min = 0.01 and, separately, against "
      "a finer run, whose own error (its distance to the same run at twice its step) joins the noise floor. Against "
      "the finer run the paper's step list is extended toward smaller h while the local orders have not settled "
      "(studies/engine/fit_order.md, \"Refinement\"); both fits are stated. Seed 001 proves order 1/2 for Venel's scheme (Theorem 3.4) and shows it in Figure 1. Venel's QP is "
      "solved by the exact MPRGP solver unless the scheme spec says otherwise (`venel:solver=1`: Uzawa).",
      o.people, o.radius, o.room, o.door_width, o.seed, o.t_end);
  for (const auto& c : crowd_claims(s)) t.findings.push_back(claim_markdown(c));
  const auto more = crowd_findings(s, o);
  t.findings.insert(t.findings.end(), more.begin(), more.end());
  return t;
}

CrowdStudy run_and_write(CrowdStudyConfig cfg, bool quiet, const std::filesystem::path& out) {
  cfg.sampled.progress = progress_printer("crowd", quiet);
  if (progress_wanted(quiet)) cfg.log = [](const std::string& line) { std::cerr << line << "\n"; };
  const CrowdStudy s = run_crowd_study(cfg);
  const auto files = write_crowd_report(s, cfg.crowd, crowd_text(s, cfg.crowd), out);
  std::cerr << "wrote";
  for (const auto& f : files) std::cerr << ' ' << (out / f).string();
  std::cerr << '\n';
  return s;
}

}  // namespace

void register_crowd(Registry& r) {
  RunDistributor* const ranks = r.ranks;
  auto* cmd = r.study->add_subcommand("crowd", "Venel's scheme vs PBD on the crowd evacuation of seed 001, Section 5");
  auto cfg = std::make_shared<CrowdStudyConfig>();
  auto common = std::make_shared<CommonStudyOptions>();
  auto small = std::make_shared<bool>(false);
  cmd->add_option("--people", cfg->crowd.people, "number of disks N")->capture_default_str();
  cmd->add_option("--radius", cfg->crowd.radius, "disk radius")->capture_default_str();
  cmd->add_option("--door-width", cfg->crowd.door_width, "door width")->capture_default_str();
  cmd->add_option("--t-end", cfg->crowd.t_end, "final time T (every h must divide it)")->capture_default_str();
  cmd->add_option("--seed", cfg->crowd.seed, "seed of the start")->capture_default_str();
  add_scheme_list_option(*cmd, "--schemes", cfg->schemes, "scheme specs, e.g. venel,venel:solver=1,pbd (in-tree schemes only: each is judged against a "
                         "reference computed with that same scheme at a fine step)");
  cmd->add_option("--steps", cfg->sampled.steps, "step sizes, comma-separated (default: seed 001's list)")
      ->delimiter(',');
  cmd->add_option("--h-ref", cfg->paper_reference_h, "the paper's reference step h_min")->capture_default_str();
  cmd->add_option("--h-fine", cfg->fine_reference_h, "the finer reference step (0: none)")->capture_default_str();
  cmd->add_option("--refine-rungs", cfg->refine.max_new_rungs,
                  "refinement cap against the finer reference: new rungs (halvings), 0 for the given steps only "
                  "(studies/engine/fit_order.md)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--refine-work", cfg->refine.budget_work,
                  "refinement budget per fit: work units of the new rungs (steps + constraint evaluations + inner "
                  "iterations; deterministic, the same on every machine; studies/engine/fit_order.md)")
      ->capture_default_str()
      ->check(finite_in(0, 1e15));
  cmd->add_flag("--small", *small, "the CI variant: N = 40, T = 2, finer reference h = 2e-3");
  add_common_study_options(*cmd, *common);
  cmd->callback([=] {
    StudyOutput out = open_study_output(*cmd, *common);  // before computing (no journal hook in the crowd runner yet)
    CrowdStudyConfig c = *cfg;
    if (*small) {  // defaults of the CI variant; options given explicitly win
      if (cmd->get_option("--people")->count() == 0) c.crowd.people = 40;
      if (cmd->get_option("--t-end")->count() == 0) c.crowd.t_end = 2;
      if (cmd->get_option("--h-fine")->count() == 0) c.fine_reference_h = 2e-3;
    }
    c.sampled.executor = common->executor(ranks);
    run_and_write(c, common->quiet, common->out);
    out.publish();
  });

  r.default_report.push_back({"crowd", [](const std::filesystem::path& dir, const Executor& executor) {
                                CrowdStudyConfig c;  // seed 001's crowd, steps and h_min; finer reference 1e-3
                                c.sampled.executor = executor;
                                const CrowdStudy s = run_and_write(c, false, dir);  // report --quiet silences it
                                const ReportText text = crowd_text(s, c.crowd);
                                return ReportSection{text.title, "crowd", s.study.fits, text.findings};
                              }});
}

}  // namespace sweepcheck::app
