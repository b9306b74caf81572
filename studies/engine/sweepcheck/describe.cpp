// A convergence result in words (sweepcheck/convergence_result.hpp): its
// one-line summary, the first lines of a failure message (headline), and
// what a failing assertion prints (describe), with the pieces they share.
#include "sweepcheck/convergence_result.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"  // one_line: a newline in a reason or a name becomes a space
#include "sweepcheck/testing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace sweepcheck {

namespace {

std::string interval(const OrderFit& f) {
  if (std::isnan(f.order)) return "no fit";
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] over {} points, h in [{:.3g}, {:.3g}]", f.order, f.ci_low, f.ci_high,
                     f.points_used, f.h_min, f.h_max);
}

}  // namespace

std::string observed_order(const OrderFit& fit) {
  if (std::isnan(fit.order)) return "no order";
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", fit.order, fit.ci_low, fit.ci_high);
}

std::string describe_runs(const std::vector<RunRow>& rows) {
  int refined = 0;
  double h_max = NAN, h_min = NAN;
  for (const auto& row : rows) {
    refined += row.refined;
    h_max = std::isnan(h_max) ? row.h : std::max(h_max, row.h);
    h_min = std::isnan(h_min) ? row.h : std::min(h_min, row.h);
  }
  return fmt::format("{} runs ({} refined), h {:.3g} to {:.3g}", rows.size(), refined, h_max, h_min);
}

std::string ConvergenceResult::summary() const {
  return one_line(fmt::format("{}: {} on {}, claim {}, observed {} ({} error), {}", to_string(fit.verdict), scheme,
                              problem, to_string(claim), observed_order(fit), refined_for, describe_runs(rows)));
}

std::string headline(const ConvergenceResult& r) {
  return fmt::format("  claim: {}\n  observed order ({} error): {}\n  reason: {}\n", to_string(r.claim), r.refined_for,
                     one_line(interval(r.fit)), one_line(r.fit.reason));
}

std::string describe(const ConvergenceResult& r) {
  std::string s = fmt::format("convergence of {} on {} (claim: {})\n", r.scheme, r.problem, to_string(r.claim));
  s += fmt::format("  verdict ({} error): {}: {}\n", r.refined_for, to_string(r.fit.verdict), r.fit.reason);
  std::vector<const NormFit*> all{&r.uniform, &r.final_time};
  for (const auto& g : r.observables) all.push_back(&g);
  for (const NormFit* n : all)
    s += fmt::format("  {:<12} {:<15} fitted order {}\n", n->norm, to_string(n->fit.verdict), interval(n->fit));
  if (r.fit.refinement.rungs > 0 || !r.fit.refinement.stop.empty())
    s += fmt::format("  refinement: {} rungs, {:.3g} work units ({:.3g} s); stopped: {}\n", r.fit.refinement.rungs,
                     r.fit.refinement.work, r.fit.refinement.seconds,
                     r.fit.refinement.stop.empty() ? "-" : r.fit.refinement.stop);
  s += fmt::format("  {:>12}  {:>9}  {:>12}  {:>12}  {:>12}  {:>12}  {:<13} {}\n", "h", "steps", "error", "final error",
                   "noise floor", "violation", "status", "");
  for (const auto& row : r.rows)
    s += fmt::format("  {:>12.6g}  {:>9}  {:>12.6g}  {:>12.6g}  {:>12.3g}  {:>12.3g}  {:<13} {}\n", row.h, row.steps,
                     row.error_uniform, row.error_final, row.noise_floor, row.violation, to_string(row.status),
                     row.refined ? "refined" : "");
  s += fmt::format("  local orders of the {} error (consecutive steps, largest h first):\n", r.refined_for);
  if (r.fit.local_orders.empty()) s += "    none (fewer than two usable points above the noise floor)\n";
  for (const auto& lo : r.fit.local_orders)
    s += fmt::format("    {:>12.6g} -> {:<12.6g} {:.3f}\n", lo.h_large, lo.h_small, lo.order);
  return s;
}

std::ostream& operator<<(std::ostream& os, const ConvergenceResult& r) { return os << describe(r); }

}  // namespace sweepcheck
