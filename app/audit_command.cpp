// `sweepcheck audit`: the battery of studies/audit/audit.hpp on an in-tree scheme
// (--scheme NAME), a plugin (--plugin libmyscheme.so) or a scheme written in
// Python (--python module:Class, through python/python_scheme_plugin.cpp). Exit code 1 when any
// check fails (so CI can gate on it), 2 on bad input, 0 otherwise.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/audit_report.hpp"
#include "reports/junit_report.hpp"
#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_manufactured.hpp"
#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/schedule_json.hpp"
#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/problem_plugin.hpp"
#include "studies/runs/reference_cache.hpp"
#include "studies/runs/scheme_catalog.hpp"

namespace sweepcheck::app {

namespace {

struct AuditConfig {
  std::string scheme;               // --scheme as given (empty: a plugin)
  std::optional<SchemeSpec> spec;   // --scheme parsed once, where it is received
  std::string plugin;
  std::string python;  // --python module:Class (empty: none)
  std::string out;
  std::string junit;  // --junit FILE (empty: none)
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  int max_problems = 0;
  int jobs = 0;
  bool quiet = false;
  bool isolate = false;
  bool resume = false;
  bool sharp = false;
  bool diagnose = false;
  double run_timeout = 0;
  std::string problem_plugin;
  std::string python_problem;  // --python-problem module:Class (empty: none)
  bool no_validate = false;
  std::string large_step_perturbations = "1e-12,1e-8,1e-4";
  double refine_work = kAuditRefineWork;
  GridPhases phases{};
  // Manufactured problems (issue 56; analytic/manufactured/manufactured.md).
  int manufactured = 0;                   // --manufactured N: N fresh draws
  std::uint64_t seed = 1;                 // --seed S: their seed
  std::string manufactured_problems;      // --manufactured-problem NAME[,NAME...]: prepared schedules
  std::string manufactured_schedule;      // --manufactured-schedule FILE: a schedule in JSON
  bool only_manufactured = false;         // --only-manufactured: without the built-in battery
};

// "1e-12,1e-8,1e-4" -> the sizes; "none" -> none (the given start only).
std::vector<double> parse_perturbations(const std::string& text) {
  std::vector<double> sizes;
  if (text == "none") return sizes;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const double v = whole_number(item).value_or(std::numeric_limits<double>::quiet_NaN());
    // Relative sizes: a perturbation larger than the state itself (> 1) is
    // not a perturbation of the start, and 1e308 overflows the state.
    if (!(v > 0 && v <= 1))
      throw std::invalid_argument(fmt::format("audit: --large-step-perturbations must be 'none' or a comma-separated "
                                              "list of relative sizes in (0, 1], got '{}' (item '{}')",
                                              text, item));
    sizes.push_back(v);
  }
  if (sizes.empty())
    throw std::invalid_argument("audit: --large-step-perturbations must be 'none' or a non-empty list, got ''");
  return sizes;
}

// The audit's options; returns --claimed-order's (whether it was given matters).
CLI::Option* add_audit_options(CLI::App& cmd, AuditConfig& cfg) {
  // Parsed once, at the door: a bad spec is bad input (exit 2) before --out
  // is created or locked, in the words of a failed CLI11 check.
  auto* s = cmd.add_option_function<std::string>(
      "--scheme",
      [&cfg](const std::string& text) {
        try {
          cfg.spec = parse_scheme_spec(text);
        } catch (const std::invalid_argument& e) {
          throw CLI::ValidationError("--scheme", e.what());
        }
        cfg.scheme = text;
      },
      "an in-tree scheme spec, e.g. pbd or pngs:reltol=1e-8");
  auto* p = cmd.add_option("--plugin", cfg.plugin, "a shared library exporting sweepcheck_create_scheme");
  s->excludes(p);
  auto* py = cmd.add_option_function<std::string>(
      "--python",
      [&cfg](const std::string& text) {
        // Checked here: nothing but an importable name reaches the interpreter.
        if (const std::string why = python_class_problem(text); !why.empty()) throw CLI::ValidationError("--python", why);
        cfg.python = text;
      },
      "a scheme written in Python, module:Class, its module on PYTHONPATH or in the working folder (README: \"A "
      "scheme written in Python\")");
  s->excludes(py);
  p->excludes(py);
  cmd.add_option("--out", cfg.out, "output folder for audit.md, audit.json and figures")
      ->required()
      ->transform(output_folder_validator());
  cmd.add_option("--junit", cfg.junit,
                 "also write the verdicts as JUnit XML to FILE for CI dashboards: one test case per check and "
                 "problem (reports/junit_report.hpp)")
      // Absolute before any plugin code runs (a plugin may change the working folder).
      ->transform(CLI::Validator(
          [](std::string& text) {
            text = std::filesystem::absolute(text).lexically_normal().string();
            return std::string();
          },
          "FILE"));
  auto* claimed = cmd.add_option("--claimed-order", cfg.claimed_order,
                                 "order to test against (default: the scheme's own claim)");
  cmd.add_option("--max-problems", cfg.max_problems, "audit only the first N problems (0: all)")
      ->check(CLI::NonNegativeNumber);
  cmd.add_option("--jobs", cfg.jobs, "threads (default: all cores)")->check(CLI::NonNegativeNumber);
  cmd.add_flag("--quiet", cfg.quiet, "no verdict table on stdout, no progress on stderr");
  cmd.add_flag("--diagnose", cfg.diagnose,
               "print the Diagnosis section in audit.md even when every check passes (it is printed whenever one "
               "does not; audit.json always holds the time stencil and the constraint coverage)");
  cmd.add_flag("--claim-is-sharp", cfg.sharp,
               "the claimed order is exact (order = claim, failed when exceeded too); by default a claim is "
               "one-sided, order >= claim, as a convergence theorem states it");
  cmd.add_flag("--isolate", cfg.isolate,
               "run an in-tree scheme's runs in child processes too (plugins always are; README: isolation)");
  cmd.add_flag("--resume", cfg.resume,
               "continue an audit that was killed: runs recorded in the journal in --out are not run again");
  cmd.add_option("--run-timeout", cfg.run_timeout,
                 "time limit of one isolated run in seconds (default 0: 30 s + 20 us per constraint evaluation of "
                 "a sweep per step, from the run's size)")
      ->check(finite_in(0, kMaxRunTimeoutSeconds));
  cmd.add_option("--problem-plugin", cfg.problem_plugin,
                 "add a problem plugin (sweepcheck_create_problem) to the battery; reference-free without x(t)");
  auto* pp = cmd.add_option_function<std::string>(
      "--python-problem",
      [&cfg](const std::string& text) {
        if (const std::string why = python_class_problem(text); !why.empty())
          throw CLI::ValidationError("--python-problem", why);
        cfg.python_problem = text;
      },
      "add a problem written in Python (module:Class, the object sweepcheck.problem() takes; README: \"A scheme "
      "written in Python\") to the battery, as a problem plugin: validated, every run on it in a child");
  pp->excludes(cmd.get_option("--problem-plugin"));
  cmd.add_flag("--no-validate", cfg.no_validate,
               "audit on a problem plugin that fails validation (solvers/plugin/problem_validation.hpp), printing what it "
               "breaks");
  cmd.add_option("--large-step-perturbations", cfg.large_step_perturbations,
                 "relative sizes of the seeded start perturbations of the large-step check (check 4), "
                 "comma-separated, or 'none' for the given start only (studies/engine/perturbed_starts.hpp)")
      ->capture_default_str();
  cmd.add_option("--refine-work", cfg.refine_work,
                 "refinement budget per slope check and problem: work units of the new rungs (steps + constraint "
                 "evaluations + inner iterations; deterministic, the same on every machine; "
                 "studies/engine/fit_order.md)")
      ->capture_default_str()
      ->check(finite_in(0, 1e15));
  add_phase_options(cmd, cfg.phases);
  cmd.add_option("--manufactured", cfg.manufactured,
                 "add N manufactured problems drawn from --seed to the battery (exact solutions for drawn event "
                 "schedules: landings, lift-offs, corners, contacts between bodies; README \"Manufactured problems\")")
      ->check(CLI::Range(0, 1000));
  cmd.add_option("--seed", cfg.seed, "the seed of the --manufactured draws (printed, so a failing draw can be replayed)")
      ->capture_default_str();
  cmd.add_option("--manufactured-problem", cfg.manufactured_problems,
                 "add prepared manufactured problems, comma-separated: landings, corner, crowd-of-pairs, obstacle");
  cmd.add_option("--manufactured-schedule", cfg.manufactured_schedule,
                 "add the manufactured problem of a schedule file (JSON, the format of `sweepcheck manufactured`)");
  cmd.add_flag("--only-manufactured", cfg.only_manufactured,
               "audit on the manufactured problems only, without the built-in battery");
  return claimed;
}

// The checks CLI11 cannot make: one of --scheme and --plugin, --claimed-order
// in range (--run-timeout is checked by its option).
void check_audit_input(const AuditConfig& cfg, const CLI::Option& claimed) {
  if (int(!cfg.scheme.empty()) + int(!cfg.plugin.empty()) + int(!cfg.python.empty()) != 1)
    throw std::invalid_argument("audit: give exactly one of --scheme NAME, --plugin FILE or --python module:Class");
  // Given explicitly, NaN is bad input like any other non-number (NaN only
  // stands for "not given", internally).
  if (cfg.only_manufactured && cfg.manufactured == 0 && cfg.manufactured_problems.empty() &&
      cfg.manufactured_schedule.empty())
    throw std::invalid_argument(
        "audit: --only-manufactured needs --manufactured N, --manufactured-problem NAME or --manufactured-schedule FILE");
  if (claimed.count() > 0 && !(cfg.claimed_order > 0 && std::isfinite(cfg.claimed_order)))
    throw std::invalid_argument(fmt::format("audit: --claimed-order must be a finite number > 0 (got {})",
                                            claimed.as<std::string>()));
}

// Before computing: the reference cache writable, and --junit a file in a writable folder.
void check_output_places(const AuditConfig& cfg) {
  check_writable_folder(reference_cache_folder(), "the reference cache folder (SWEEPCHECK_CACHE)");
  if (!cfg.junit.empty()) {
    const std::filesystem::path junit(cfg.junit);
    if (std::filesystem::is_directory(junit))
      throw std::invalid_argument(fmt::format("audit: --junit names a folder ({}); give a file name", cfg.junit));
    check_writable_folder(junit.has_parent_path() ? junit.parent_path() : std::filesystem::path("."),
                          "the folder of --junit");
  }
}

// The journal's configuration beyond the options: the content of each
// shared library the audit runs (a rebuilt scheme plugin must not be resumed
// with its predecessor's rows, nor another problem plugin at the same path
// with the old one's), and the problem plugin's absolute path.
std::string plugin_identity(const AuditConfig& cfg) {
  std::string identity;
  if (!cfg.plugin.empty()) identity = fmt::format(" plugin-fnv1a64={:016x}", file_fnv1a64(cfg.plugin));
  if (!cfg.python.empty()) identity += " python=" + cfg.python;
  if (!cfg.python_problem.empty()) identity += " python-problem=" + cfg.python_problem;
  // The Python objects the Python plugin makes (python/python_scheme_plugin.cpp): python_identity.
  // sweepcheck.audit() adds the hash of the pickled objects' modules' sources (a pickle names its
  // class's module, it does not hold it).
  if (const char* sources = std::getenv("SWEEPCHECK_PYTHON_SOURCES"); sources && *sources)
    identity += fmt::format(" SWEEPCHECK_PYTHON_SOURCES={}", sources);
  for (const char* variable : {"SWEEPCHECK_PYTHON_SCHEME", "SWEEPCHECK_PYTHON_PROBLEM"})
    if (const char* spec = std::getenv(variable); spec && *spec)
      identity += fmt::format(" {}={}", variable, python_identity(spec));
  if (!cfg.problem_plugin.empty())
    identity += fmt::format(" problem-plugin={} problem-plugin-fnv1a64={:016x}",
                            std::filesystem::absolute(cfg.problem_plugin).lexically_normal().string(),
                            file_fnv1a64(cfg.problem_plugin));
  return identity;
}

AuditOptions audit_options(const AuditConfig& cfg, bool claimed_given, const std::vector<double>& perturbations,
                           const StudyOutput& out, RunDistributor* ranks) {
  AuditOptions opt;
  // A plugin's code is untrusted: every run of it goes to a child process.
  opt.isolate = !cfg.plugin.empty() || cfg.isolate;
  opt.budget.fixed_limit = cfg.run_timeout;
  opt.thresholds.large_step_starts.sizes = perturbations;
  opt.thresholds.refine.budget_work = cfg.refine_work;
  opt.thresholds.phases = cfg.phases;
  // The claim as given (the audit resolves it: AuditOptions::claim). An
  // in-tree scheme's own claim carries its kind (SchemeInfo); a given
  // --claimed-order or a plugin's claim is one-sided unless the flag says otherwise.
  if (claimed_given)
    opt.claim = cfg.sharp ? OrderClaim::exactly(cfg.claimed_order) : OrderClaim::at_least(cfg.claimed_order);
  opt.schemes_claim_is_sharp = cfg.sharp || (cfg.spec && scheme_info(cfg.spec->name).claim_is_sharp);
  opt.journal = out.journal;
  opt.diagnose = cfg.diagnose;
  CommonStudyOptions j;
  j.jobs = cfg.jobs;
  opt.executor = j.executor(ranks);
  return opt;
}

// The manufactured problems asked for (bad input, exit 2: an unknown name, a
// schedule file that does not read or validate). The seed of the draws is
// printed, so a failing draw can be replayed.
std::vector<AuditProblem> manufactured_problem_list(const AuditConfig& cfg) {
  std::vector<AuditProblem> out;
  if (!cfg.manufactured_problems.empty()) {
    std::stringstream in(cfg.manufactured_problems);
    std::string name;
    while (std::getline(in, name, ',')) {
      try {
        out.push_back(manufactured_audit_problem(name));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("audit: --manufactured-problem: ") + e.what());
      }
    }
  }
  if (!cfg.manufactured_schedule.empty()) {
    std::ifstream file(cfg.manufactured_schedule);
    if (!file) throw std::invalid_argument("audit: --manufactured-schedule: cannot read '" + cfg.manufactured_schedule + "'");
    std::stringstream text;
    text << file.rdbuf();
    try {
      out.push_back(manufactured_audit_problem(manufactured::from_json(text.str())));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("audit: --manufactured-schedule '" + cfg.manufactured_schedule + "': " + e.what());
    }
  }
  if (cfg.manufactured > 0) {
    std::cerr << fmt::format("manufactured: {} draw{} with --seed {} (replay: --manufactured {} --seed {}; one "
                             "schedule: sweepcheck manufactured --seed {} --draw K)\n",
                             cfg.manufactured, cfg.manufactured == 1 ? "" : "s", cfg.seed, cfg.manufactured, cfg.seed,
                             cfg.seed);
    for (auto& p : drawn_audit_problems(cfg.manufactured, cfg.seed)) out.push_back(std::move(p));
  }
  return out;
}

// The built-in problems (the first --max-problems: the one place it is
// applied), then the problem plugin's on top. A bad problem plugin is bad
// input: it is loaded before the (possibly long) built-in problems.
std::vector<AuditProblem> audit_problem_list(const AuditConfig& cfg) {
  std::optional<AuditProblem> plugin_problem;
  if (!cfg.problem_plugin.empty()) {
    ProblemPluginLoad how;
    how.validate = !cfg.no_validate;
    how.note = [](const std::string& s) { std::cerr << "sweepcheck: note: " << s << "\n"; };
    if (!cfg.python_problem.empty()) how.label = "Python problem '" + cfg.python_problem + "'";
    plugin_problem = audit_problem_from(load_problem_plugin(cfg.problem_plugin, how),
                                        how.label.empty() ? problem_plugin_label(cfg.problem_plugin) : how.label);
  }
  auto problems = cfg.only_manufactured ? std::vector<AuditProblem>{} : audit_problems(cfg.max_problems);
  // A prepared problem the battery already holds (the full battery ends with
  // landings, corner and crowd-of-pairs) is audited once, not twice.
  for (auto& p : manufactured_problem_list(cfg)) {
    const bool held = std::any_of(problems.begin(), problems.end(), [&](const AuditProblem& q) { return q.name == p.name; });
    if (held)
      std::cerr << "audit: " << p.name << " is already among the problems (the battery, or named twice); audited once\n";
    else
      problems.push_back(std::move(p));
  }
  if (plugin_problem) problems.push_back(std::move(*plugin_problem));
  for (const auto& p : problems)
    if (!p.notes.empty()) std::cerr << p.name << ": " << p.notes << "\n";
  return problems;
}

// The verdict table (unless quiet), the files written, the problems not
// judged, and the exit code: 1 a check failed; 4 no check failed, but the
// diagnosis names a defect (issue 57: a defect found is never hidden); 3 no
// check failed and none named, but a slope had not settled when the budget
// ended (pre-asymptotic or unsettled): not a pass (README, "Verdicts"). A
// problem plugin that failed (issue 37) is a run-time failure, the problem's: 1.
int announce(const AuditConfig& cfg, const AuditResult& r, std::size_t files) {
  if (!cfg.quiet) {
    std::cout << fmt::format("audit of {} ({:.1f} s)\n", r.scheme, r.wall_seconds);
    for (const auto& c : r.checks)
      std::cout << fmt::format("  {:<13} {:<15} {}\n", to_string(c.verdict), c.id, c.evidence);
    // The diagnosis's defects, one line each (the whole of it: audit.md, "Diagnosis").
    if (r.diagnosis.shown) {
      std::size_t defects = 0;
      for (const auto& f : r.diagnosis.findings) defects += f.defect;
      const std::size_t notes = r.diagnosis.findings.size() - defects;
      std::cout << fmt::format("diagnosis: {} defect{} named, {} note{} (audit.md, \"Diagnosis\")\n", defects,
                               defects == 1 ? "" : "s", notes, notes == 1 ? "" : "s");
      for (const auto& f : r.diagnosis.findings)
        if (f.defect) std::cout << fmt::format("  {}: {}\n", f.topic, f.text);
    }
    // What the audited problems cannot test (issue 57; audit.md says what each would expose).
    if (!r.diagnosis.untested.empty()) {
      std::string list;
      for (const auto& t : r.diagnosis.untested) list += (list.empty() ? "'" : ", '") + t + "'";
      std::cout << fmt::format("not tested by these problems (none has {}): a scheme wrong only there passes them; "
                               "the whole battery (--max-problems 0) has each (audit.md)\n",
                               list);
    }
  }
  std::cerr << "wrote " << (std::filesystem::path(cfg.out) / "audit.md").string() << " and " << files - 1
            << " other files\n";
  for (const auto& n : r.not_judged) std::cerr << "sweepcheck: problem " << n.problem << " " << n.reason << "\n";
  if (r.any_failed() || !r.not_judged.empty()) return 1;
  if (const std::size_t n = r.diagnosis.defects(); n > 0) {
    std::cerr << fmt::format("sweepcheck: no check failed, but the diagnosis names {} defect{}: exit 4 (audit.md, "
                             "\"Diagnosis\"; studies/audit/audit.md, \"A defect found is never hidden\")\n",
                             n, n == 1 ? "" : "s");
    return 4;
  }
  return r.any_undecided() ? 3 : 0;
}

// `sweepcheck audit` once its options are parsed: returns the exit code.
int run_audit_command(const CLI::App& cmd, const AuditConfig& given, const CLI::Option& claimed,
                      RunDistributor* ranks) {
  check_audit_input(given, claimed);
  AuditConfig cfg = given;
  if (!cfg.python.empty()) {
    // A scheme written in Python is a plugin, isolated as any (python/isolation.md).
    cfg.plugin = python_scheme_plugin("audit: --python");
    ::setenv("SWEEPCHECK_PYTHON_SCHEME", cfg.python.c_str(), 1);
  }
  if (!cfg.python_problem.empty()) {
    // A problem written in Python is a problem plugin, the same library's other entry point.
    cfg.problem_plugin = python_scheme_plugin("audit: --python-problem");
    ::setenv("SWEEPCHECK_PYTHON_PROBLEM", cfg.python_problem.c_str(), 1);
  }
  // A Python problem's exact solution is probed when it is made (python/sweepcheck/_consistency.py);
  // --no-validate skips that probe too.
  if (cfg.no_validate) ::setenv("SWEEPCHECK_PYTHON_NO_VALIDATE", "1", 1);
  const std::vector<double> perturbations = parse_perturbations(cfg.large_step_perturbations);
  const SchemeFactory factory =
      cfg.spec ? catalog_scheme_factory(*cfg.spec) : load_plugin(cfg.plugin);
  // Before computing: --out and the reference cache writable, --out locked.
  CommonStudyOptions common;
  common.out = cfg.out;
  common.quiet = cfg.quiet;
  common.resume = cfg.resume;
  check_output_places(cfg);
  StudyOutput out = open_study_output(cmd, common, plugin_identity(cfg));
  AuditOptions opt = audit_options(cfg, claimed.count() > 0, perturbations, out, ranks);
  Progress progress("audit " + (!cfg.python.empty() ? cfg.python : cfg.plugin.empty() ? cfg.scheme : cfg.plugin),
                    cfg.quiet);
  opt.progress = [&progress](int done, int total) { progress.update(done, total); };
  // Problems with a cached reference load it here (computed once on a fresh cache).
  if (!cfg.quiet) std::cerr << "preparing the audit problems (on a fresh cache the disks and crowd references are computed once)\n";
  const auto problems = audit_problem_list(cfg);
  const AuditResult r = run_audit(factory, problems, opt);
  const auto files = write_audit_report(r, cfg.out);
  if (!cfg.junit.empty()) write_audit_junit(r, cfg.junit);
  out.publish();
  return announce(cfg, r, files.size());
}

}  // namespace

void register_audit(CLI::App& app, int& exit_code, RunDistributor* ranks) {
  auto cfg = std::make_shared<AuditConfig>();
  auto* cmd = app.add_subcommand("audit", "audit a scheme against the theory (checks: studies/audit/audit.md)");
  CLI::Option* claimed = add_audit_options(*cmd, *cfg);
  cmd->callback([cfg, cmd, claimed, &exit_code, ranks] { exit_code = run_audit_command(*cmd, *cfg, *claimed, ranks); });
}

}  // namespace sweepcheck::app
