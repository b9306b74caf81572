// The claims of seed 000, Section 4, in the order the reports state them; each
// family in its own file (studies/cases/pbd_paper_claim_parts.hpp lists them).
#include "studies/cases/pbd_paper_claims.hpp"
#include "studies/cases/pbd_paper_claim_parts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace sweepcheck {

void PbdPaperThresholds::validate() const {
  if (!(majority > 0.5 && majority <= 1))
    throw std::invalid_argument(fmt::format("PbdPaperThresholds: majority must lie in (0.5, 1] (got {})", majority));
  stall.validate();
  ties.validate();
}

std::vector<Claim> pbd_paper_claims(const ConvergenceStudy& s, const std::string& problem,
                                    const PbdPaperThresholds& th, const std::vector<PerturbedRuns>& perturbed,
                                    double comparison_start) {
  using namespace pbd_paper;
  th.validate();
  const Footing f = footing(s, perturbed, comparison_start);
  std::vector<Claim> c;
  for (const auto& f : s.fits) {
    if (!std::isfinite(f.fit.expected_order)) continue;
    c.push_back(paper_order_claim(f, "pbd-paper." + problem + ".order." + f.scheme,
                            // Seed 000 proves convergence without a rate (Theorem 3.8) and
                            // reports order 1 as observed; the order tested is the scheme's claim.
                            fmt::format("{}: {} converges with order {}{:g} (the scheme's claim; seed 000 observes order "
                                        "1, Theorem 3.8 proves convergence without a rate)",
                                        problem, f.scheme, f.fit.expected_is_sharp ? "" : ">= ",
                                        f.fit.expected_order)));
  }
  c.push_back(claim_stability(s, perturbed, problem, "penalty", "the penalty method", "stability"));
  c.push_back(claim_stability(s, perturbed, problem, "pgs", "PGS", "stability-pgs"));
  c.push_back(claim_accuracy_per_step(f, problem, th));
  c.push_back(claim_precision_work(f, problem, th.ties));
  if (problem == "disks") {
    // Seed 000, Section 4.3's penalty paragraph and Fig. 10's caption, one claim per statement.
    for (auto& claim : penalty_breakdown_claims(s, problem, th.stall)) c.push_back(std::move(claim));
  }
  c.push_back(claim_pbd_below_penalty(f, problem, th.ties));
  return c;
}

}  // namespace sweepcheck
