#include "sweepcheck/order_claim.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace sweepcheck {

FitOptions OrderClaim::fit_options() const {
  FitOptions f;
  f.resolution = resolution;
  if (judged()) {
    f.expected_order = order;
    f.expected_is_sharp = sharp();
  }
  return f;
}

void OrderClaim::validate() const {
  if (judged() && !(order > 0 && std::isfinite(order)))
    throw std::invalid_argument(fmt::format("OrderClaim: order must be a finite number > 0 (got {})", order));
  if (!(resolution > 0 && resolution < 1))
    throw std::invalid_argument(fmt::format("OrderClaim: resolution must lie in (0, 1) (got {})", resolution));
}

std::string to_string(const OrderClaim& c) {
  switch (c.kind) {
    case OrderClaim::Kind::schemes_own: return "the scheme's own claim";
    case OrderClaim::Kind::none: return "none claimed";
    case OrderClaim::Kind::at_least: return fmt::format("order >= {:g} (to within {:g})", c.order, c.resolution);
    case OrderClaim::Kind::exactly: return fmt::format("order = {:g} (to within {:g})", c.order, c.resolution);
  }
  return "?";
}

}  // namespace sweepcheck
