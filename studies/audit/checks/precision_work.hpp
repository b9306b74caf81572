#pragma once
// Check 6, precision-work against the reference scheme (information, never
// a verdict): constraint evaluations, counted by the host, at matched error
// levels on the battery's first problem. Why: studies/audit/audit.md.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"

namespace sweepcheck::precision_work_check {

// Log-log interpolation of work at error e over (error, work) points.
inline double work_at(std::vector<std::pair<double, double>> pts, double e) {
  std::sort(pts.begin(), pts.end());
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const auto [e0, w0] = pts[i];
    const auto [e1, w1] = pts[i + 1];
    if (e0 <= e && e <= e1) {
      if (e1 == e0) return std::min(w0, w1);
      const double s = std::log(e / e0) / std::log(e1 / e0);
      return std::exp(std::log(w0) + s * (std::log(w1) - std::log(w0)));
    }
  }
  return std::numeric_limits<double>::quiet_NaN();
}

// The (error, constraint evaluations) points of the finished runs on `problem`.
inline std::vector<std::pair<double, double>> error_work(const std::vector<RunRow>& rows, const std::string& problem) {
  std::vector<std::pair<double, double>> pts;
  for (const auto& r : rows)
    if (problem_label(r) == problem && r.status == RunStatus::ok && r.error_uniform > 0 &&
        r.work.constraint_evaluations > 0)
      pts.emplace_back(r.error_uniform, double(r.work.constraint_evaluations));
  return pts;
}

inline BatteryOutcome on_battery(const BatteryRows& b, const Check& check, const AuditThresholds&) {
  BatteryOutcome out;
  CheckResult& pw = out.result;
  pw = check.result();
  pw.title = fmt::format("{} against {}", check.title, b.reference_scheme);
  pw.verdict = CheckVerdict::info;
  const std::string& p0 = b.first_problem;
  const auto a = error_work(*b.ladder, p0);
  const auto r = error_work(*b.reference, p0);
  auto range = [](const auto& pts) {
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& [e, w] : pts) lo = std::min(lo, e), hi = std::max(hi, e);
    return std::pair{lo, hi};
  };
  if (a.size() < 2 || r.size() < 2) {
    pw.evidence = "not enough converged runs to compare";
  } else {
    const auto [alo, ahi] = range(a);
    const auto [blo, bhi] = range(r);
    const double lo = std::max(alo, blo), hi = std::min(ahi, bhi);
    // Matching errors only means something over a range the errors actually
    // traverse: at least a factor 10 (a non-converging scheme has none).
    if (!(hi > 10 * lo)) {
      pw.evidence = fmt::format("no common error range spanning a factor 10 ({} reaches [{:.2g}, {:.2g}], {} "
                                "[{:.2g}, {:.2g}])",
                                b.scheme, alo, ahi, b.reference_scheme, blo, bhi);
    } else {
      std::string ev;
      for (double s : {0.1, 0.5, 0.9}) {
        const double e = std::exp(std::log(lo) + s * (std::log(hi) - std::log(lo)));
        WorkComparison c{e, work_at(a, e), work_at(r, e)};
        out.work.push_back(c);
        ev += fmt::format("{}error {:.2g}: {:.3g} vs {:.3g} evaluations (ratio {:.2f})", ev.empty() ? "" : "; ", e,
                          c.work_scheme, c.work_reference, c.work_scheme / c.work_reference);
      }
      pw.evidence = fmt::format("on {}: {}", p0, ev);
    }
  }
  if (b.first_problem_not_started) {
    pw.not_run = b.gave_up;
    pw.evidence = fmt::format("not run (some runs on {} were not started: {}); {}", p0, b.gave_up, pw.evidence);
  }
  return out;
}

}  // namespace sweepcheck::precision_work_check

namespace sweepcheck {

// The title is completed with the reference scheme's name: "Precision-work against pbd".
inline constexpr Check kPrecisionWorkCheck{
    .id = "precision-work",
    .title = "Precision-work",
    .theorem = "information only: constraint evaluations (counted by the host) at matched errors",
    .tags = information | figure,
    .needs = RunKind::ladder | RunKind::reference_ladder,
    .rests_on = RunKind::ladder,
    .on_battery = precision_work_check::on_battery,
};

}  // namespace sweepcheck
