// `study sliding`, `exact sliding`, and the sliding section of the default
// report (seed 000, Section 4.2 / Fig. 8).
#include <fmt/format.h>

#include <boost/math/constants/constants.hpp>
#include <charconv>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/commands.hpp"
#include "reports/study_report.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"

namespace sweepcheck::app {

namespace {

std::string parameters_of(const SlidingCaseOptions& o) {
  return fmt::format("d={} C={:g} alpha={:.6g}", o.d, o.C, o.alpha);
}

struct SlidingStudyConfig {
  std::vector<SlidingCaseOptions> problems{SlidingCaseOptions{}};
  std::vector<SchemeSpec> schemes{{"pbd", {}}, {"pngs", {}}};
  std::vector<std::string> python;  // --schemes ...,python:module:Class (issue 49): module:Class each
  double run_timeout = 0;           // --run-timeout for their runs (0: the audit's rules)
  StudyOptions study;
  bool quiet = false;

  SlidingStudyConfig() {
    study.ladder = {0.5, 1e-4, 16};
  }
};

// `faults`, when Python schemes are given: their failed runs, one sentence each.
ConvergenceStudy run_sliding(const SlidingStudyConfig& cfg, std::vector<std::string>* faults = nullptr) {
  const std::vector<SchemeSpec>& specs = cfg.schemes;
  const std::vector<NamedScheme> python = python_schemes(cfg.python);
  ConvergenceStudy all;
  all.name = "sliding";
  for (const auto& po : cfg.problems) {
    const SlidingCase<double> p(po);
    StudyOptions opt = cfg.study;
    opt.progress = progress_printer("sliding " + parameters_of(po), cfg.quiet);
    auto exact = [&p](double t) { return p.exact(t); };
    if (!python.empty()) {
      auto ext = std::make_shared<ExternalSchemes>();
      ext->schemes = python;
      ext->problem = external_problem(p, parameters_of(po), exact);
      ext->budget.fixed_limit = cfg.run_timeout;
      ext->fault = [faults](const std::string& f) {
        if (faults) faults->push_back(f);
      };
      opt.external = std::move(ext);
    }
    auto s = run_convergence("sliding", p, parameters_of(po), exact, specs, opt);
    all.rows.insert(all.rows.end(), s.rows.begin(), s.rows.end());
  }
  all.fits = fit_rows(all.rows, cfg.study.fit);
  return all;
}

// Slope of the constraint violation against h per scheme: seed 000's (13)
// says PBD keeps it O(h).
std::vector<std::string> violation_findings(const ConvergenceStudy& s) {
  std::vector<std::string> out;
  std::vector<RunRow> as_errors = s.rows;
  for (auto& r : as_errors) {
    r.error_uniform = r.violation;
    r.claimed_order = std::numeric_limits<double>::quiet_NaN();
  }
  for (const auto& f : fit_rows(as_errors)) {
    if (f.fit.points_used < 2) {
      out.push_back(fmt::format("{} ({}): the constraint violation max_k max_j d_Sj(x_k) stays at round-off level "
                                "(no slope to fit).",
                                f.scheme, f.parameters));
    } else {
      out.push_back(fmt::format("{} ({}): the constraint violation max_k max_j d_Sj(x_k) scales like h^{:.2f} "
                                "(interval [{:.2f}, {:.2f}]) over h in [{:.2g}, {:.2g}].",
                                f.scheme, f.parameters, f.fit.order, f.fit.ci_low, f.fit.ci_high, f.fit.h_min,
                                f.fit.h_max));
    }
  }
  return out;
}

ReportText sliding_text(const ConvergenceStudy& s) {
  ReportText t;
  t.title = "Sliding case (seed 000, Section 4.2)";
  t.description =
      "x' ∈ −e_2 − N(S, x) with S the intersection of d − 1 complements of balls of radius sqrt(1 + C²) that meet "
      "along the unit circle of the (x_1, x_2)-plane; x(0) = (sin α, cos α, 0, …). The exact solution slides on the "
      "circle until t* = −log tan(α/2) and then falls freely (derivation: `analytic/sliding_case.md`). Error: "
      "uniform error of the piecewise-linear interpolant, sampled densely. Seed 000 reports observed order 1 for PBD "
      "(Fig. 8: C = 10, d = 3, α = π/16).";
  t.findings = violation_findings(s);
  return t;
}

}  // namespace

void register_sliding(Registry& r) {
  RunDistributor* const ranks = r.ranks;
  // study sliding
  {
    auto* cmd = r.study->add_subcommand("sliding", "convergence study on the sliding case of seed 000, Section 4.2");
    auto cfg = std::make_shared<SlidingCaseOptions>();
    auto common = std::make_shared<CommonStudyOptions>();
    auto study = std::make_shared<SlidingStudyConfig>();
    cmd->add_option("--d", cfg->d, "dimension (>= 3)")->capture_default_str();
    cmd->add_option("--C", cfg->C, "depth of the valley (> 0)")->capture_default_str();
    cmd->add_option("--alpha", cfg->alpha, "initial angle in (0, pi/2]")->capture_default_str();
    cmd->add_option("--t-end", cfg->t_end, "final time (0: exit time + 1)")->capture_default_str();
    add_scheme_list_option(*cmd, "--schemes", study->schemes,
                           "comma-separated scheme specs, e.g. pbd,pngs:reltol=1e-8; a scheme written in Python as "
                           "python:module:Class, its module on PYTHONPATH or in the working folder, each run in a "
                           "child process (README: \"A scheme written in Python\")",
                           false, nullptr, &study->python);
    cmd->add_option("--run-timeout", study->run_timeout,
                    "time limit of one run of a Python scheme in seconds (default 0: from the run's size and the "
                    "finished runs, as in the audit)")
        ->check(finite_in(0, kMaxRunTimeoutSeconds));
    add_ladder_options(*cmd, study->study.ladder, study->study.points_per_step);
    add_phase_options(*cmd, study->study.phases);
    add_common_study_options(*cmd, *common);
    cmd->callback([=] {
      // Before computing; the Python schemes' code is part of the journal's key.
      StudyOutput out = open_study_output(*cmd, *common, python_identities(study->python));
      SlidingStudyConfig c = *study;
      c.problems = {*cfg};
      c.study.executor = common->executor(ranks);
      c.study.journal = out.journal;
      c.quiet = common->quiet;
      std::vector<std::string> faults;
      const auto s = run_sliding(c, &faults);
      write_and_announce(s, sliding_text(s), common->out);
      out.publish();
      fail_on_external_faults(faults, common->out);  // after the files: exit 1 naming each
    });
  }
  // exact sliding
  {
    auto* cmd = r.exact->add_subcommand("sliding", "print the exact solution of the sliding case as CSV");
    auto cfg = std::make_shared<SlidingCaseOptions>();
    // Parsed here, not by CLI11, which turns an empty item ("--t ''") into 0.
    auto times = std::make_shared<std::vector<std::string>>();
    cmd->add_option("--d", cfg->d, "dimension (>= 3)")->capture_default_str();
    cmd->add_option("--C", cfg->C, "depth of the valley (> 0)")->capture_default_str();
    cmd->add_option("--alpha", cfg->alpha, "initial angle in (0, pi/2]")->capture_default_str();
    cmd->add_option("--t", *times, "times, comma-separated")->required()->delimiter(',');
    cmd->callback([=] {
      const SlidingCase<double> p(*cfg);
      std::ostringstream out;
      out << "t";
      for (int i = 1; i <= p.dim(); ++i) out << ",x" << i;
      out << "\n";
      for (const std::string& text : *times) {
        double t = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), t);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(t) || t < 0)
          throw std::invalid_argument(fmt::format("--t: '{}' is not a time (rule: finite numbers >= 0, comma-separated)", text));
        const Vec<double> x = p.exact(t);
        out << fmt::format("{:.17g}", t);
        for (Eigen::Index i = 0; i < x.size(); ++i) out << fmt::format(",{:.17g}", x[i]);
        out << "\n";
      }
      std::cout << out.str();
    });
  }
  // default report: the paper's Fig. 8 parameters (C = 10) and a shallow valley (C = 1).
  r.default_report.push_back({"sliding", [](const std::filesystem::path& dir, const Executor& executor) {
                                SlidingStudyConfig c;
                                SlidingCaseOptions shallow, paper;
                                shallow.C = 1;
                                paper.C = 10;
                                c.problems = {shallow, paper};
                                c.study.executor = executor;
                                c.study.cache_rows = true;  // studies/runs/run_row_cache.hpp
                                const auto s = run_sliding(c);
                                const auto text = sliding_text(s);
                                write_and_announce(s, text, dir);
                                return ReportSection{text.title, "sliding", s.fits, text.findings};
                              }});
}

}  // namespace sweepcheck::app
