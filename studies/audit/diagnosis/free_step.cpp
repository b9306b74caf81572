// Steps free of contact (diagnosis.hpp, free_step_findings): the gain
// g = <Φ_h(x) − x, f> / (h |f|²) per traced h, read as a law in h when the
// gains carry one (issue 57, item 1; the rule of support: law_fit.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "studies/audit/diagnosis/diagnosis.hpp"
#include "studies/audit/diagnosis/law_fit.hpp"

namespace sweepcheck {

namespace {

// |g − 1| below this at every traced h is g = 1 read through round-off: g is
// computed from Φ_h(x) − x, whose rounding, ε ‖x‖ / (h |f|), stays below 1e-8
// for the traced steps of the battery (h ≥ 1e-4, ‖x‖ / |f| ≤ 10^3).
constexpr double kGainRoundOff = 1e-8;
// The single value's tolerance (issue 36): a gain off by more than this at the
// finest traced h and not approaching 1 is named without a law.
constexpr double kGainTolerance = 0.2;

std::string gain_where_to_look() {
  return ". Where to look: the update of x, x + h f(t_k, x): the factor in front of h f, a step size used twice, "
         "or f's output rescaled before it is used, or a term added to the step that is not h f. Check: one step "
         "from a point far inside S: Phi_h(x) - x must be h f(t_k, x) + O(h^2)";
}

std::string q_interval(const PowerLaw& L) { return fmt::format("[{:.2f}, {:.2f}]", L.lo(), L.hi()); }

}  // namespace

std::vector<Finding> free_step_findings(const std::string& problem, const std::vector<TraceRun>& runs,
                                        double claimed_order) {
  std::vector<std::pair<double, double>> g;  // (h, median gain)
  for (const auto& r : runs) {
    if (r.free_gain.size() < 3) continue;
    auto v = r.free_gain;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    g.push_back({r.h, v[v.size() / 2]});
  }
  if (g.size() < 2) return {};
  std::sort(g.begin(), g.end(), [](auto a, auto b) { return a.first > b.first; });
  std::vector<double> hs, gs, dev;
  for (auto [h, gain] : g) hs.push_back(h), gs.push_back(gain), dev.push_back(gain - 1);
  const auto [h_c, g_c] = g.front();
  const auto [h_f, g_f] = g.back();
  bool all_one = true;
  for (double d : dev) all_one = all_one && std::abs(d) <= kGainRoundOff;
  if (all_one) return {};
  const PowerLaw on_g = fit_power_law(hs, gs), on_dev = fit_power_law(hs, dev);
  const std::string over = fmt::format("fitted over {} traced h from {:.3g} to {:.3g}", g.size(), h_c, h_f);
  const std::string seen = fmt::format("g = {:.3g} at h = {:.3g}, {:.3g} at h = {:.3g}", g_f, h_f, g_c, h_c);
  const std::string head = fmt::format("{}: a step free of contact moves x by g h f(t_k, x), not by h f + O(h^2)",
                                       problem);
  const bool far = std::abs(g_f - 1) > kGainTolerance;
  // 1. g itself a power of h (g -> 0 or infinity): the increment carries an extra power of h.
  if (far && on_g.supported && std::abs(on_g.q) >= 0.5) {
    std::string text = head + fmt::format(": g is proportional to h^{:.2f} ({} {}; {})", on_g.q, q_interval(on_g), over, seen);
    if (on_g.lo() <= 1 && 1 <= on_g.hi())
      text += ", so the field's increment is multiplied by h twice (x + h^2 f, a units slip)";
    return {{"free step", text + gain_where_to_look() + ".", true}};
  }
  // 2. g − 1 a power of h.
  if (on_dev.supported) {
    const double q = on_dev.q;
    if (on_dev.lo() <= 0 || q <= 0) {
      // g − 1 does not vanish as h -> 0: a fixed factor (or one growing as h shrinks).
      if (!far) return {};  // within the single value's tolerance: not read as a defect
      std::string text = head;
      if (on_dev.lo() <= 0 && 0 <= on_dev.hi())
        text += fmt::format(": g stays near {:.3g} (g - 1 ∝ h^{:.2f} {}, {}; {}: it does not tend to 1), so the field "
                            "is scaled by that factor",
                            g_f, q, q_interval(on_dev), over, seen);
      else
        text += fmt::format(": g goes away from 1 as h shrinks (g - 1 ∝ h^{:.2f} {}, {}; {})", q, q_interval(on_dev),
                            over, seen);
      return {{"free step", text + gain_where_to_look() + ".", true}};
    }
    // g − 1 = c h^q with q > 0: consistent; within the theory when q >= 1
    // (any consistent step has g = 1 + O(h), whatever its order).
    if (on_dev.hi() >= 1 - kLawMaxHalfWidth) return {};
    const bool judged = std::isfinite(claimed_order);
    const double bound = judged ? std::min(1.0, claimed_order) : 1.0;
    // A law more than the rule's resolution below the bound (law_fit.hpp): q = 0.9 +- 0.1 is O(h) read through
    // pre-asymptotic data, not a root of h.
    const bool defect = judged && on_dev.hi() < bound - kLawMaxHalfWidth;
    std::string text = head + fmt::format(
        ": g - 1 ∝ h^{:.2f} {} with g - 1 = {:.3g} h^{:.2f} ({}; {}): the increment along f is off by a relative "
        "{:.3g} h^{:.2f}, which vanishes more slowly than h, so one step's error is O(h^{:.2f}) and the order at "
        "most {:.2f}",
        q, q_interval(on_dev), on_dev.c, q, over, seen, std::abs(on_dev.c), q, 1 + q, q);
    if (judged) text += fmt::format(" (the claim: {:g})", claimed_order);
    if (!defect) text += judged ? ": within the claim" : ": no order claimed";
    if (!defect) return {{"free step", text + ".", false}};
    return {{"free step", text + gain_where_to_look() + ".", true}};
  }
  // 3. No law: the single value at the finest h (issue 36's rule).
  if (!far || std::abs(g_f - 1) < 0.5 * std::abs(g_c - 1)) return {};
  std::string values;
  for (std::size_t i = 0; i < g.size(); ++i) values += fmt::format("{}{:.3g} at h = {:.3g}", i ? ", " : "", gs[i], hs[i]);
  std::string text = head + fmt::format(": g = {:.3g} at the finest traced h = {:.3g} (no law in h fitted: the gains "
                                        "{} carry none within the rule of law_fit.hpp; the single value is reported)",
                                        g_f, h_f, values);
  // The slope of the coarsest and finest gains (issue 36's reading, kept
  // where no law is supported, e.g. two traced h): g ∝ h within 0.2 is an
  // increment multiplied by h twice.
  if (g_f > 0 && g_c > 0) {
    const double slope = std::log(g_c / g_f) / std::log(h_c / h_f);
    if (std::abs(slope - 1) < 0.2)
      text += fmt::format(", and between them g is proportional to h^{:.2f}, so the field's increment is multiplied "
                          "by h twice (x + h^2 f, a units slip)",
                          slope);
  }
  return {{"free step", text + gain_where_to_look() + ".", true}};
}

}  // namespace sweepcheck
