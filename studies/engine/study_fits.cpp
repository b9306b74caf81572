#include "sweepcheck/studies/engine/study_fits.hpp"

namespace sweepcheck {

OrderPoint order_point(const RunRow& r) {
  return {r.h, r.error_uniform, r.noise_floor, r.status == RunStatus::ok, r.rung_work_units(), r.wall_seconds};
}

OrderPoint final_order_point(const RunRow& r) {
  return {r.h, r.error_final, r.noise_floor, r.status == RunStatus::ok, r.rung_work_units(), r.wall_seconds};
}

OrderFit final_time_fit(const std::vector<RunRow>& rows, const std::vector<std::size_t>& members, const FitOptions& opt) {
  std::vector<OrderPoint> points;
  for (auto i : members) points.push_back(final_order_point(rows[i]));
  return fit_order(points, opt);
}

std::vector<const RunRow*> member_rows(const std::vector<RunRow>& rows, const std::vector<std::size_t>& members) {
  std::vector<const RunRow*> out;
  for (auto i : members) out.push_back(&rows[i]);
  return out;
}

std::vector<SchemeFit> fit_rows(const std::vector<RunRow>& rows, FitOptions base, std::string_view what) {
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
      points.push_back(order_point(r));
    }
    FitOptions opt = base;
    opt.expected_order = head.claimed_order;
    opt.expected_is_sharp = head.claim_is_sharp;
    std::vector<OrderPoint> given;
    for (std::size_t j = i, k = 0; j < rows.size(); ++j) {
      const RunRow& r = rows[j];
      if (r.problem != head.problem || r.parameters != head.parameters || r.scheme != head.scheme) continue;
      if (!r.refined) given.push_back(points[k]);
      ++k;
    }
    std::vector<std::size_t> members;
    for (std::size_t j = i; j < rows.size(); ++j)
      if (rows[j].problem == head.problem && rows[j].parameters == head.parameters && rows[j].scheme == head.scheme)
        members.push_back(j);
    fits.push_back({head.problem, head.parameters, head.scheme, fit_order(points, opt), fit_order(given, opt),
                    final_time_fit(rows, members, opt)});
    name_error_floor(fits.back().fit, points, member_rows(rows, members), what, opt.floor_factor);
  }
  return fits;
}

}  // namespace sweepcheck
