#include "studies/convergence_study.hpp"

namespace sweepcheck {

std::vector<SchemeFit> fit_rows(const std::vector<RunRow>& rows, FitOptions base) {
  std::vector<SchemeFit> fits;
  std::vector<bool> taken(rows.size(), false);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (taken[i]) continue;
    const RunRow& head = rows[i];
    std::vector<OrderPoint> points;
    for (std::size_t j = i; j < rows.size(); ++j) {
      const RunRow& r = rows[j];
      if (r.problem != head.problem || r.parameters != head.parameters || r.scheme != head.scheme) continue;
      taken[j] = true;
      points.push_back({r.h, r.error_uniform, r.noise_floor, r.status == RunStatus::ok});
    }
    FitOptions opt = base;
    opt.expected_order = head.claimed_order;
    opt.expected_is_lower_bound = head.claim_is_lower_bound;
    fits.push_back({head.problem, head.parameters, head.scheme, fit_order(points, opt)});
  }
  return fits;
}

}  // namespace sweepcheck
