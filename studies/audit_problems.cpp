#include "studies/audit_problems.hpp"

#include <fmt/format.h>

#include <boost/math/constants/constants.hpp>

#include "analytic/sliding_case.hpp"
#include "solvers/ball_complement_projection.hpp"
#include "solvers/problem_view_of.hpp"
#include "studies/audit_disks.hpp"

namespace sweepcheck {

namespace {

// The sliding case (seed 000, Section 4.2; analytic/sliding_case.md): exact
// solution, exact projection (solvers/ball_complement_projection.hpp).
AuditProblem sliding_audit_problem(const SlidingCaseOptions& o) {
  SlidingCase<double> p(o);
  AuditProblem a;
  a.name = "sliding";
  a.parameters = fmt::format("d={} C={:g} alpha={:.6g}", o.d, o.C, o.alpha);
  a.x0 = p.x0();
  a.t0 = p.t0();
  a.t_end = p.t_end();
  a.exact = [p](double t) { return p.exact(t); };
  a.error_measure = "sup over t of |x_h(t) - x(t)| (x_h: piecewise-linear interpolant, x: the exact solution)";
  auto projector = std::make_shared<const BallComplementProjector<double>>(p.constraints());
  a.project = [projector](double, const Vec<double>& y) { return (*projector)(y).point; };
  // Base points: three on the crease during the sliding phase, where the
  // normal cone is two-sided, and one in the free fall after t*, where it is {0}.
  const double ts = p.exit_time();
  for (double t : {0.25 * ts, 0.5 * ts, 0.9 * ts, ts + 0.5}) a.probe_points.emplace_back(t, p.exact(t));
  // |f| = 1 and the balls meet along the unit circle: crossing it takes time 1.
  a.time_scale = 1;
  a.view = make_problem_view(std::move(p));
  return a;
}

}  // namespace

std::vector<AuditProblem> audit_problems(int count) {
  const double pi = boost::math::constants::pi<double>();
  std::vector<std::function<AuditProblem()>> makers;
  auto sliding = [&makers](int d, double C, double alpha) {
    makers.push_back([=] { return sliding_audit_problem({d, C, alpha, 0.0}); });
  };
  // Order matters for the short CI variant (--max-problems 4): the sliding
  // case with C in {1, 10}, d in {3, 5}, alpha in {pi/16, pi/4}, the first
  // three being seed 000's Fig. 8 configuration, the slowest-converging one
  // (pre-asymptotic to h ~ 1e-4) and one with the other C, the other d and a
  // shallow valley; then the disks; then the other five sliding configurations.
  sliding(3, 10, pi / 16);
  sliding(3, 10, pi / 4);
  sliding(5, 1, pi / 16);
  // The non-overlapping disks (seed 000, Section 4.3; studies/audit_disks.hpp):
  // no exact solution, a cached PNGS reference known at sample times only
  // (errors are measured there), every pair constraint in the view.
  makers.push_back([] { return disks_audit_problem(); });
  sliding(5, 10, pi / 16);
  sliding(5, 10, pi / 4);
  sliding(3, 1, pi / 16);
  sliding(3, 1, pi / 4);
  sliding(5, 1, pi / 4);

  // === Wire further audit problems here (one makers.push_back each). ===
  // An AuditProblem needs a stateless plugin view (make_problem_view for a
  // Problem with a ConstraintSet<double>, or a dedicated view such as
  // analytic/disks_view.hpp), and exactly one of `exact` (dense x(t)) or
  // `sampled` (a cached reference at sample times, with its reference_error
  // estimate and a `ladder` no finer than ~10 h_ref); `project` and
  // `probe_points` for the consistency probe (leave `project` empty to skip
  // it: audit.md then lists the problem as skipped with the reason), and
  // `time_scale` for large steps. Insert before the disks only with a reason:
  // the CI variants take the first four.

  if (count < 0) throw std::invalid_argument("audit_problems: count must be >= 0");
  const std::size_t n = count == 0 ? makers.size() : std::min<std::size_t>(makers.size(), std::size_t(count));
  std::vector<AuditProblem> list;
  for (std::size_t i = 0; i < n; ++i) list.push_back(makers[i]());
  return list;
}

}  // namespace sweepcheck
