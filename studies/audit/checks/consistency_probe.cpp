#include "studies/audit/checks/consistency_probe.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {

ProbeRow consistency_probe(const AuditProblem& problem, const SchemeFactory& scheme, double h,
                           const AuditThresholds& th) {
  ProbeRow row;
  row.problem = problem_label(problem);
  row.h = h;
  if (!problem.project) return row;
  const auto stepper = scheme();
  const plugin::ProblemView& view = *problem.view;
  const plugin::ConstraintView& set = view.constraints();
  const int d = view.dim();
  Vec<double> f(d), out(d), g(d);
  // The stored points, then those of exact(t) at probe_times, asked here
  // (in a plugin problem's child).
  auto points = problem.probe_points;
  for (double t : problem.probe_times) points.emplace_back(t, problem.exact(t));
  for (const auto& [t, xs] : points) {
    for (int k = 0; k < th.probe_directions; ++k) {
      // Fixed, well-spread unit directions (no random generator: the same on every platform).
      Vec<double> u(d);
      for (int i = 0; i < d; ++i) u[i] = std::sin(1.7 * (k + 1) + 2.3 * (i + 1) + 0.9 * (k + 1) * (i + 1));
      u.normalize();
      const Vec<double> y = xs + th.probe_offset * h * u;
      const Vec<double> p = problem.project(t, y);
      if (!all_finite(p)) continue;  // no certified projection here (a plugin's set): no point, not a defect
      view.f(t, as_span(y), as_span(f));
      Work w;
      stepper->step(t, as_span(y), h, view, as_span(out), w);
      const Vec<double> r = (out - y) / h - f;
      double dist = std::numeric_limits<double>::infinity();
      if (all_finite(r)) {
        const double band = th.active_band_factor * (th.probe_offset + f.norm()) * h;
        std::vector<Vec<double>> normals;
        for (int j = 0; j < set.size(); ++j) {
          if (set.value(j, t, as_span(p)) <= band) {
            set.gradient(j, t, as_span(p), as_span(g));
            normals.push_back(g);  // −N(S, p) is the cone of the ∇g_j
          }
        }
        if (normals.empty()) {
          dist = r.norm();
        } else {
          Mat<double> A(d, static_cast<Eigen::Index>(normals.size()));
          for (std::size_t c = 0; c < normals.size(); ++c) A.col(static_cast<Eigen::Index>(c)) = normals[c];
          dist = nnls<double>(A, r).residual;
        }
        row.max_residual = std::max(row.max_residual, r.norm());
      }
      row.defect = std::max(row.defect, dist);
      row.floor = std::max(row.floor, th.consistency_floor_factor * epsilon<double>() *
                                          (1 + y.norm() + (all_finite(out) ? out.norm() : 0.0)) / h);
      ++row.points;
    }
  }
  // No point judged: no defect measured either (the fit reads NaN as unusable).
  if (row.points == 0 && !points.empty()) row.defect = std::numeric_limits<double>::quiet_NaN();
  return row;
}

}  // namespace sweepcheck
