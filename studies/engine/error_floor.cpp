// Where errors or distances stop shrinking (error_floor.hpp).
#include "sweepcheck/studies/engine/error_floor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sweepcheck/studies/engine/work_floor.hpp"

namespace sweepcheck {

ErrorFloor error_floor(const std::vector<OrderPoint>& points, double floor_factor) {
  std::vector<std::size_t> use;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (points[i].usable && std::isfinite(points[i].error) && points[i].error >= 0 && points[i].h > 0)
      use.push_back(i);
  std::sort(use.begin(), use.end(), [&](std::size_t a, std::size_t b) { return points[a].h > points[b].h; });
  ErrorFloor out;
  if (use.size() < 4) return out;
  // The window: from the finest up to the first at or above 8 h_lo (within
  // the rounding of step counts).
  const double h_lo = points[use.back()].h;
  std::size_t first = use.size();
  for (std::size_t k = use.size(); k-- > 0;)
    if (points[use[k]].h >= 8 * h_lo * (1 - 1e-6)) {
      first = k;
      break;
    }
  if (first == use.size() || use.size() - first < 4) return out;
  double coarse = 0, fine = 0, low = INFINITY, noise = 0;
  for (std::size_t k = first; k < use.size(); ++k) {
    const OrderPoint& p = points[use[k]];
    double& block = p.h > 2 * h_lo * (1 + 1e-6) ? coarse : fine;
    block = std::max(block, p.error);
    low = std::min(low, p.error);
    noise = std::max(noise, p.noise_floor);
  }
  if (!(coarse > 0) || !(fine > 0)) return out;
  const double ratio = fine / coarse;
  if (ratio < 0.6) return out;  // the envelope fell as an order of 0.37 or more would: no floor
  out.level = fine;
  out.low = low;
  out.ratio = ratio;
  out.h_hi = points[use[first]].h;
  out.h_lo = h_lo;
  out.points = static_cast<int>(use.size() - first);
  out.noise = noise;
  out.floor_factor = floor_factor;
  out.roundoff = out.level < floor_factor * noise;
  out.window.assign(use.begin() + static_cast<std::ptrdiff_t>(first), use.end());
  return out;
}

std::string error_floor_words(const ErrorFloor& f, const std::vector<const RunRow*>& window_rows,
                              std::string_view what) {
  if (!f.found()) return "";
  std::string s = fmt::format("{} stop shrinking at about {:.2g} (between {:.2g} and {:.2g} over {} runs, h from "
                              "{:.3g} to {:.3g}: the largest of the two finest halvings is {:.2f} x that of the two "
                              "before, where order 1/2 gives 0.5)",
                              what, f.level, f.low, std::max(f.level, f.level / f.ratio), f.points, f.h_hi, f.h_lo,
                              f.ratio);
  if (f.roundoff)
    return s + fmt::format(": round-off, within {:g} x the runs' noise floor {:.2g} (fit_order.md).", f.floor_factor,
                           f.noise);
  s += fmt::format(": a level the scheme sets, {:.2g} x the runs' round-off noise floor {:.2g}, not round-off.",
                   f.noise > 0 ? f.level / f.noise : INFINITY, f.noise);
  std::vector<const RunRow*> ok;
  for (const RunRow* r : window_rows)
    if (r && r->status == RunStatus::ok) ok.push_back(r);
  s += work_floor_words(ok, f.level);
  return s;
}

void name_error_floor(OrderFit& fit, const std::vector<OrderPoint>& points, const std::vector<const RunRow*>& rows,
                      std::string_view what, double floor_factor) {
  if (fit.verdict == FitVerdict::pass || fit.verdict == FitVerdict::none_claimed) return;
  const ErrorFloor f = error_floor(points, floor_factor);
  if (!f.found()) return;
  std::vector<const RunRow*> window;
  for (std::size_t i : f.window)
    if (i < rows.size()) window.push_back(rows[i]);
  fit.reason += "; " + error_floor_words(f, window, what);
}

}  // namespace sweepcheck
