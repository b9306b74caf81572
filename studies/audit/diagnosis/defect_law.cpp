// The consistency defect as a law c h^q (diagnosis.hpp, defect_law_findings;
// issue 57, item 1; the rule of support: law_fit.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "studies/audit/diagnosis/diagnosis.hpp"
#include "studies/audit/diagnosis/law_fit.hpp"

namespace sweepcheck {

namespace {
// Rows read: the finest ones above ten times their round-off floor (the probe's
// own floor, 100 ε (1 + 2|y|)/h: below it the defect is rounding, not a law),
// at most four (the fingerprints' window, audit.md "Diagnosis" item 4).
constexpr std::size_t kDefectRowsRead = 4;
constexpr double kDefectAboveFloor = 10;
// A defect shrinking slower than h^0.25 fails the consistency check itself
// (its slope rule, studies/audit/checks/audit_thresholds.hpp) and is read
// there; the law is named above it, where the check passes (measured: S at
// t + h + 0.1 sqrt(h) gave q = 0.03 [0.01, 0.04] on the translating balls,
// a defect that does not shrink, not an order).
constexpr double kDefectMinSlope = 0.25;
}  // namespace

std::vector<Finding> defect_law_findings(const std::string& problem, std::vector<ProbeLevel> rows,
                                         double claimed_order) {
  if (!std::isfinite(claimed_order) || !(claimed_order > 0)) return {};
  std::erase_if(rows, [](const ProbeLevel& r) {
    return !(r.h > 0) || !std::isfinite(r.defect) || !(r.defect > kDefectAboveFloor * r.floor) || !(r.defect > 0);
  });
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.h > b.h; });
  if (rows.size() > kDefectRowsRead) rows.erase(rows.begin(), rows.end() - std::ptrdiff_t(kDefectRowsRead));
  std::vector<double> h, d;
  for (const auto& r : rows) h.push_back(r.h), d.push_back(r.defect);
  const PowerLaw L = fit_power_law(h, d);
  if (!L.supported || !(L.lo() > kDefectMinSlope) || !(L.hi() < claimed_order - kLawMaxHalfWidth)) return {};
  return {{"step",
           fmt::format("{}: the consistency defect shrinks like {:.3g} h^{:.2f} (q in [{:.2f}, {:.2f}], fitted over the "
                       "{} finest probe steps from {:.3g} to {:.3g}): each step is off the sweeping process by "
                       "{:.3g} h^{:.2f}, a local error that adds up over T/h steps to O(h^{:.2f}), so the scheme "
                       "converges with order at most {:.2f}, below the claim {:g}. The consistency check passes (the "
                       "defect does vanish); the convergence check sees the order. Where to look: a term of the step "
                       "that is not h f or a projection (a drift, a regularisation or a correction whose size is a "
                       "power of h other than 1: sqrt(h), h^1.5 in a step that should be h f + O(h^2)). Check: one "
                       "step from a point far inside S at two step sizes h and h/4: Phi_h(x) - x - h f(t_k, x) must "
                       "shrink 16-fold; it shrinks 4^{:.2f} = {:.3g}-fold.",
                       problem, L.c, L.q, L.lo(), L.hi(), rows.size(), h.front(), h.back(), L.c, 1 + L.q, L.q, L.q,
                       claimed_order, 1 + L.q, std::pow(4.0, 1 + L.q)),
           true}};
}

}  // namespace sweepcheck
