#pragma once
// summary.json and summary.md of a convergence study: per problem and
// scheme, the fitted order with its interval and verdict.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "studies/cases/paper_claim.hpp"
#include "studies/cases/convergence_study.hpp"

namespace sweepcheck {

// Free text a study adds to its summary.md (problem statement, what the
// paper claims, findings computed from the data).
struct ReportText {
  std::string title;
  std::string description;           // Markdown, placed under the title
  std::vector<std::string> findings;  // Markdown bullet items
};

nlohmann::json summary_json(const ConvergenceStudy& study);
// The order a fit was compared with, as every table prints it: "≥ 1" (a
// one-sided claim), "1" (a sharp one), or "no claim" for a scheme that claims
// none (issue 34: never "nan").
std::string claimed_order_text(const OrderFit& fit);
// One claim as a Markdown bullet item ("statement — the paper (source): “quote” — **verdict**: evidence
// (criterion: …) `id`"; without a quote the part before the verdict is the statement alone), and all as
// JSON (with "quote" and "quote_source", empty when the claim quotes nothing).
std::string claim_markdown(const Claim& claim);
// Each fit verdict with when it is given and what to do (the summaries' and
// the HTML report's legend; README, "Verdicts"), made from the rule's own
// table (studies/engine/verdict_rule.hpp, one source with fit_order.md;
// Markdown), and the symbols it uses.
std::vector<std::pair<std::string, std::string>> verdict_legend();
inline constexpr const char* kVerdictLegendSymbols =
    "`p` is the claimed order, `δ` the resolution (0.05), `[L, U]` the 95 % interval of the order at the finest "
    "steps; a claim is one-sided (order ≥ p) unless it is sharp.";
std::string verdict_legend_markdown();
nlohmann::json claims_json(const std::vector<Claim>& claims);
std::string summary_markdown(const ConvergenceStudy& study, const ReportText& text,
                             const std::vector<std::string>& figures);

}  // namespace sweepcheck
