#include "sweepcheck/testing.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace sweepcheck {

void ConvergenceOptions::validate() const {
  if (ladder) ladder->validate();
  if (!std::isnan(claimed_order) && !(claimed_order > 0 && std::isfinite(claimed_order)))
    throw std::invalid_argument(
        fmt::format("ConvergenceOptions: claimed_order must be a finite number > 0, or NaN for the scheme's own (got {})",
                    claimed_order));
  if (points_per_step < 1)
    throw std::invalid_argument(fmt::format("ConvergenceOptions: points_per_step must be >= 1 (got {})", points_per_step));
  if (!(reference_error >= 0) || !std::isfinite(reference_error))
    throw std::invalid_argument(
        fmt::format("ConvergenceOptions: reference_error must be finite and >= 0 (got {})", reference_error));
  fit.validate();
  refine.validate();
  integrate.validate();
}

OrderFit ConvergenceResult::judged_against(double order, bool sharp) const {
  if (order == claimed_order && sharp == claim_is_sharp) return fit;
  FitOptions opt = fit_options;
  opt.expected_order = order;
  opt.expected_is_sharp = sharp;
  std::vector<OrderPoint> points;
  for (const auto& r : rows) points.push_back(order_point(r));
  return fit_order(points, opt);
}

namespace {

std::string claim_text(double order, bool sharp) {
  if (std::isnan(order)) return "none claimed";
  return fmt::format("order {} {:g}", sharp ? "=" : ">=", order);
}

std::string interval(const OrderFit& f) {
  if (std::isnan(f.order)) return "no fit";
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] over {} points, h in [{:.3g}, {:.3g}]", f.order, f.ci_low, f.ci_high,
                     f.points_used, f.h_min, f.h_max);
}

}  // namespace

std::string describe(const ConvergenceResult& r) {
  std::string s = fmt::format("convergence of {} on {} (claim: {})\n", r.scheme, r.problem,
                              claim_text(r.claimed_order, r.claim_is_sharp));
  s += fmt::format("  verdict: {}: {}\n", to_string(r.fit.verdict), r.fit.reason);
  s += fmt::format("  fitted order: {}\n", interval(r.fit));
  if (r.fit.refined_rungs > 0 || !r.fit.refinement_stop.empty())
    s += fmt::format("  refinement: {} rungs, {:.3g} work units ({:.3g} s); stopped: {}\n", r.fit.refined_rungs,
                     r.fit.refinement_work, r.fit.refinement_seconds,
                     r.fit.refinement_stop.empty() ? "-" : r.fit.refinement_stop);
  s += fmt::format("  {:>12}  {:>9}  {:>12}  {:>12}  {:>12}  {:<13} {}\n", "h", "steps", "error", "noise floor",
                   "violation", "status", "");
  for (const auto& row : r.rows)
    s += fmt::format("  {:>12.6g}  {:>9}  {:>12.6g}  {:>12.3g}  {:>12.3g}  {:<13} {}\n", row.h, row.steps,
                     row.error_uniform, row.noise_floor, row.violation, to_string(row.status),
                     row.refined ? "refined" : "");
  s += "  local orders (consecutive steps, largest h first):\n";
  if (r.fit.local_orders.empty()) s += "    none (fewer than two usable points above the noise floor)\n";
  for (const auto& lo : r.fit.local_orders)
    s += fmt::format("    {:>12.6g} -> {:<12.6g} {:.3f}\n", lo.h_large, lo.h_small, lo.order);
  return s;
}

std::ostream& operator<<(std::ostream& os, const ConvergenceResult& r) { return os << describe(r); }

}  // namespace sweepcheck
