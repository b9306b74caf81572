#include "sweepcheck/studies/engine/reference_free.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sweepcheck/studies/engine/sampled_error.hpp"

namespace sweepcheck {

namespace {

// Usable runs with samples, ascending h, one per step.
std::vector<LadderRun> ladder(std::vector<LadderRun> runs) {
  std::erase_if(runs, [](const LadderRun& r) { return !r.usable || r.samples.empty(); });
  std::stable_sort(runs.begin(), runs.end(), [](const LadderRun& a, const LadderRun& b) { return a.h < b.h; });
  std::vector<LadderRun> out;
  for (auto& r : runs)
    if (out.empty() || r.h > out.back().h) out.push_back(std::move(r));  // the same step twice: keep the first
  return out;
}

}  // namespace

double rung_distance(const LadderRun& a, const LadderRun& b, std::size_t* worst) {
  double d = max_sample_distance(a.samples, b.samples);
  std::size_t at = 0;
  const std::size_t common = std::min(a.phase_samples.size(), b.phase_samples.size());
  for (std::size_t i = 0; i < common; ++i)
    if (const double di = max_sample_distance(a.phase_samples[i], b.phase_samples[i]); di > d) {
      d = di;
      at = i + 1;
    }
  if (worst) *worst = at;
  return d;
}

SuccessiveDifferences successive_differences(std::vector<LadderRun> runs) {
  runs = ladder(std::move(runs));
  SuccessiveDifferences out;
  const LadderRun* finer = nullptr;
  for (const auto& r : runs) {
    if (finer) {
      std::size_t worst = 0;
      out.d.push_back(rung_distance(*finer, r, &worst));
      out.worst_phase.push_back(worst);
      out.floors.push_back(finer->noise_floor + r.noise_floor);
    }
    out.h.push_back(r.h);
    finer = &r;
  }
  return out;
}

std::vector<OrderPoint> difference_points(std::vector<LadderRun> runs) {
  runs = ladder(std::move(runs));
  std::vector<OrderPoint> points;
  if (runs.size() < 2) return points;
  const std::size_t m = runs.size() - 1;
  std::vector<double> d(m), scale(m, 1.0);
  for (std::size_t i = 0; i < m; ++i) d[i] = rung_distance(runs[i], runs[i + 1]);
  for (std::size_t i = m - 1; i-- > 0;) {
    scale[i] = scale[i + 1];
    const double a21 = std::log(runs[i + 1].h / runs[i].h), a32 = std::log(runs[i + 2].h / runs[i + 1].h);
    if (std::abs(a21 - a32) <= 1e-9 * a21) continue;  // a constant ratio: the raw ratio is the triple's order
    const double p = richardson_order(runs[i].h, runs[i + 1].h, runs[i + 2].h, d[i], d[i + 1]);
    if (!std::isfinite(p)) continue;
    // e_i = e_{i+1} (h_i / h_{i+1})^p, e = d · scale.
    scale[i] = scale[i + 1] * d[i + 1] * std::exp(-p * a21) / d[i];
  }
  for (std::size_t i = 0; i < m; ++i)
    points.push_back({runs[i].h, d[i] * scale[i], (runs[i].noise_floor + runs[i + 1].noise_floor) * scale[i], true,
                      runs[i].cost, runs[i].seconds});
  return points;
}

RichardsonEstimate reference_free_estimate(const std::vector<LadderRun>& runs, double expected_order,
                                           bool expected_is_sharp, const RichardsonOptions& opt) {
  const auto s = successive_differences(runs);
  if (s.h.empty()) {
    RichardsonEstimate e;
    e.expected_order = expected_order;
    e.reason = "no run reached the sample times";
    return e;
  }
  return richardson_estimate(s.h, s.d, expected_order, expected_is_sharp, opt, s.floors);
}

}  // namespace sweepcheck
