#include "sweepcheck/studies/engine/error_tie.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace sweepcheck {

void TieRule::validate() const {
  if (!(ratio >= 1 && std::isfinite(ratio)))
    throw std::invalid_argument(fmt::format("TieRule: ratio must be a finite number >= 1 (got {})", ratio));
  if (!(saturation > 0 && saturation <= 1))
    throw std::invalid_argument(fmt::format("TieRule: saturation must lie in (0, 1] (got {})", saturation));
}

std::string TieRule::describe() const {
  return fmt::format(
      "two errors are tied when both are saturated ({:g} D <= e <= D, D = 2 max|x| of the finest PBD run: as large as "
      "the solution itself), when they differ by a factor <= {:.4g} (2^0.05: the order rule's resolution over one "
      "halving), or by no more than their noise floors (studies/engine/fit_order.md, \"Ties between two errors\")",
      saturation, ratio);
}

std::string to_string(ErrorOrder o) {
  switch (o) {
    case ErrorOrder::below: return "below";
    case ErrorOrder::tied: return "tied";
    case ErrorOrder::above: return "above";
    case ErrorOrder::incomparable: return "incomparable";
  }
  return "unknown";
}

ErrorOrder compare_errors(ErrorValue a, ErrorValue b, double scale, const TieRule& rule) {
  if (std::isnan(a.error) || std::isnan(b.error)) return ErrorOrder::incomparable;
  const double lo = std::min(a.error, b.error), hi = std::max(a.error, b.error);
  const auto saturated = [&](double e) { return e >= rule.saturation * scale && e <= scale; };
  if (scale > 0 && saturated(a.error) && saturated(b.error)) return ErrorOrder::tied;
  if (std::isfinite(hi) && hi <= rule.ratio * lo) return ErrorOrder::tied;
  const double floors = std::max(0.0, a.noise_floor) + std::max(0.0, b.noise_floor);
  if (std::isfinite(hi) && hi - lo <= floors) return ErrorOrder::tied;
  return a.error < b.error ? ErrorOrder::below : ErrorOrder::above;
}

void TieCount::add(ErrorOrder o) {
  if (o == ErrorOrder::below) ++below;
  if (o == ErrorOrder::tied) ++tied;
  if (o == ErrorOrder::above) ++above;
}

std::string TieCount::describe(const std::string& below_word, const std::string& above_word) const {
  return fmt::format("{} at {} of {}, tied at {}, {} at {}", below_word, below, compared(), tied, above_word, above);
}

}  // namespace sweepcheck
