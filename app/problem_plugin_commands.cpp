// `sweepcheck study --problem-plugin lib.so --schemes ...`: a convergence
// study on a problem plugin (solvers/plugin/problem_plugin_api.hpp), reference-free
// when the plugin has no exact solution (studies/cases/problem_plugin_study.hpp).
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "app/commands.hpp"
#include "reports/richardson_report.hpp"
#include "reports/study_report.hpp"
#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/problem_plugin.hpp"
#include "studies/cases/problem_plugin_study.hpp"

namespace sweepcheck::app {

namespace {

struct PluginStudyConfig {
  std::string problem_plugin;
  std::vector<SchemeSpec> schemes{{"pbd", {}}, {"pngs", {}}};  // empty: none ('')
  std::string scheme_plugin;
  std::vector<std::string> python;  // --schemes ...,python:module:Class (issue 59): module:Class each
  bool no_validate = false;
  double run_timeout = 0;
  PluginStudyOptions study;
  CommonStudyOptions common;
};

// " fnv1a64=<hash of the file>" for each plugin named (empty names skipped).
std::string plugin_content_identity(const std::vector<std::string>& paths) {
  std::string identity;
  for (const auto& path : paths) {
    if (!path.empty()) identity += fmt::format(" {}-fnv1a64={:016x}", path, file_fnv1a64(path));
  }
  return identity;
}

}  // namespace

void register_problem_plugin(Registry& r) {
  RunDistributor* const ranks = r.ranks;
  auto cfg = std::make_shared<PluginStudyConfig>();
  CLI::App& cmd = *r.study;
  // `study NAME ...` runs a built-in study; `study --problem-plugin FILE ...` this one.
  cmd.require_subcommand(0, 1);
  cmd.add_option("--problem-plugin", cfg->problem_plugin,
                 "a shared library exporting sweepcheck_create_problem (instead of a study NAME)");
  add_scheme_list_option(cmd, "--schemes", cfg->schemes,
                         "comma-separated in-tree scheme specs; a scheme written in Python as python:module:Class, its "
                         "module on PYTHONPATH or in the working folder, each run in a child process",
                         true, nullptr, &cfg->python);
  cmd.add_option("--plugin", cfg->scheme_plugin, "also a scheme plugin (sweepcheck_create_scheme)");
  cmd.add_option("--h-max", cfg->study.h_max, "coarsest step (realised as span / n0, n0 integer)")->capture_default_str();
  cmd.add_option("--points", cfg->study.points, "rungs n0 * ratio^k (>= 3; >= 4 to test the asymptotic range)")
      ->capture_default_str();
  cmd.add_option("--ratio", cfg->study.ratio, "integer refinement ratio (>= 2)")->capture_default_str();
  cmd.add_option("--points-per-step", cfg->study.points_per_step, "interpolant samples per step (exact solution only)")
      ->capture_default_str()
      ->check(CLI::Range(1, kMaxPointsPerStep));
  add_phase_options(cmd, cfg->study.phases);
  cmd.add_flag("--no-validate", cfg->no_validate,
               "run on a problem plugin that fails validation (exact(t0) = x0, f finite, project / distance / value "
               "/ gradient consistent; solvers/plugin/problem_validation.hpp), printing what it breaks");
  cmd.add_option("--run-timeout", cfg->run_timeout,
                 "time limit of one run on a problem plugin in seconds (default 0: from the run's size and the "
                 "finished runs, as in the audit)")
      ->check(finite_in(0, kMaxRunTimeoutSeconds));
  // Checked at the door (exit 2 before computing) and made absolute, as for every study.
  cmd.add_option("--out", cfg->common.out, "output folder (created if missing)")->transform(output_folder_validator());
  cmd.add_option("--jobs", cfg->common.jobs, "threads for independent runs (default: all cores)")
      ->check(CLI::NonNegativeNumber);
  cmd.add_flag("--quiet", cfg->common.quiet, "no progress on stderr");
  cmd.add_flag("--resume", cfg->common.resume,
               "continue a study that was killed: runs recorded in the journal in --out are not run again");
  cmd.callback([cfg, &cmd, ranks] {
    if (!cmd.get_subcommands().empty()) return;  // a named study ran
    if (cfg->problem_plugin.empty())
      throw std::invalid_argument("study: give a study NAME (see `sweepcheck list`) or --problem-plugin FILE");
    if (cfg->common.out.empty()) throw std::invalid_argument("study --problem-plugin: --out DIR is required");
    // Before any plugin code runs or anything is computed: --out created,
    // locked against a second writer, its manifest removed until the
    // results are published (as for the built-in studies).
    // The journal's key: every option, and the content of each plugin (a
    // rebuilt plugin at the same path must not be resumed with the old one's rows).
    StudyOutput out = open_study_output(cmd, cfg->common, plugin_content_identity({cfg->problem_plugin, cfg->scheme_plugin}) +
                                                              python_identities(cfg->python));
    ProblemPluginLoad how;
    how.validate = !cfg->no_validate;
    // A Python problem (the Python plugin with SWEEPCHECK_PYTHON_PROBLEM) has its exact solution probed
    // when it is made (python/sweepcheck/_consistency.py); --no-validate skips that too, as in `audit`.
    if (cfg->no_validate) ::setenv("SWEEPCHECK_PYTHON_NO_VALIDATE", "1", 1);
    how.note = [](const std::string& s) { std::cerr << "sweepcheck: note: " << s << "\n"; };
    const AuditProblem problem = audit_problem_from(load_problem_plugin(cfg->problem_plugin, how),
                                                    problem_plugin_label(cfg->problem_plugin));
    std::vector<NamedScheme> schemes;
    for (const auto& spec : cfg->schemes) schemes.push_back({spec.label(), catalog_scheme_factory(spec)});
    if (!cfg->scheme_plugin.empty()) {
      auto make = load_plugin(cfg->scheme_plugin);
      schemes.push_back({make()->name(), make});
    }
    for (auto& s : python_schemes(cfg->python)) schemes.push_back(std::move(s));
    if (schemes.empty()) throw std::invalid_argument("study --problem-plugin: --schemes is empty and no --plugin given");
    PluginStudyOptions opt = cfg->study;
    // A scheme plugin's and a Python scheme's runs go to children too (the problem plugin's always do).
    opt.isolate = !cfg->scheme_plugin.empty() || !cfg->python.empty();
    opt.budget.fixed_limit = cfg->run_timeout;
    opt.executor = cfg->common.executor(ranks);
    opt.progress = progress_printer(problem.name, cfg->common.quiet);
    opt.journal = out.journal;
    const PluginStudy s = run_plugin_study(problem, schemes, opt);

    ReportText text;
    text.title = fmt::format("Problem plugin {} {}{}", problem.name, problem.parameters,
                             s.reference_free ? " (reference-free)" : "");
    text.description = fmt::format(
        "A problem from `{}` on the nested ladder h = T/n, n = {}·{}^k ({} rungs). {}",
        std::filesystem::path(cfg->problem_plugin).filename().string(),
        s.study.rows.empty() ? 0 : s.study.rows.front().steps, opt.ratio, opt.points,
        s.reference_free ? "The plugin gives no exact solution: this study is **reference-free**; every error below "
                           "is the distance of a run to the next finer one (`richardson.csv` has the estimate)."
                         : "Errors: uniform error against the plugin's exact solution; `richardson.csv` has the "
                           "reference-free estimate as a cross-check.");
    text.findings = plugin_study_findings(s);
    write_and_announce(s.study, text, cfg->common.out);
    write_richardson_csv(s.richardson, std::filesystem::path(cfg->common.out) / "richardson.csv");
    out.publish();  // the manifest lists what was written, faults or not
    // Written first, then a run-time failure (exit 1) naming every fault.
    if (!s.faults.empty() || !s.gave_up.empty()) {
      std::string all;
      for (const auto& f : s.faults) all += "\n  - " + f;
      if (!s.gave_up.empty()) all += "\n  - runs not started: " + s.gave_up;
      std::size_t not_started = 0;
      for (const auto& r : s.study.rows) not_started += r.status == RunStatus::not_run;
      throw std::runtime_error(fmt::format("of {} runs, {} failed ({} of them the problem's fault) and {} were not "
                                           "started:{}\nthe finished runs are in {}",
                                           s.study.rows.size(), s.faults.size(), s.problem_faults, not_started, all,
                                           cfg->common.out));
    }
  });
}

}  // namespace sweepcheck::app
