#include "reports/audit_report.hpp"
#include "reports/json_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include "reports/figure.hpp"
#include "studies/audit/diagnosis/untested_features.hpp"
#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace {

nlohmann::json number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

nlohmann::json fit_json(const OrderFit& f) {
  return {{"order", number(f.order)},   {"ci_low", number(f.ci_low)}, {"ci_high", number(f.ci_high)},
          {"points_used", f.points_used}, {"h_min", number(f.h_min)},   {"h_max", number(f.h_max)},
          {"reason", f.reason}};
}

nlohmann::json row_json(const RunRow& r) {
  return {{"problem", problem_label(r)},
          {"scheme", r.scheme},
          {"h", r.h},
          {"steps", r.steps},
          {"error_uniform", number(r.error_uniform)},
          {"violation", number(r.violation)},
          {"max_increment_over_h", number(r.max_increment / r.h)},
          {"constraint_evaluations", r.work.constraint_evaluations},
          {"field_evaluations", r.work.field_evaluations},
          {"phases", r.phases},
          {"phase", r.phase},
          {"error_phase_best", number(r.error_phase_best)},
          {"events", r.events},
          {"status", to_string(r.status)}};
}

// One series per problem of `value(row)` against h.
LogLogFigure per_problem_figure(const std::vector<RunRow>& rows, const std::string& title, const std::string& ylabel,
                                double (*value)(const RunRow&)) {
  LogLogFigure f;
  f.title = title;
  f.xlabel = "h";
  f.ylabel = ylabel;
  f.reverse_x = true;
  std::map<std::string, std::size_t> index;
  for (const auto& r : rows) {
    if (ended_early(r.status)) continue;
    auto [it, fresh] = index.emplace(problem_label(r), f.series.size());
    if (fresh) f.series.push_back({problem_label(r), {}});
    f.series[it->second].points.emplace_back(r.h, value(r));
  }
  return f;
}

std::string stem_for(std::string_view id) { return "audit_" + std::string(id); }

// Markdown table cell: '|' would end the cell.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::vector<std::pair<std::string, LogLogFigure>> figures_of(const AuditResult& a) {
  std::vector<std::pair<std::string, LogLogFigure>> out;
  auto conv = per_problem_figure(a.ladder_rows, a.scheme + ": error (per problem: audit.md, Problems)",
                                 "sup_t |x_h(t) - x(t)|, or max_i at reference samples t_i (reference-free: to the next finer run)",
                                 [](const RunRow& r) { return r.error_uniform; });
  // The slope is drawn through the last row with an error (a reference-free
  // problem's finest run has none: NaN).
  if (std::isfinite(a.claim.claimed_order()))
    for (auto r = a.ladder_rows.rbegin(); r != a.ladder_rows.rend(); ++r)
      if (std::isfinite(r->error_uniform) && r->error_uniform > 0) {
        conv.slopes.push_back({a.claim.claimed_order(), r->h, r->error_uniform});
        break;
      }
  out.emplace_back(kConvergenceCheck.id, conv);
  auto viol = per_problem_figure(a.ladder_rows, a.scheme + ": constraint violation (13)",
                                 "max_k max_j d_Sj(x_k)", [](const RunRow& r) { return r.violation; });
  if (!a.ladder_rows.empty()) viol.slopes.push_back({1.0, a.ladder_rows.front().h, a.ladder_rows.front().h});
  out.emplace_back(kViolationCheck.id, viol);
  out.emplace_back(kStepBoundCheck.id, per_problem_figure(a.ladder_rows, a.scheme + ": step bound (14)",
                                                    "max_k |x_(k+1) - x_k| / h",
                                                    [](const RunRow& r) { return r.max_increment / r.h; }));
  LogLogFigure cons;
  cons.title = a.scheme + ": consistency defect (15)";
  cons.xlabel = "h";
  cons.ylabel = "max_y dist((Phi_h(y) - y)/h - f(y), -N)";
  cons.reverse_x = true;
  std::map<std::string, std::size_t> index;
  for (const auto& r : a.probe_rows) {
    auto [it, fresh] = index.emplace(r.problem, cons.series.size());
    if (fresh) cons.series.push_back({r.problem, {}});
    cons.series[it->second].points.emplace_back(r.h, r.defect);
  }
  if (!a.probe_rows.empty()) cons.slopes.push_back({1.0, a.probe_rows.front().h, a.probe_rows.front().h});
  out.emplace_back(kConsistencyCheck.id, cons);
  LogLogFigure pw;
  pw.title = "precision-work on the first audit problem";
  pw.xlabel = "constraint evaluations (counted by the host; the paper's axis, seed 000 Fig. 8)";
  pw.ylabel = "uniform error";
  for (const auto* rows : {&a.ladder_rows, &a.reference_rows}) {
    if (rows->empty()) continue;
    Series s{rows == &a.ladder_rows ? a.scheme : "reference: " + rows->front().scheme, {}};
    const std::string p0 = problem_label(rows->front());
    for (const auto& r : *rows)
      if (problem_label(r) == p0 && r.status == RunStatus::ok)
        s.points.emplace_back(double(r.work.constraint_evaluations), r.error_uniform);
    pw.series.push_back(s);
  }
  out.emplace_back(kPrecisionWorkCheck.id, pw);
  // The figures of the checks the audit judged (its check list, AuditOptions::checks).
  std::erase_if(out, [&](const auto& f) { return a.find(f.first) == nullptr; });
  return out;
}

}  // namespace

// The overall line (issue 57): a defect the diagnosis names is never hidden
// behind "no check failed".
static std::string overall_words(const AuditResult& a) {
  if (a.any_failed()) return "FAIL";
  const std::size_t n = a.diagnosis.defects();
  if (n == 0) return "no check failed";
  return fmt::format("no check failed, but the diagnosis names {} defect{} (section Diagnosis; exit 4)", n,
                     n == 1 ? "" : "s");
}

// What the audited problems cannot test (untested_features.hpp), in one sentence.
static std::string untested_words(const Diagnosis& d) {
  std::string features, exposes;
  for (const auto& f : kTheoryFeatures)
    if (std::find(d.untested.begin(), d.untested.end(), f.tag) != d.untested.end()) {
      features += fmt::format("{}'{}'", features.empty() ? "" : ", ", f.tag);
      exposes += fmt::format("{}{}", exposes.empty() ? "" : "; ", f.exposes);
    }
  return fmt::format("**Not tested by these problems**: no audited problem has {} (tags, `studies/audit/audit.md`), "
                     "so a scheme wrong only there passes them: {}. The whole battery (`--max-problems 0`) has "
                     "each.",
                     features, exposes);
}

// The diagnosis (studies/audit/diagnosis/diagnosis.hpp): always the stencil and the
// coverage with their fitted laws; the findings; whether audit.md shows it.
nlohmann::json diagnosis_json(const Diagnosis& d) {
  nlohmann::json j;
  j["shown"] = d.shown;
  j["wall_seconds"] = d.wall_seconds;
  j["stencil"] = nlohmann::json::array();
  for (const auto& s : d.stencil) {
    nlohmann::json sj{{"of", s.of},           {"problem", s.problem}, {"kind", s.kind},   {"law", s.law},
                      {"c", s.c},             {"c_min", s.c_min},     {"c_max", s.c_max}, {"outside_step", s.outside},
                      {"runs", s.runs},       {"steps", s.steps}};
    if (!s.frozen_at.empty()) sj["frozen_at"] = s.frozen_at;
    for (const auto& l : s.laws)
      sj["fitted"].push_back({{"a", l.a}, {"b", l.b}, {"q", l.q}, {"rms", l.rms}});
    for (const auto& c : s.clocks)
      sj["clock"].push_back({{"a", c.a}, {"beta", c.beta}, {"b", c.b}, {"rms", c.rms}, {"points", c.points}});
    j["stencil"].push_back(sj);
  }
  j["coverage"] = nlohmann::json::array();
  for (const auto& c : d.coverage) {
    nlohmann::json cj{{"problem", c.problem},   {"constraints", c.constraints},   {"runs", c.runs},
                      {"never_evaluated", c.never}, {"project_calls", c.project_calls}};
    // Per constraint only where it says something: a few constraints, or some never looked at.
    if (c.constraints <= 16) {
      cj["evaluations"] = c.evaluations;
      cj["projections"] = c.projections;
    } else {
      std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = 0;
      for (auto e : c.evaluations) lo = std::min(lo, e), hi = std::max(hi, e);
      cj["evaluations_min"] = c.evaluations.empty() ? 0 : lo;
      cj["evaluations_max"] = hi;
    }
    if (c.carrier >= 0) cj["largest_violation"] = {{"constraint", c.carrier}, {"distance", c.carrier_violation}};
    j["coverage"].push_back(cj);
  }
  j["findings"] = nlohmann::json::array();
  for (const auto& f : d.findings) j["findings"].push_back({{"topic", f.topic}, {"text", f.text}, {"defect", f.defect}});
  for (const auto& [problem, tags] : d.tags) j["tags"][problem] = tags;
  j["defects"] = d.defects();
  j["untested"] = d.untested;
  return j;
}

nlohmann::json audit_json(const AuditResult& a) {
  nlohmann::json j;
  j["scheme"] = a.scheme;
  j["claimed_order"] = number(a.claim.claimed_order());
  j["claim_is_sharp"] = a.claim.sharp();
  j["failed"] = a.any_failed();
  j["undecided"] = a.any_undecided();  // a claim not shown: pre-asymptotic, unsettled, or a slope check inconclusive (exit 3)
  j["wall_seconds"] = a.wall_seconds;
  for (const auto& c : a.checks) {
    nlohmann::json cj{{"id", c.id},
                      {"title", c.title},
                      {"theorem", c.theorem},
                      {"verdict", to_string(c.verdict)},
                      {"evidence", c.evidence},
                      {"figure", stem_for(c.id)}};
    if (!c.not_run.empty()) cj["not_run"] = c.not_run;
    for (const auto& p : c.per_problem) {
      nlohmann::json pj{{"problem", p.problem},
                        {"verdict", to_string(p.judgement.verdict)},
                        {"evidence", p.judgement.evidence},
                        {"fit", fit_json(p.judgement.fit)}};
      if (p.not_run) pj["not_run"] = true;
      cj["problems"].push_back(pj);
    }
    for (const auto& s : c.skipped) cj["skipped"].push_back({{"problem", s.problem}, {"reason", s.reason}});
    j["checks"].push_back(cj);
  }
  for (const auto& p : a.problems)
    j["problems"].push_back({{"problem", p.problem}, {"error_measure", p.error_measure}, {"notes", p.notes}});
  for (const auto& s : a.not_run) j["not_run"].push_back({{"problem", s.problem}, {"reason", s.reason}});
  for (const auto& r : a.ladder_rows) j["ladder_rows"].push_back(row_json(r));
  for (const auto& r : a.reference_rows) j["reference_rows"].push_back(row_json(r));
  for (const auto& r : a.large_step_rows) j["large_step_rows"].push_back(row_json(r));
  for (const auto& r : a.probe_rows)
    j["probe_rows"].push_back({{"problem", r.problem},
                               {"h", r.h},
                               {"defect", number(r.defect)},
                               {"floor", r.floor},
                               {"max_residual", number(r.max_residual)},
                               {"points", r.points}});
  for (const auto& w : a.work)
    j["precision_work"].push_back(
        {{"error", w.error}, {"work_scheme", number(w.work_scheme)}, {"work_reference", number(w.work_reference)}});
  for (const auto& f : a.faults) {
    nlohmann::json fj{{"kind", f.kind},       {"problem", f.problem},          {"h", f.h},
                      {"steps", f.steps},     {"status", to_string(f.status)}, {"cause", f.detail}};
    if (f.steps_done >= 0) fj["steps_done"] = f.steps_done;
    j["faults"].push_back(fj);
  }
  for (const auto& f : a.problem_faults) {
    nlohmann::json fj{{"kind", f.kind},   {"problem", f.problem}, {"h", f.h},
                      {"steps", f.steps}, {"status", to_string(f.status)}, {"cause", f.detail}};
    if (f.steps_done >= 0) fj["steps_done"] = f.steps_done;
    j["problem_faults"].push_back(fj);
  }
  for (const auto& s : a.not_judged) j["not_judged"].push_back({{"problem", s.problem}, {"reason", s.reason}});
  if (!a.gave_up.empty()) {
    j["gave_up"] = a.gave_up;
    j["runs_not_started"] = a.runs_not_started;
  }
  j["diagnosis"] = diagnosis_json(a.diagnosis);
  j["isolated"] = a.isolated;
  j["child_runs"] = a.child_runs;
  j["determinism_hashes"] = {fmt::format("{:016x}", a.determinism_hash[0]), fmt::format("{:016x}", a.determinism_hash[1])};
  return j;
}

std::string audit_markdown(const AuditResult& a, const std::map<std::string, std::string>& figure_problems) {
  std::string md = fmt::format("# Audit of `{}`\n\n", a.scheme);
  md += fmt::format("Claimed order: {}. Overall: **{}**. What each check tests and its thresholds: "
                    "`studies/audit/audit.md`, `studies/audit/checks/audit_thresholds.hpp`.\n\n",
                    std::isfinite(a.claim.claimed_order())
                        ? fmt::format("{}{:g}", a.claim.sharp() ? "" : ">= ", a.claim.claimed_order())
                        : "none",
                    overall_words(a));
  if (!a.diagnosis.untested.empty())
    md += untested_words(a.diagnosis) + "\n\n";
  if (!a.not_judged.empty()) {
    md += "**A problem plugin failed, not the scheme** (issue 37): the problem below was not judged, and no check "
          "blames the scheme for it; the audit exits 1.\n\n| problem | reason |\n|---|---|\n";
    for (const auto& s : a.not_judged) md += fmt::format("| {} | {} |\n", cell(s.problem), cell(s.reason));
    md += "\n";
  }
  if (!a.gave_up.empty())
    md += fmt::format("**The audit stopped running the plugin**: {}. {} runs were not started; every check resting on "
                      "them says FAIL (not run) (README: how the audit isolates plugins).\n\n",
                      a.gave_up, a.runs_not_started);
  md += "| # | check | verdict | evidence | tests |\n|---|---|---|---|---|\n";
  int k = 0;
  for (const auto& c : a.checks)
    md += fmt::format("| {} | {} | **{}**{} | {} | {} |\n", ++k, c.title, to_string(c.verdict),
                      c.not_run.empty() ? "" : " (not run)", cell(c.evidence), cell(c.theorem));
  md += "\n";
  if (!a.problems.empty()) {
    md += "## Problems and their error measures\n\n| problem | error measured | notes |\n|---|---|---|\n";
    for (const auto& p : a.problems)
      md += fmt::format("| {} | {} | {} |\n", cell(p.problem), cell(p.error_measure), cell(p.notes));
    md += "\n";
  }
  if (!a.not_run.empty()) {
    md += "## Problems this scheme cannot run on\n\nListed in every check below as skipped; precision-work and "
          "determinism use the first problem above.\n\n| problem | reason |\n|---|---|\n";
    for (const auto& s : a.not_run) md += fmt::format("| {} | {} |\n", cell(s.problem), cell(s.reason));
    md += "\n";
  }
  for (const auto& c : a.checks) {
    md += fmt::format("## {} — {}{}\n\n{}\n\n", c.title, to_string(c.verdict), c.not_run.empty() ? "" : " (not run)",
                      c.evidence);
    if (const auto why = figure_problems.find(c.id); why != figure_problems.end())
      md += fmt::format("(Figure not drawn: {}.)\n\n", why->second);
    else if (const Check* check = find_check(c.id); check && check->has(CheckTag::figure))
      md += fmt::format("![{}]({}.png) ([SVG]({}.svg))\n\n", c.title, stem_for(c.id), stem_for(c.id));
    if (!c.per_problem.empty() || !c.skipped.empty()) {
      md += "| problem | verdict | evidence |\n|---|---|---|\n";
      for (const auto& p : c.per_problem)
        md += fmt::format("| {} | {}{} | {} |\n", p.problem, to_string(p.judgement.verdict), p.not_run ? " (not run)" : "",
                          cell(p.judgement.evidence));
      for (const auto& s : c.skipped) md += fmt::format("| {} | skipped | {} |\n", s.problem, cell(s.reason));
      md += "\n";
    }
  }
  if (a.diagnosis.shown) {
    const Diagnosis& d = a.diagnosis;
    md += "## Diagnosis\n\nWhat the host saw the scheme do through the problem's view, and what the rows show "
          "(information, not a verdict; `studies/audit/audit.md`, \"Diagnosis\"). **Defect** marks what a scheme of "
          "the seeds does not do; the rest are notes.\n\n";
    if (d.findings.empty()) md += "Nothing unusual found.\n\n";
    for (const auto& f : d.findings)
      md += fmt::format("- {}{}: {}\n", f.defect ? "**Defect**, " : "", f.topic, f.text);
    md += "\n| problem | f queried at | S queried at | constraints never evaluated |\n|---|---|---|---|\n";
    for (const auto& c : d.coverage) {
      std::string f_law, s_law;
      for (const auto& s : d.stencil)
        if (s.problem == c.problem) (s.of == "f" ? f_law : s_law) = s.law;
      std::string never = c.never.empty() ? "none" : fmt::format("{} of {}", c.never.size(), c.constraints);
      md += fmt::format("| {} | {} | {} | {} |\n", cell(c.problem), cell(f_law), cell(s_law), never);
    }
    md += "\n";
  }
  md += "## Large-step runs\n\n| problem | h | error | status |\n|---|---|---|---|\n";
  for (const auto& r : a.large_step_rows)
    md += fmt::format("| {} | {:.3g} | {:.3g} | {} |\n", problem_label(r), r.h, r.error_uniform, to_string(r.status));
  if (!a.faults.empty()) {
    md += "\n## Faults\n\nRuns of the audited scheme that failed as a program (each FAILs the checks resting on it):\n\n"
          "| run | problem | h | steps | status | cause |\n|---|---|---|---|---|---|\n";
    for (const auto& f : a.faults)
      md += fmt::format("| {} | {} | {:.4g} | {} | {} | {}{} |\n", f.kind, cell(f.problem), f.h, f.steps,
                        to_string(f.status), cell(f.detail),
                        f.steps_done >= 0 ? fmt::format(" (in step {})", f.steps_done + 1) : "");
  }
  if (!a.problem_faults.empty()) {
    md += "\n## Problem faults\n\nRuns where the problem plugin failed (its call and t named), not the scheme:\n\n"
          "| run | problem | h | steps | cause |\n|---|---|---|---|---|\n";
    for (const auto& f : a.problem_faults)
      md += fmt::format("| {} | {} | {:.4g} | {} | {} |\n", f.kind, cell(f.problem), f.h, f.steps, cell(f.detail));
  }
  if (a.isolated)
    md += fmt::format("\nThe scheme's {} runs each ran in a child process with a time limit (README: how the audit "
                      "isolates plugins).\n",
                      a.child_runs);
  md += fmt::format("\nWall time: {:.1f} s.\n", a.wall_seconds);
  return md;
}

std::vector<std::string> write_audit_report(const AuditResult& a, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::vector<std::string> files;
  // A figure that cannot be drawn (gnuplot missing, nothing finite to plot)
  // is said so in audit.md and audit.json: the verdicts do not depend on it.
  std::map<std::string, std::string> figure_problems;
  const auto figures = figures_of(a);
  std::vector<std::pair<LogLogFigure, std::filesystem::path>> jobs;
  for (const auto& [id, fig] : figures) jobs.emplace_back(fig, dir / stem_for(id));
  std::vector<FigureOutcome> rendered;
  try {
    rendered = render_figures(jobs);  // one gnuplot run for all (reports/gnuplot_files.hpp)
  } catch (const std::exception& e) {  // no scratch or output folder could be made, or gnuplot not started
    rendered.assign(jobs.size(), FigureOutcome{{}, e.what()});
  }
  for (std::size_t i = 0; i < figures.size(); ++i) {
    if (!rendered[i].error.empty()) {
      figure_problems[figures[i].first] = rendered[i].error;
      continue;
    }
    for (const auto& f : rendered[i].written) files.push_back(f);
  }
  auto json = audit_json(a);
  for (const auto& [id, why] : figure_problems) json["figures_not_drawn"][id] = why;
  write_file_atomically(dir / "audit.json", json_file_text(json));
  files.push_back("audit.json");
  write_file_atomically(dir / "audit.md", audit_markdown(a, figure_problems));
  files.push_back("audit.md");
  return files;
}

}  // namespace sweepcheck
