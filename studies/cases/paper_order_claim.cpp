#include "studies/cases/paper_order_claim.hpp"

#include <cmath>

#include <fmt/format.h>

namespace sweepcheck {

namespace {

std::string fit_text(const OrderFit& f) {
  if (!std::isfinite(f.order)) return "no fit (" + f.reason + ")";
  std::string local;
  for (const auto& l : f.local_orders) local += fmt::format("{}{:.2f}", local.empty() ? "" : ", ", l.order);
  return fmt::format("order {:.3f} [{:.3f}, {:.3f}] over h in [{:.2g}, {:.2g}], {} (local orders {})", f.order,
                     f.ci_low, f.ci_high, f.h_min, f.h_max, to_string(f.verdict), local);
}

// The rule in words, its numbers read from the fit rule's defaults
// (FitOptions), so that the words cannot drift from the rule.
std::string criterion() {
  const FitOptions d;
  return fmt::format(
      "the refined order fit's verdict (studies/engine/fit_order.md): refined by halvings within the "
      "deterministic work budget until the data show the claim or its failure, each look at confidence "
      "1 - {0:g}/looks; supported when the lower bound of the order at the finest steps is at least p - {1:g} "
      "(order >= p, as a theorem bounds the error; scatter never passes); not supported when its upper "
      "bound lies below p - {1:g} on settled local orders whose median misses it too",
      1 - d.confidence, d.resolution);
}

}  // namespace

Claim paper_order_claim(const SchemeFit& f, const std::string& id, const std::string& statement) {
  Claim c;
  c.id = id;
  c.statement = statement;
  c.criterion = criterion();
  c.verdict = claim_verdict(f.fit.verdict);
  c.evidence = "on the given steps (the paper's list): " + fit_text(f.ladder_fit);
  if (f.fit.refinement.rungs > 0)
    c.evidence += fmt::format("; refined by {} rungs to h = {:.3g} ({}): {}", f.fit.refinement.rungs, f.fit.finest_h,
                              f.fit.refinement.stop, fit_text(f.fit));
  else
    c.evidence += "; not refined";
  if (f.fit.verdict == FitVerdict::pre_asymptotic || f.fit.verdict == FitVerdict::unsettled || f.fit.verdict == FitVerdict::fail ||
      (f.fit.verdict == FitVerdict::pass && f.fit.ci_low > f.fit.expected_order))
    c.evidence += "; " + f.fit.reason;
  c.numbers = {{"order", f.fit.order},           {"ci_low", f.fit.ci_low},
               {"ci_high", f.fit.ci_high},       {"given_order", f.ladder_fit.order},
               {"finest_h", f.fit.finest_h},     {"refined_rungs", double(f.fit.refinement.rungs)},
               {"suggested_h", f.fit.suggested_h}};
  return c;
}

}  // namespace sweepcheck
