#include "sweepcheck/testing.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"  // one_line: a newline in a reason or a name becomes a space

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace sweepcheck {

void ConvergenceOptions::validate() const {
  steps.validate();
  claim.validate();
  for (std::size_t i = 0; i < observables.size(); ++i) {
    const auto& g = observables[i];
    if (g.name.empty() || g.name == "uniform" || g.name == "final-time")
      throw std::invalid_argument(fmt::format(
          "ConvergenceOptions: observables[{}].name must be non-empty and not \"uniform\" or \"final-time\" (got \"{}\")",
          i, g.name));
    if (!g.value) throw std::invalid_argument(fmt::format("ConvergenceOptions: observables[{}].value is empty", i));
    for (std::size_t j = 0; j < i; ++j)
      if (observables[j].name == g.name)
        throw std::invalid_argument(fmt::format("ConvergenceOptions: observables[{}].name \"{}\" is used twice", i, g.name));
  }
  bool known = refine_for == "uniform" || refine_for == "final-time";
  for (const auto& g : observables) known = known || refine_for == g.name;
  if (!known)
    throw std::invalid_argument(fmt::format(
        "ConvergenceOptions: refine_for must be \"uniform\", \"final-time\" or an observable's name (got \"{}\")",
        refine_for));
  if (points_per_step < 1)
    throw std::invalid_argument(fmt::format("ConvergenceOptions: points_per_step must be >= 1 (got {})", points_per_step));
  if (!(reference_error >= 0) || !std::isfinite(reference_error))
    throw std::invalid_argument(
        fmt::format("ConvergenceOptions: reference_error must be finite and >= 0 (got {})", reference_error));
  refine.validate();
  integrate.validate();
}

namespace {

OrderPoint point_of(const ConvergenceResult& r, const NormFit& n, std::size_t i) {
  OrderPoint p = order_point(r.rows[i]);
  p.error = n.errors[i];
  p.noise_floor = n.noise_floors[i];
  p.usable = p.usable && std::isfinite(p.error);
  return p;
}

std::vector<OrderPoint> points_of(const ConvergenceResult& r, const NormFit& n, std::size_t count) {
  std::vector<OrderPoint> pts;
  for (std::size_t i = 0; i < count; ++i) pts.push_back(point_of(r, n, i));
  return pts;
}

NormFit* find_norm(ConvergenceResult& r, std::string_view name) {
  if (name == "uniform") return &r.uniform;
  if (name == "final-time") return &r.final_time;
  for (auto& g : r.observables)
    if (g.norm == name) return &g;
  return nullptr;
}

}  // namespace

void fit_norms(ConvergenceResult& r, const ConvergenceOptions& options, std::size_t given,
               const std::function<void(double h)>& refine_at) {
  const FitOptions fo = r.claim.fit_options();
  NormFit& judged = *find_norm(r, options.refine_for);
  std::vector<OrderPoint> points = points_of(r, judged, r.rows.size());
  judged.fit = refine_fit(points, fo, options.refine, [&](double h) {
    refine_at(h);
    r.rows.back().refined = true;
    return point_of(r, judged, r.rows.size() - 1);
  });
  std::vector<NormFit*> all{&r.uniform, &r.final_time};
  for (auto& g : r.observables) all.push_back(&g);
  for (NormFit* n : all) {
    n->ladder_fit = fit_order(points_of(r, *n, given), fo);
    if (n == &judged) continue;
    FitOptions at = fo;
    at.ladder_ended_by_floor = judged.fit.refinement_ended_by_floor || judged.fit.ended_by_noise_floor;
    n->fit = fit_order(points_of(r, *n, r.rows.size()), at);
  }
  r.refined_for = options.refine_for;
  r.fit = judged.fit;
  r.ladder_fit = judged.ladder_fit;
}

const NormFit& ConvergenceResult::norm(std::string_view name) const {
  const NormFit* n = find_norm(const_cast<ConvergenceResult&>(*this), name);
  if (!n) throw std::invalid_argument(fmt::format("ConvergenceResult: no norm named \"{}\"", name));
  return *n;
}

OrderFit ConvergenceResult::judged_against(double order, bool sharp) const {
  if (order == claimed_order && sharp == claim_is_sharp && refined_for == "uniform") return uniform.fit;
  OrderClaim c = sharp ? OrderClaim::exactly(order) : OrderClaim::at_least(order);
  return fit_order(points_of(*this, uniform, rows.size()), c.within(claim.resolution).fit_options());
}

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
  if (r.fit.refined_rungs > 0 || !r.fit.refinement_stop.empty())
    s += fmt::format("  refinement: {} rungs, {:.3g} work units ({:.3g} s); stopped: {}\n", r.fit.refined_rungs,
                     r.fit.refinement_work, r.fit.refinement_seconds,
                     r.fit.refinement_stop.empty() ? "-" : r.fit.refinement_stop);
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
