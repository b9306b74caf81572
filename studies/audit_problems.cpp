#include "studies/audit_problems.hpp"

#include <fmt/format.h>

#include <boost/math/constants/constants.hpp>

#include "analytic/sliding_case.hpp"
#include "solvers/ball_complement_projection.hpp"
#include "solvers/problem_view_of.hpp"

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
  a.reference = [p](double t) { return p.exact(t); };
  auto projector = std::make_shared<const BallComplementProjector<double>>(p.constraints());
  a.project = [projector](double, const Vec<double>& y) { return (*projector)(y).point; };
  // Base points: three on the crease during the sliding phase, where the
  // normal cone is two-sided, and one in the free fall after t*, where it is {0}.
  const double ts = p.exit_time();
  a.probe_times = {0.25 * ts, 0.5 * ts, 0.9 * ts, ts + 0.5};
  // |f| = 1 and the balls meet along the unit circle: crossing it takes time 1.
  a.time_scale = 1;
  a.view = make_problem_view(std::move(p));
  return a;
}

}  // namespace

std::vector<AuditProblem> audit_problems() {
  std::vector<AuditProblem> list;
  const double pi = boost::math::constants::pi<double>();
  // C in {1, 10}, d in {3, 5}, alpha in {pi/16, pi/4}. Order matters for the
  // short CI variant (--max-problems 3): the first is seed 000's Fig. 8
  // configuration, the second converges slowest (pre-asymptotic to h ~ 1e-4),
  // the third has the other C, the other d and a shallow valley.
  struct Config {
    int d;
    double C, alpha;
  };
  const Config configs[] = {{3, 10, pi / 16}, {3, 10, pi / 4}, {5, 1, pi / 16}, {5, 10, pi / 16},
                            {5, 10, pi / 4},  {3, 1, pi / 16},  {3, 1, pi / 4},  {5, 1, pi / 4}};
  for (const auto& c : configs) list.push_back(sliding_audit_problem({c.d, c.C, c.alpha, 0.0}));

  // === Wire further audit problems here (one push_back each). ===
  // The non-overlapping disks (issue 3) go here: an AuditProblem with the
  // disks' view (make_problem_view(problem)), its cached reference trajectory
  // as `reference`, the reference projector's y ↦ P_S(y) as `project`, a few
  // probe_times, and time_scale = R / max|f|.
  return list;
}

}  // namespace sweepcheck
