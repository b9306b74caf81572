#include "studies/cases/order_claim.hpp"

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

}  // namespace

Claim order_claim(const SchemeFit& f, const std::string& id, const std::string& statement) {
  Claim c;
  c.id = id;
  c.statement = statement;
  c.criterion = "the refined order fit's verdict (studies/engine/fit_order.md): refined by halvings within the "
                "deterministic work budget until the data show the claim or its failure, each look at confidence "
                "1 - 0.05/looks; supported when the lower bound of the order at the finest steps is at least p - 0.05 "
                "(order >= p, as a theorem bounds the error; scatter never passes); not supported when its upper "
                "bound lies below p - 0.05 on settled local orders whose median misses it too";
  switch (f.fit.verdict) {
    case Verdict::pass: c.verdict = ClaimVerdict::supported; break;
    case Verdict::fail: c.verdict = ClaimVerdict::not_supported; break;
    case Verdict::pre_asymptotic: c.verdict = ClaimVerdict::pre_asymptotic; break;
    case Verdict::unsettled: c.verdict = ClaimVerdict::unsettled; break;
    default: c.verdict = ClaimVerdict::inconclusive; break;
  }
  c.evidence = "on the given steps (the paper's list): " + fit_text(f.ladder_fit);
  if (f.fit.refined_rungs > 0)
    c.evidence += fmt::format("; refined by {} rungs to h = {:.3g} ({}): {}", f.fit.refined_rungs, f.fit.finest_h,
                              f.fit.refinement_stop, fit_text(f.fit));
  else
    c.evidence += "; not refined";
  if (f.fit.verdict == Verdict::pre_asymptotic || f.fit.verdict == Verdict::unsettled || f.fit.verdict == Verdict::fail ||
      (f.fit.verdict == Verdict::pass && f.fit.ci_low > f.fit.expected_order))
    c.evidence += "; " + f.fit.reason;
  c.numbers = {{"order", f.fit.order},           {"ci_low", f.fit.ci_low},
               {"ci_high", f.fit.ci_high},       {"given_order", f.ladder_fit.order},
               {"finest_h", f.fit.finest_h},     {"refined_rungs", double(f.fit.refined_rungs)},
               {"suggested_h", f.fit.suggested_h}};
  return c;
}

}  // namespace sweepcheck
