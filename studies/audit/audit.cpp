// `sweepcheck audit`: run_audit and the consistency probe. The audit itself
// is an AuditSession in phases (audit_session.hpp): plan (audit_plan.cpp),
// execute (audit_execute.cpp), judge (audit_judge.cpp).
#include "studies/audit/audit.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "studies/audit/audit_session.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {

std::string RunFault::sentence() const {
  return fmt::format("h={:.4g} ({} steps) {}: {}{}", h, steps, to_string(status), detail,
                     steps_done >= 0 ? fmt::format(" (in step {}: {} steps done)", steps_done + 1, steps_done) : "");
}

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
  for (const auto& [t, xs] : problem.probe_points) {
    for (int k = 0; k < th.probe_directions; ++k) {
      // Fixed, well-spread unit directions (no random generator: the same on every platform).
      Vec<double> u(d);
      for (int i = 0; i < d; ++i) u[i] = std::sin(1.7 * (k + 1) + 2.3 * (i + 1) + 0.9 * (k + 1) * (i + 1));
      u.normalize();
      const Vec<double> y = xs + th.probe_offset * h * u;
      const Vec<double> p = problem.project(t, y);
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
  return row;
}

namespace audit_detail {

AuditSession::AuditSession(const SchemeFactory& scheme, const AuditOptions& opt)
    : scheme_(scheme), opt_(opt), th_(opt.thresholds), budget_(opt.budget), problem_budget_(opt.budget) {}

// The phases in order. The determinism check's first run comes before every
// other run of the scheme, its second after all of them (check 7).
AuditResult AuditSession::run(const std::vector<AuditProblem>& all_problems) {
  const auto start = std::chrono::steady_clock::now();
  select_problems(all_problems);
  res_.isolated = opt_.isolate;
  plan_starts();
  run_determinism_first();
  plan_runs();
  execute_batch();
  const std::size_t n = problems_.size();
  j_conv_.assign(n, {}), j_viol_.assign(n, {}), j_bound_.assign(n, {}), j_cons_.assign(n, {});
  refined_.assign(n, {}), refined_probes_.assign(n, {});
  parallel_for(n, opt_.executor.jobs, [&](std::size_t i) { refine_and_judge(i); });
  for (std::size_t i = 0; i < n; ++i) {
    res_.ladder_rows.insert(res_.ladder_rows.end(), refined_[i].begin(), refined_[i].end());
    res_.probe_rows.insert(res_.probe_rows.end(), refined_probes_[i].begin(), refined_probes_[i].end());
  }
  explain_gave_up();
  judge_checks_one_to_five();
  res_.checks.push_back(judge_precision_work());
  res_.checks.push_back(judge_determinism());
  const auto diagnose_start = std::chrono::steady_clock::now();
  diagnose();
  res_.diagnosis.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - diagnose_start).count();
  res_.child_runs = child_runs_;
  res_.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return std::move(res_);
}

}  // namespace audit_detail

AuditResult run_audit(const SchemeFactory& scheme, const std::vector<AuditProblem>& all_problems,
                      const AuditOptions& opt) {
  opt.validate();
  return audit_detail::AuditSession(scheme, opt).run(all_problems);
}

}  // namespace sweepcheck
