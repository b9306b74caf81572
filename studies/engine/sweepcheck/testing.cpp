// The testing API's computation (testing.hpp): its options checked
// (ConvergenceOptions::validate), every norm fitted and refined (fit_norms),
// and the result's lookups (norm, judged_against). The result in words:
// describe.cpp.
#include "sweepcheck/testing.hpp"

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
  phases.validate();
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
    at.ladder_ended_by_floor = judged.fit.refinement.ended_by_floor || judged.fit.refinement.ended_by_noise_floor;
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
  if (order == claim.claimed_order() && sharp == claim.sharp() && refined_for == "uniform") return uniform.fit;
  OrderClaim c = sharp ? OrderClaim::exactly(order) : OrderClaim::at_least(order);
  return fit_order(points_of(*this, uniform, rows.size()), c.within(claim.resolution).fit_options());
}

}  // namespace sweepcheck
