#pragma once
// The claim a convergence check judges, passed into the call that runs it so
// that the rungs are refined for it and the tolerance is read at the call site:
//
//   check_convergence(problem, scheme, OrderClaim::at_least(1));               // one-sided, as a theorem states it
//   check_convergence(problem, scheme, OrderClaim::exactly(2).within(0.1));     // sharp, to within 0.1
//
// `resolution` is the tolerance of the verdict rule (studies/engine/fit_order.md,
// "Interval"): the smallest half-width of an order's interval, so orders closer
// than it are not told apart. Its default, 0.05, is the engine's (FitOptions).
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

struct OrderClaim {
  enum class Kind {
    schemes_own,  // the scheme's claimed_order() (and claim_is_sharp), or none when it claims nothing
    none,         // no claim: fits are reported, no verdict (none_claimed), no refinement
    at_least,     // order >= order: a scheme more accurate than claimed passes
    exactly,      // order = order: exceeding it fails too
  };
  Kind kind = Kind::schemes_own;
  double order = std::numeric_limits<double>::quiet_NaN();
  double resolution = FitOptions{}.resolution;  // the tolerance: 0.05

  static OrderClaim at_least(double p) { return {Kind::at_least, p}; }
  static OrderClaim exactly(double p) { return {Kind::exactly, p}; }
  static OrderClaim none() { return {Kind::none}; }
  static OrderClaim schemes_own() { return {Kind::schemes_own}; }
  // The same claim with another tolerance.
  OrderClaim within(double r) const {
    OrderClaim c = *this;
    c.resolution = r;
    return c;
  }

  bool judged() const { return kind == Kind::at_least || kind == Kind::exactly; }
  bool sharp() const { return kind == Kind::exactly; }
  // The claimed order as a number, as rows and files hold it: NaN when no
  // order is claimed (none, or schemes_own not yet resolved).
  double claimed_order() const { return judged() ? order : std::numeric_limits<double>::quiet_NaN(); }
  // The fit rule's options for this claim (the engine's defaults otherwise).
  FitOptions fit_options() const {
    FitOptions f;
    f.resolution = resolution;
    if (judged()) {
      f.expected_order = order;
      f.expected_is_sharp = sharp();
    }
    return f;
  }
  // std::invalid_argument naming the field: order finite and > 0 for at_least
  // and exactly, resolution in (0, 1).
  void validate() const {
    if (judged() && !(order > 0 && std::isfinite(order)))
      throw std::invalid_argument(fmt::format("OrderClaim: order must be a finite number > 0 (got {})", order));
    if (!(resolution > 0 && resolution < 1))
      throw std::invalid_argument(fmt::format("OrderClaim: resolution must lie in (0, 1) (got {})", resolution));
  }
};

// The claim judged: `claim`, or for schemes_own the scheme's own claim, its
// claimed order `schemes_order` (none when NaN), exact when `schemes_sharp`;
// the tolerance is the claim's. The one place a claim is resolved: the
// testing API (testing.hpp, resolve_claim of a scheme) and the audit (its
// plan, studies/audit/audit_plan.cpp) call it, once per call or audit.
inline OrderClaim resolve_claim(const OrderClaim& claim, double schemes_order, bool schemes_sharp) {
  if (claim.kind != OrderClaim::Kind::schemes_own) return claim;
  const OrderClaim c = std::isnan(schemes_order) ? OrderClaim::none()
                       : schemes_sharp           ? OrderClaim::exactly(schemes_order)
                                                 : OrderClaim::at_least(schemes_order);
  return c.within(claim.resolution);
}

// "order >= 1 (to within 0.05)", "order = 2 (to within 0.1)", "none claimed".
inline std::string to_string(const OrderClaim& c) {
  switch (c.kind) {
    case OrderClaim::Kind::schemes_own: return "the scheme's own claim";
    case OrderClaim::Kind::none: return "none claimed";
    case OrderClaim::Kind::at_least: return fmt::format("order >= {:g} (to within {:g})", c.order, c.resolution);
    case OrderClaim::Kind::exactly: return fmt::format("order = {:g} (to within {:g})", c.order, c.resolution);
  }
  return "?";
}

}  // namespace sweepcheck
