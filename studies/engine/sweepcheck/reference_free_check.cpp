#include "sweepcheck/reference_free_check.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace sweepcheck {

void ReferenceFreeOptions::validate() const {
  steps.validate();
  claim.validate();
  if (samples < 1) throw std::invalid_argument(fmt::format("ReferenceFreeOptions: samples must be >= 1 (got {})", samples));
  richardson.validate();
  integrate.validate();
}

void estimate_reference_free(ReferenceFreeResult& r, const std::vector<LadderRun>& runs, const ReferenceFreeOptions& o) {
  RichardsonOptions ro = o.richardson;
  ro.resolution = r.claim.resolution;
  const double p = r.claim.judged() ? r.claim.order : std::numeric_limits<double>::quiet_NaN();
  r.estimate = reference_free_estimate(runs, p, r.claim.sharp(), ro);
  const auto d = successive_differences(runs);
  for (auto& row : r.rows)
    for (std::size_t m = 0; m + 1 < d.h.size(); ++m)
      if (d.h[m + 1] == row.h) row.error_uniform = d.d[m];
}

namespace {

std::string single_line(std::string s) {
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  return s;
}

}  // namespace

std::string ReferenceFreeResult::summary() const {
  const double h_max = rows.empty() ? NAN : rows.front().h, h_min = rows.empty() ? NAN : rows.back().h;
  return single_line(fmt::format("{}: {} on {} (reference-free), claim {}, observed {}, {} runs, h {:.3g} to {:.3g}",
                              to_string(estimate.verdict), scheme, problem, to_string(claim), describe(estimate),
                              rows.size(), h_max, h_min));
}

std::string headline(const ReferenceFreeResult& r) {
  return fmt::format("  claim: {}\n  observed order (Richardson): {}\n  reason: {}\n", to_string(r.claim),
                     single_line(describe(r.estimate)), single_line(r.estimate.reason));
}

std::string describe(const ReferenceFreeResult& r) {
  std::string s = fmt::format("reference-free convergence of {} on {} (claim: {})\n", r.scheme, r.problem,
                              to_string(r.claim));
  s += fmt::format("  verdict: {}: {}\n", to_string(r.estimate.verdict), r.estimate.reason);
  s += fmt::format("  Richardson: {}\n", describe(r.estimate));
  s += fmt::format("  {:>12}  {:>9}  {:>22}  {:>12}  {:<13}\n", "h", "steps", "distance to next finer", "noise floor",
                   "status");
  for (const auto& row : r.rows)
    s += fmt::format("  {:>12.6g}  {:>9}  {:>22.6g}  {:>12.3g}  {:<13}\n", row.h, row.steps, row.error_uniform,
                     row.noise_floor, to_string(row.status));
  s += "  triples (finest first): h_fine, h_mid, h_coarse, order, GCI\n";
  for (const auto& t : r.estimate.triples)
    s += fmt::format("    {:.6g} {:.6g} {:.6g} {:.3f} {:.3g}\n", t.h_fine, t.h_mid, t.h_coarse, t.order, t.gci_fine);
  return s;
}

std::ostream& operator<<(std::ostream& os, const ReferenceFreeResult& r) { return os << describe(r); }

}  // namespace sweepcheck
