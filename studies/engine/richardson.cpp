#include "sweepcheck/studies/engine/richardson.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace sweepcheck {

void RichardsonOptions::validate() const {
  if (!(safety_factor >= 1)) throw std::invalid_argument("RichardsonOptions: safety_factor must be >= 1");
  if (!(order_tolerance > 0)) throw std::invalid_argument("RichardsonOptions: order_tolerance must be > 0");
  if (!(resolution >= 0)) throw std::invalid_argument("RichardsonOptions: resolution must be >= 0");
  if (!(max_order > 0) || !std::isfinite(max_order))
    throw std::invalid_argument("RichardsonOptions: max_order must be finite and > 0");
  if (!(floor_factor >= 0)) throw std::invalid_argument("RichardsonOptions: floor_factor must be >= 0");
}

namespace {

// ln F(p), F(p) = r21^p (r32^p − 1)/(r21^p − 1) with a = ln r: the ratio
// d_coarse/d_fine an exact power law C h^p gives. Strictly increasing in p
// (richardson.md), from ln(a32/a21) at p → 0 to +∞.
double log_ratio_model(double p, double a21, double a32) {
  return p * a21 + std::log(std::expm1(p * a32) / std::expm1(p * a21));
}

double gci(double fs, double d, double a, double p) { return fs * d / std::expm1(p * a); }

}  // namespace

double richardson_order(double h_fine, double h_mid, double h_coarse, double d_fine, double d_coarse,
                        double max_order) {
  if (!(0 < h_fine && h_fine < h_mid && h_mid < h_coarse))
    throw std::invalid_argument("richardson_order: needs 0 < h_fine < h_mid < h_coarse");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!(d_fine > 0) || !(d_coarse > 0) || !std::isfinite(d_fine) || !std::isfinite(d_coarse)) return nan;
  const double a21 = std::log(h_mid / h_fine), a32 = std::log(h_coarse / h_mid);
  const double target = std::log(d_coarse / d_fine);
  // Bisection: G(p) = ln F(p) − target is increasing, so the root (if any in
  // (0, max_order]) is unique; bisection needs no starting guess and does not
  // depend on the ratios being equal (Celik's fixed-point iteration can stall).
  double lo = 1e-9, hi = max_order;
  if (log_ratio_model(lo, a21, a32) - target >= 0) return nan;  // differences do not shrink like any h^p, p > 0
  if (log_ratio_model(hi, a21, a32) - target < 0) return nan;
  for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (log_ratio_model(mid, a21, a32) - target < 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

RichardsonEstimate richardson_estimate(const std::vector<double>& h, const std::vector<double>& differences,
                                       double expected_order, bool expected_is_sharp,
                                       const RichardsonOptions& opt, const std::vector<double>& noise_floors) {
  opt.validate();
  if (differences.size() + 1 != h.size())
    throw std::invalid_argument(fmt::format("richardson_estimate: needs one difference per pair of successive steps "
                                            "({} steps, {} differences)",
                                            h.size(), differences.size()));
  if (!noise_floors.empty() && noise_floors.size() != differences.size())
    throw std::invalid_argument("richardson_estimate: noise_floors must be empty or one per difference");
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (!(h[i] > 0) || !std::isfinite(h[i]))
      throw std::invalid_argument(fmt::format("richardson_estimate: h[{}] = {} must be finite and > 0", i, h[i]));
    if (i > 0 && !(h[i] > h[i - 1]))
      throw std::invalid_argument("richardson_estimate: step sizes must be strictly ascending (finest first)");
  }
  for (std::size_t i = 0; i < differences.size(); ++i)
    if (differences[i] < 0 || std::isnan(differences[i]))
      throw std::invalid_argument(
          fmt::format("richardson_estimate: difference {} = {} must be >= 0 (a norm)", i, differences[i]));

  RichardsonEstimate e;
  e.h = h;
  e.differences = differences;
  e.expected_order = expected_order;
  e.expected_is_sharp = expected_is_sharp;
  auto above_floor = [&](std::size_t i) {
    return noise_floors.empty() || differences[i] > opt.floor_factor * noise_floors[i];
  };
  for (std::size_t i = 0; i + 2 < h.size(); ++i) {
    if (!above_floor(i) || !above_floor(i + 1)) {
      ++e.dropped_floor;
      continue;
    }
    RichardsonTriple t;
    t.h_fine = h[i];
    t.h_mid = h[i + 1];
    t.h_coarse = h[i + 2];
    t.d_fine = differences[i];
    t.d_coarse = differences[i + 1];
    t.order = richardson_order(t.h_fine, t.h_mid, t.h_coarse, t.d_fine, t.d_coarse, opt.max_order);
    if (std::isfinite(t.order)) {
      t.gci_fine = gci(opt.safety_factor, t.d_fine, std::log(t.h_mid / t.h_fine), t.order);
      t.gci_coarse = gci(opt.safety_factor, t.d_coarse, std::log(t.h_coarse / t.h_mid), t.order);
    }
    e.triples.push_back(t);
  }

  const bool claimed = !std::isnan(expected_order);
  auto conclude = [&](FitVerdict v, std::string why) {
    e.verdict = claimed || v == FitVerdict::inconclusive ? v : FitVerdict::none_claimed;
    e.reason = std::move(why);
    return e;
  };
  if (e.triples.empty())
    return conclude(FitVerdict::inconclusive,
                    h.size() < 3 ? fmt::format("{} step sizes: a Richardson estimate needs at least three", h.size())
                                 : "every triple of step sizes has a difference at round-off level");
  const RichardsonTriple& t1 = e.triples[0];
  if (!std::isfinite(t1.order))
    return conclude(FitVerdict::inconclusive,
                    fmt::format("not in the asymptotic range: the differences of the finest triple ({:.3g} at h = "
                                "{:.3g}, {:.3g} at h = {:.3g}) do not shrink like a power h^p, p > 0",
                                t1.d_fine, t1.h_fine, t1.d_coarse, t1.h_mid));
  e.order = t1.order;
  e.gci = t1.gci_fine;
  if (e.triples.size() < 2)
    return conclude(FitVerdict::inconclusive,
                    "three usable step sizes: the order is estimated, but the asymptotic-range indicator is 1 by "
                    "construction on a single triple; a fourth step size is needed to test it");
  const RichardsonTriple& t2 = e.triples[1];
  // Indicator on the second triple with the finest triple's order.
  const double a21 = std::log(t2.h_mid / t2.h_fine), a32 = std::log(t2.h_coarse / t2.h_mid);
  const double g21 = gci(opt.safety_factor, t2.d_fine, a21, e.order);
  const double g32 = gci(opt.safety_factor, t2.d_coarse, a32, e.order);
  e.indicator = g32 / (std::exp(e.order * a21) * g21);
  e.drift = std::abs(e.order - t2.order);
  // ln I = ln F(p2) − ln F(p1) with ln F strictly increasing (richardson.md):
  // I = 1 exactly when p1 = p2, and |ln I| <= tolerance · ln r for a constant
  // ratio r is |p1 − p2| <= tolerance. The rule is stated on the orders so
  // it means the same for non-constant ratios.
  e.asymptotic = std::isfinite(t2.order) && std::isfinite(e.indicator) && e.drift <= opt.order_tolerance;
  if (!e.asymptotic)
    return conclude(FitVerdict::inconclusive,
                    std::isfinite(t2.order)
                        ? fmt::format("not in the asymptotic range: indicator GCI_32/(r^p GCI_21) = {:.3f} (orders "
                                      "{:.3f} and {:.3f} of the two finest triples differ by more than {:g})",
                                      e.indicator, e.order, t2.order, opt.order_tolerance)
                        : fmt::format("not in the asymptotic range: the second finest triple's differences do not "
                                      "shrink like a power h^p, p > 0 (finest triple: p = {:.3f})",
                                      e.order));
  if (!claimed)
    return conclude(FitVerdict::none_claimed,
                    fmt::format("in the asymptotic range (indicator {:.3f}); no order claimed", e.indicator));
  const double w = std::max(opt.resolution, e.drift);
  const bool ok = expected_is_sharp ? std::abs(e.order - expected_order) <= w : e.order + w >= expected_order;
  return conclude(ok ? FitVerdict::pass : FitVerdict::fail,
                  fmt::format("in the asymptotic range (indicator {:.3f}); p = {:.3f} ± {:.3f} {} the claimed {}{:g}",
                              e.indicator, e.order, w, ok ? "agrees with" : "contradicts",
                              expected_is_sharp ? "" : ">= ", expected_order));
}

std::string describe(const RichardsonEstimate& e) {
  if (!std::isfinite(e.order)) return "no reference-free order (" + e.reason + ")";
  std::string s = fmt::format("p = {:.3f} (GCI {:.2e}", e.order, e.gci);
  if (std::isfinite(e.indicator)) s += fmt::format(", indicator {:.3f}", e.indicator);
  s += e.asymptotic ? ", asymptotic)" : ", not shown asymptotic)";
  return s;
}

}  // namespace sweepcheck
