#include "sweepcheck/studies/engine/reference_free.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sweepcheck/studies/engine/sampled_error.hpp"

namespace sweepcheck {

SuccessiveDifferences successive_differences(std::vector<LadderRun> runs) {
  std::erase_if(runs, [](const LadderRun& r) { return !r.usable || r.samples.empty(); });
  std::sort(runs.begin(), runs.end(), [](const LadderRun& a, const LadderRun& b) { return a.h < b.h; });
  SuccessiveDifferences out;
  const LadderRun* finer = nullptr;
  for (const auto& r : runs) {
    if (finer && !(r.h > finer->h)) continue;  // the same step twice: keep the first
    if (finer) {
      out.d.push_back(max_sample_distance(finer->samples, r.samples));
      out.floors.push_back(finer->noise_floor + r.noise_floor);
    }
    out.h.push_back(r.h);
    finer = &r;
  }
  return out;
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
