#include "sweepcheck/reference_free_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "sweepcheck/studies/engine/error_floor.hpp"
#include "sweepcheck/studies/engine/text_quoting.hpp"  // one_line: a newline in a reason or a name becomes a space

namespace sweepcheck {

void ReferenceFreeOptions::validate() const {
  steps.validate();
  claim.validate();
  if (samples < 1) throw std::invalid_argument(fmt::format("ReferenceFreeOptions: samples must be >= 1 (got {})", samples));
  refine.validate();
  richardson.validate();
  integrate.validate();
  phases.validate();
}

FitOptions reference_free_fit_options(const OrderClaim& claim) {
  FitOptions fo = claim.fit_options();
  fo.min_points = std::max(fo.min_points, 4);
  return fo;
}

namespace {

std::string signed3(double x) { return fmt::format("{:+.3f}", x); }

}  // namespace

std::string successive_estimates(const OrderFit& fit) {
  if (fit.local_orders.empty()) return "no successive estimates (fewer than two distances above the noise floor)";
  // The judge window's: the last judge_points − 1 (5) local orders, coarse to fine.
  const std::size_t shown = std::min<std::size_t>(fit.local_orders.size(), 5);
  std::string s = "successive estimates";
  if (shown < fit.local_orders.size()) s += fmt::format(" (last {} of {})", shown, fit.local_orders.size());
  for (std::size_t i = fit.local_orders.size() - shown; i < fit.local_orders.size(); ++i)
    s += fmt::format("{}{:.3f}", i == fit.local_orders.size() - shown ? " " : " -> ", fit.local_orders[i].order);
  if (std::isfinite(fit.trend))
    s += fmt::format(", drift {} per halving of h [{}, {}]", signed3(fit.trend), signed3(fit.trend_low),
                     signed3(fit.trend_high));
  else
    s += ", drift not measured (too few estimates)";
  return s;
}

void judge_reference_free(ReferenceFreeResult& r, std::vector<LadderRun>& runs, const ReferenceFreeOptions& o,
                          const std::function<void(double h)>& refine_at) {
  const FitOptions fo = reference_free_fit_options(r.claim);
  std::vector<OrderPoint> points = difference_points(runs);
  r.ladder_fit = fit_order(points, fo);
  r.fit = refine_fit(points, fo, o.refine, [&](double h) {
    refine_at(h);
    r.rows.back().refined = true;
    const LadderRun& fresh = runs.back();
    if (!fresh.usable || fresh.samples.empty())
      return OrderPoint{fresh.h, std::numeric_limits<double>::quiet_NaN(), fresh.noise_floor, false, fresh.cost,
                        fresh.seconds};
    return difference_points(runs).front();  // the new finest run against the one before
  });
  // The drift stated in the reason, whatever the verdict.
  if (r.fit.verdict != FitVerdict::none_claimed || !r.fit.local_orders.empty())
    r.fit.reason = successive_estimates(r.fit) + "; " + r.fit.reason;
  // Information: Richardson / GCI over every run, no claim (not the verdict).
  RichardsonOptions ro = o.richardson;
  ro.resolution = r.claim.resolution;
  r.estimate = reference_free_estimate(runs, std::numeric_limits<double>::quiet_NaN(), false, ro);
  const auto d = successive_differences(runs);
  // Each row's distance to the next finer rung is its error; over grid
  // phases, the phase of the largest distance is the row's.
  for (auto& row : r.rows)
    for (std::size_t m = 0; m + 1 < d.h.size(); ++m)
      if (d.h[m + 1] == row.h) {
        row.error_uniform = d.d[m];
        if (row.phases > 1) row.phase = double(d.worst_phase[m]) / double(row.phases);
      }
  // A verdict that is not a pass says where the distances stop shrinking, if
  // they do, read against the work counters (error_floor.hpp, issue 57).
  std::vector<OrderPoint> raw;
  std::vector<const RunRow*> of;
  for (const auto& row : r.rows) {
    raw.push_back({row.h, row.error_uniform, 2 * row.noise_floor, row.status == RunStatus::ok, 0, 0});
    of.push_back(&row);
  }
  name_error_floor(r.fit, raw, of, "the distances of successive runs", fo.floor_factor);
}

std::string ReferenceFreeResult::summary() const {
  return one_line(fmt::format("{}: {} on {} (reference-free), claim {}, observed {}, {}, {}", to_string(fit.verdict),
                              scheme, problem, to_string(claim), observed_order(fit), successive_estimates(fit),
                              describe_runs(rows)));
}

std::string headline(const ReferenceFreeResult& r) {
  return fmt::format("  claim: {}\n  observed order (distances of successive runs): {}\n  reason: {}\n",
                     to_string(r.claim), observed_order(r.fit), one_line(r.fit.reason));
}

std::string describe(const ReferenceFreeResult& r) {
  std::string s = fmt::format("reference-free convergence of {} on {} (claim: {})\n", r.scheme, r.problem,
                              to_string(r.claim));
  s += fmt::format("  verdict: {}: {}\n", to_string(r.fit.verdict), r.fit.reason);
  s += fmt::format("  on the given steps alone: {}: {}\n", to_string(r.ladder_fit.verdict), observed_order(r.ladder_fit));
  if (r.fit.refinement.rungs > 0 || !r.fit.refinement.stop.empty())
    s += fmt::format("  refinement: {} rungs, {:.3g} work units ({:.3g} s); stopped: {}\n", r.fit.refinement.rungs,
                     r.fit.refinement.work, r.fit.refinement.seconds,
                     r.fit.refinement.stop.empty() ? "-" : r.fit.refinement.stop);
  if (std::isfinite(r.estimate.gci))
    s += fmt::format("  GCI of the finest run {:.3g} (Richardson order of the finest triple {:.3f}; information)\n",
                     r.estimate.gci, r.estimate.order);
  s += fmt::format("  {:>12}  {:>9}  {:>22}  {:>12}  {:<13}\n", "h", "steps", "distance to next finer", "noise floor",
                   "status");
  for (const auto& row : r.rows)
    s += fmt::format("  {:>12.6g}  {:>9}  {:>22.6g}  {:>12.3g}  {:<13} {}\n", row.h, row.steps, row.error_uniform,
                     row.noise_floor, to_string(row.status), row.refined ? "refined" : "");
  s += "  successive estimates (local orders of the distances, largest h first):\n";
  if (r.fit.local_orders.empty()) s += "    none (fewer than two distances above the noise floor)\n";
  for (const auto& lo : r.fit.local_orders)
    s += fmt::format("    {:>12.6g} -> {:<12.6g} {:.3f}\n", lo.h_large, lo.h_small, lo.order);
  return s;
}

std::ostream& operator<<(std::ostream& os, const ReferenceFreeResult& r) { return os << describe(r); }

}  // namespace sweepcheck
