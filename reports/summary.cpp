#include "reports/summary.hpp"

#include <fmt/format.h>

#include <cmath>

#include "sweepcheck/studies/engine/verdict_rule.hpp"

namespace sweepcheck {

namespace {

nlohmann::json number_or_null(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

std::string fmt_or_dash(double v, const char* spec = "{:.3g}") {
  return std::isfinite(v) ? fmt::format(fmt::runtime(spec), v) : std::string("–");
}

}  // namespace

std::vector<std::pair<std::string, std::string>> verdict_legend() {
  // Made from the rule's own table (studies/engine/verdict_rule.hpp, the
  // table of fit_order.md, "Verdicts"): when each verdict is given, and what
  // to do about it.
  std::vector<std::pair<std::string, std::string>> legend;
  for (const auto& r : verdict_rule_rows())
    legend.emplace_back(to_string(r.verdict), r.what_to_do == "–" ? r.when  // the table's "nothing applies"
                                                                  : fmt::format("{} What to do: {}.", r.when, r.what_to_do));
  return legend;
}

std::string claimed_order_text(const OrderFit& fit) {
  if (!std::isfinite(fit.expected_order)) return "no claim";
  return fmt::format("{}{:g}", fit.expected_is_sharp ? "" : "≥ ", fit.expected_order);
}

std::string verdict_legend_markdown() {
  std::string md = std::string("Verdicts (studies/engine/fit_order.md, \"Verdicts\"): ") + kVerdictLegendSymbols + "\n\n";
  for (const auto& [v, text] : verdict_legend()) md += fmt::format("- **{}**: {}\n", v, text);
  return md;
}

std::string claim_markdown(const Claim& c) {
  // The paper's words stand right before the verdict they receive.
  const std::string quote =
      c.quote.empty() ? std::string() : fmt::format(" — the paper ({}): “{}”", c.quote_source, c.quote);
  return fmt::format("{}{} — **{}**: {} (criterion: {}) `{}`", c.statement, quote, to_string(c.verdict), c.evidence,
                     c.criterion, c.id);
}

nlohmann::json claims_json(const std::vector<Claim>& claims) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : claims) {
    nlohmann::json numbers = nlohmann::json::object();
    for (const auto& [k, v] : c.numbers) numbers[k] = number_or_null(v);
    out.push_back({{"id", c.id},
                   {"statement", c.statement},
                   {"quote", c.quote},
                   {"quote_source", c.quote_source},
                   {"criterion", c.criterion},
                   {"verdict", to_string(c.verdict)},
                   {"evidence", c.evidence},
                   {"numbers", numbers}});
  }
  return out;
}

nlohmann::json summary_json(const ConvergenceStudy& study) {
  nlohmann::json fits = nlohmann::json::array();
  for (const auto& f : study.fits) {
    nlohmann::json local = nlohmann::json::array();
    for (const auto& l : f.fit.local_orders)
      local.push_back({{"h_large", l.h_large}, {"h_small", l.h_small}, {"order", number_or_null(l.order)}});
    fits.push_back({{"problem", f.problem},
                    {"parameters", f.parameters},
                    {"scheme", f.scheme},
                    {"order", number_or_null(f.fit.order)},
                    {"ci_low", number_or_null(f.fit.ci_low)},
                    {"ci_high", number_or_null(f.fit.ci_high)},
                    {"std_error", number_or_null(f.fit.std_error)},
                    {"statistical_half_width", number_or_null(f.fit.statistical_half_width)},
                    {"drift", number_or_null(f.fit.drift)},
                    {"resolution", number_or_null(f.fit.resolution)},
                    {"h_min", number_or_null(f.fit.h_min)},
                    {"h_max", number_or_null(f.fit.h_max)},
                    {"points_used", f.fit.points_used},
                    {"dropped_unusable", f.fit.dropped_unusable},
                    {"dropped_floor", f.fit.dropped_floor},
                    {"dropped_preasymptotic", f.fit.dropped_preasymptotic},
                    {"expected_order", number_or_null(f.fit.expected_order)},
                    {"expected_is_sharp", f.fit.expected_is_sharp},
                    {"verdict", to_string(f.fit.verdict)},
                    {"reason", f.fit.reason},
                    {"settled", f.fit.settled},
                    {"moving", f.fit.moving},
                    {"trend", number_or_null(f.fit.trend)},
                    {"trend_interval", {number_or_null(f.fit.trend_low), number_or_null(f.fit.trend_high)}},
                    {"settle_mean", number_or_null(f.fit.settle_mean)},
                    {"settle_spread", number_or_null(f.fit.settle_spread)},
                    {"refinement_work", f.fit.refinement.work},
                    {"refinement_seconds", f.fit.refinement.seconds},
                    {"jitter", number_or_null(f.fit.jitter)},
                    {"finest_h", number_or_null(f.fit.finest_h)},
                    {"suggested_h", number_or_null(f.fit.suggested_h)},
                    {"refined_rungs", f.fit.refinement.rungs},
                    {"refinement_stop", f.fit.refinement.stop},
                    {"final_time", {{"order", number_or_null(f.final_fit.order)},
                                    {"ci_low", number_or_null(f.final_fit.ci_low)},
                                    {"ci_high", number_or_null(f.final_fit.ci_high)},
                                    {"verdict", to_string(f.final_fit.verdict)},
                                    {"reason", f.final_fit.reason}}},
                    {"given_steps", {{"order", number_or_null(f.ladder_fit.order)},
                                     {"ci_low", number_or_null(f.ladder_fit.ci_low)},
                                     {"ci_high", number_or_null(f.ladder_fit.ci_high)},
                                     {"verdict", to_string(f.ladder_fit.verdict)},
                                     {"reason", f.ladder_fit.reason}}},
                    {"local_orders", local}});
  }
  return {{"study", study.name}, {"runs", study.rows.size()}, {"fits", fits}};
}

std::string summary_markdown(const ConvergenceStudy& study, const ReportText& text,
                             const std::vector<std::string>& figures) {
  std::string md = "# " + (text.title.empty() ? study.name : text.title) + "\n\n";
  if (!text.description.empty()) md += text.description + "\n\n";

  md += "## Fitted orders\n\n";
  md += "| problem | parameters | scheme | order | 95% interval | h window | points | expected | verdict | on the "
        "given steps only | error at T: order [interval] |\n";
  md += "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& f : study.fits) {
    // The given steps' own fit is shown beside the verdict when refinement added rungs.
    const std::string given = f.fit.refinement.rungs == 0
                                  ? std::string("(same)")
                                  : fmt::format("{} [{}, {}] {}", fmt_or_dash(f.ladder_fit.order, "{:.3f}"),
                                                fmt_or_dash(f.ladder_fit.ci_low, "{:.3f}"),
                                                fmt_or_dash(f.ladder_fit.ci_high, "{:.3f}"), to_string(f.ladder_fit.verdict));
    const std::string at_t = fmt::format("{} [{}, {}]", fmt_or_dash(f.final_fit.order, "{:.3f}"),
                                         fmt_or_dash(f.final_fit.ci_low, "{:.3f}"), fmt_or_dash(f.final_fit.ci_high, "{:.3f}"));
    md += fmt::format("| {} | {} | {} | {} | [{}, {}] | [{}, {}] | {} | {} | **{}** | {} | {} |\n", f.problem, f.parameters,
                      f.scheme, fmt_or_dash(f.fit.order, "{:.3f}"), fmt_or_dash(f.fit.ci_low, "{:.3f}"),
                      fmt_or_dash(f.fit.ci_high, "{:.3f}"), fmt_or_dash(f.fit.h_min), fmt_or_dash(f.fit.h_max),
                      f.fit.points_used,
                      claimed_order_text(f.fit),
                      to_string(f.fit.verdict), given, at_t);
  }
  md += "\nThe interval's half-width is the largest of the statistical 95% half-width, the drift of the fit from the "
        "local order of the two smallest steps, and the order resolution (see `studies/engine/fit_order.md`).\n\n";
  md += verdict_legend_markdown() + "\n";
  for (const auto& f : study.fits) {
    std::string local;
    for (const auto& l : f.fit.local_orders) local += (local.empty() ? "" : ", ") + fmt_or_dash(l.order, "{:.2f}");
    md += fmt::format("- {} / {}: {}; statistical ±{}, drift {}, resolution {}; dropped {} unusable, {} at the "
                      "noise floor, {} pre-asymptotic; local orders (largest h first) {}{}.\n",
                      f.scheme, f.parameters, f.fit.reason, fmt_or_dash(f.fit.statistical_half_width),
                      fmt_or_dash(f.fit.drift), fmt_or_dash(f.fit.resolution), f.fit.dropped_unusable,
                      f.fit.dropped_floor, f.fit.dropped_preasymptotic, local.empty() ? "–" : local,
                      f.fit.refinement.rungs == 0 && f.fit.refinement.stop.empty()
                          ? std::string()
                          : fmt::format("; refinement added {} rungs down to h = {} ({})", f.fit.refinement.rungs,
                                        fmt_or_dash(f.fit.finest_h), f.fit.refinement.stop));
  }

  if (!text.findings.empty()) {
    md += "\n## Findings\n\n";
    for (const auto& s : text.findings) md += "- " + s + "\n";
  }
  if (!figures.empty()) {
    md += "\n## Figures\n\n";
    for (const auto& f : figures) md += "![" + f + "](" + f + ")\n\n";
  }

  md += "## Runs\n\n";
  md += "| scheme | parameters | h | steps | uniform error | grid error | violation | evals/step | status |\n";
  md += "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : study.rows) {
    std::string status = to_string(r.status);
    if (r.fail_step >= 0) status += fmt::format(" at step {}", r.fail_step);
    md += fmt::format("| {} | {} | {:.4g}{} | {} | {} | {} | {} | {:.2f} | {} |\n", r.scheme, r.parameters, r.h,
                      r.refined ? " (refined)" : "", r.steps,
                      fmt_or_dash(r.error_uniform), fmt_or_dash(r.error_grid), fmt_or_dash(r.violation),
                      r.evaluations_per_step(), status);
  }
  return md;
}

}  // namespace sweepcheck
