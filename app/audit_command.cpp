// `sweepcheck audit`: the battery of studies/audit.hpp on an in-tree scheme
// (--scheme NAME) or a plugin (--plugin libmyscheme.so). Exit code 1 when any
// check fails (so CI can gate on it), 2 on bad input, 0 otherwise.
#include <fmt/format.h>

#include <iostream>

#include "app/commands.hpp"
#include "app/progress.hpp"
#include "reports/audit_report.hpp"
#include "studies/audit.hpp"
#include "studies/plugin_loader.hpp"

namespace sweepcheck::app {

namespace {

struct AuditConfig {
  std::string scheme;
  std::string plugin;
  std::string out;
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  int max_problems = 0;
  int jobs = 0;
  bool quiet = false;
};

}  // namespace

void register_audit(CLI::App& app, int& exit_code) {
  auto cfg = std::make_shared<AuditConfig>();
  auto* cmd = app.add_subcommand("audit", "audit a scheme against the theory (checks: studies/audit.md)");
  auto* s = cmd->add_option("--scheme", cfg->scheme, "an in-tree scheme spec, e.g. pbd or pngs:reltol=1e-8");
  auto* p = cmd->add_option("--plugin", cfg->plugin, "a shared library exporting sweepcheck_create_scheme");
  s->excludes(p);
  cmd->add_option("--out", cfg->out, "output folder for audit.md, audit.json and figures")->required();
  cmd->add_option("--claimed-order", cfg->claimed_order, "order to test against (default: the scheme's own claim)");
  cmd->add_option("--max-problems", cfg->max_problems, "audit only the first N problems (0: all)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--jobs", cfg->jobs, "threads (default: all cores)")->check(CLI::NonNegativeNumber);
  cmd->add_flag("--quiet", cfg->quiet, "no verdict table on stdout, no progress on stderr");
  cmd->callback([cfg, &exit_code] {
    if (cfg->scheme.empty() == cfg->plugin.empty())
      throw std::invalid_argument("audit: give exactly one of --scheme NAME or --plugin FILE");
    if (!std::isnan(cfg->claimed_order) && !(cfg->claimed_order > 0 && std::isfinite(cfg->claimed_order)))
      throw std::invalid_argument("audit: --claimed-order must be a finite number > 0");
    const SchemeFactory factory =
        cfg->plugin.empty() ? catalog_scheme_factory(parse_scheme_spec(cfg->scheme)) : load_plugin(cfg->plugin);
    AuditOptions opt;
    opt.claimed_order = cfg->claimed_order;
    opt.max_problems = cfg->max_problems;
    CommonStudyOptions j;
    j.jobs = cfg->jobs;
    opt.jobs = j.resolved_jobs();
    Progress progress("audit " + (cfg->plugin.empty() ? cfg->scheme : cfg->plugin), cfg->quiet);
    opt.progress = [&progress](int done, int total) { progress.update(done, total); };
    // Problems with a cached reference load it here (computed once on a fresh cache).
    if (!cfg->quiet) std::cerr << "preparing the audit problems (on a fresh cache the disks references are computed once)\n";
    const auto problems = audit_problems(cfg->max_problems);
    for (const auto& p : problems)
      if (!p.notes.empty()) std::cerr << p.name << ": " << p.notes << "\n";
    const AuditResult r = run_audit(factory, problems, opt);
    const auto files = write_audit_report(r, cfg->out);
    if (!cfg->quiet) {
      std::cout << fmt::format("audit of {} ({:.1f} s)\n", r.scheme, r.wall_seconds);
      for (const auto& c : r.checks)
        std::cout << fmt::format("  {:<13} {:<15} {}\n", to_string(c.verdict), c.id, c.evidence);
    }
    std::cerr << "wrote " << (std::filesystem::path(cfg->out) / "audit.md").string() << " and " << files.size() - 1
              << " other files\n";
    exit_code = r.any_failed() ? 1 : 0;
  });
}

}  // namespace sweepcheck::app
