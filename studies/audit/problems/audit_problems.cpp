#include "studies/audit/problems/audit_problems.hpp"
#include "studies/audit/problems/audit_manufactured.hpp"

#include <fmt/format.h>

#include <boost/math/constants/constants.hpp>

#include "studies/audit/problems/audit_crowd.hpp"
#include "studies/audit/problems/audit_disks.hpp"
#include "studies/audit/problems/audit_lcs.hpp"
#include "studies/audit/problems/problem_tags.hpp"
#include "sweepcheck/analytic/moving_sets.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/solvers/projection/ball_complement_projection.hpp"

namespace sweepcheck {

namespace {

// The sliding case (seed 000, Section 4.2; analytic/sliding_case.md): exact
// solution, exact projection (solvers/projection/ball_complement_projection.hpp).
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
  a.set_description = fmt::format("the intersection of two ball complements in R^{}, non-convex", o.d);
  // On the crease both balls act; at t* the point leaves it into free fall.
  a.tags = {"several constraints active together", "curved boundary", "contacts switch", "non-convex set"};
  a.view = make_problem_view(std::move(p));
  return a;
}

// A problem of analytic/moving_sets.hpp (one moving constraint, exact
// solution): the uniform error like the sliding case; P_{S(t)} is the single
// constraint's exact projection at the base point's own time t, and the probe's
// base points are on the exact solution at times where the set moves. A
// half-space also hands out its polyhedron (solvers/adapters/polyhedral_view.hpp), so
// the catching-up schemes run on it.
template <class P>
AuditProblem moving_audit_problem(P p, std::string parameters, std::vector<double> probe_times, double time_scale,
                                  std::string notes, std::string set_description, std::vector<std::string> tags,
                                  std::function<Polyhedron<double>(double)> polyhedron = {}) {
  AuditProblem a;
  a.name = p.name();
  a.parameters = std::move(parameters);
  a.x0 = p.x0();
  a.t0 = p.t0();
  a.t_end = p.t_end();
  a.exact = [p](double t) { return p.exact(t); };
  a.error_measure =
      "sup over t of |x_h(t) - x(t)| (x_h: piecewise-linear interpolant, x: the exact solution, "
      "analytic/moving_sets.md)";
  a.notes = std::move(notes);
  const auto set = std::make_shared<const ConstraintSet<double>>(p.constraints());
  if (set->size() != 1) throw std::logic_error("moving_audit_problem: one constraint expected");
  a.project = [set](double t, const Vec<double>& y) {
    Vec<double> z = y;
    project((*set)[0], t, z);
    return z;
  };
  for (double t : probe_times) a.probe_points.emplace_back(t, p.exact(t));
  a.time_scale = time_scale;
  a.set_speed = p.set_speed();
  a.set_description = std::move(set_description);
  a.tags = std::move(tags);
  a.view = make_problem_view(std::move(p));
  if (polyhedron) a.view = std::make_shared<const WithPolyhedron>(a.view, std::move(polyhedron));
  return a;
}

// The moving wall {x : x_2 >= c(t)} as the polyhedron M = (0 1), b = -c(t):
// the same half-space as its HalfSpace constraint (agreement tested in
// studies/audit/problems/audit_lcs_test.cpp).
std::function<Polyhedron<double>(double)> wall_polyhedron(const MovingHalfPlane<double>& p) {
  return [p](double t) {
    Polyhedron<double> s;
    s.M = Mat<double>::Zero(1, 2);
    s.M(0, 1) = 1;
    s.b = Vec<double>::Constant(1, -p.wall(t));
    return s;
  };
}

}  // namespace

namespace {

// The oscillating wall x_2 >= 0.5 sin(2 pi t) with the autonomous field
// (1 - x_1, -g), and the static wall x_2 >= 0 with the time-dependent field
// (0.5 + cos 2 pi t, -g - pi cos 2 pi t) (moving_sets.md, 1; both have
// B = A + a/omega = 0.5). g = 4 >= B omega = pi: the point is pressed on the
// wall throughout. g = 1 < pi: it rides the wall, lifts off where the wall
// falls away faster than g pulls, and lands again each period: each
// landing's velocity jump makes the interpolant's O(h) error depend on
// where the grid falls (one grid a rung: local orders over [-0.19, 3.65],
// PBD on the wall), and its rungs are measured over grid phases
// (AuditThresholds::phases: within [0.86, 1.22]; studies/engine/fit_order.md,
// "Grid phases"). Why kappa on the wall: with f_1 = 1 PBD would be exact up
// to O(h^2); x-dependence makes order 1 visible.
AuditProblem oscillating_wall_problem(double g) {
  const double two_pi = 2 * boost::math::constants::pi<double>();
  const bool lifts = g < 0.5 * two_pi;
  MovingHalfPlane<double> p({.A = 0.5, .omega = two_pi, .g = g, .a = 0, .u = 1, .b = 0, .t_end = 2.5, .kappa = 1});
  auto poly = wall_polyhedron(p);
  std::vector<std::string> tags{"moving set", "flat boundary"};
  if (lifts) tags.push_back("contacts switch");
  return moving_audit_problem(std::move(p),
                              fmt::format("A=0.5 omega=2pi g={:g} u=1 kappa=1 (moving wall{})", g, lifts ? ", lift-offs" : ""),
                              {0.05, 0.15, 0.6, 1.1}, 0.25,
                              "exact solution: Skorokhod reflection on the moving wall (moving_sets.md, 1)",
                              "the oscillating half-plane {x_2 >= 0.5 sin 2 pi t}", std::move(tags), std::move(poly));
}

AuditProblem time_dependent_field_problem(double g) {
  const double two_pi = 2 * boost::math::constants::pi<double>();
  const bool lifts = g < 0.5 * two_pi;
  MovingHalfPlane<double> p({.A = 0, .omega = two_pi, .g = g, .a = 0.5 * two_pi, .u = 0.5, .b = 1, .t_end = 2.5});
  auto poly = wall_polyhedron(p);
  std::vector<std::string> tags{"time-dependent field", "flat boundary"};
  if (lifts) tags.push_back("contacts switch");
  return moving_audit_problem(
      std::move(p), fmt::format("A=0 omega=2pi g={:g} a=pi u=0.5 b=1 (time-dependent field{})", g, lifts ? ", lift-offs" : ""),
      {0.05, 0.15, 0.6, 1.1}, 0.25, "exact solution: Skorokhod reflection of the time-dependent field (moving_sets.md, 1)",
      "the static half-plane {x_2 >= 0}", std::move(tags), std::move(poly));
}

}  // namespace

std::vector<AuditProblem> moving_audit_problems() {
  const double pi = boost::math::constants::pi<double>();
  std::vector<AuditProblem> list;
  // Pressed throughout (g = 4); their lift-off versions are lift_off_audit_problems().
  list.push_back(oscillating_wall_problem(4));
  list.push_back(time_dependent_field_problem(4));
  list.push_back([&] {
    // In contact from t = 0 (c0 = sqrt(R^2 - y0^2) = 0.6): a rest phase first
    // would put a velocity jump inside (0, T), and the interpolant's error there
    // depends on where the grid falls (pbd_substeps' local orders scattered
    // over [-0.6, 2.6] with c0 = 0, measured).
    DraggedInBall<double> p({.v = 1, .R = 1, .y0 = 0.8, .t_end = 2.4, .c0 = 0.6});
    return moving_audit_problem(std::move(p), "v=1 R=1 y0=0.8 c0=0.6 (translating ball, tractrix)",
                                {0.2, 0.7, 1.3, 2.0}, 1, "exact solution: the tractrix (moving_sets.md, 2)",
                                "a translating disk, point inside: curved", {"moving set", "curved boundary"});
  }());
  list.push_back([&] {
    PushedByObstacle<double> p({.v = 1, .R = 1, .theta0 = pi / 6, .t_end = 2.5});
    return moving_audit_problem(std::move(p), "v=1 R=1 theta0=pi/6 (translating ball complement)",
                                {0.2, 0.6, 1.1, 2.0}, 1,
                                "exact solution: pushed around the disk until t* = 1.317, then at rest "
                                "(moving_sets.md, 3)",
                                "the complement of a translating disk, non-convex",
                                {"moving set", "curved boundary", "contacts switch", "non-convex set"});
  }());
  return list;
}

// The wall and the field of moving_audit_problems() with g = 1: lift-offs
// and landings each period (issue 55; oscillating_wall_problem). In the
// full battery, after the LCS problems (fit_order.md, "Grid phases": their cost).
std::vector<AuditProblem> lift_off_audit_problems() {
  return {oscillating_wall_problem(1), time_dependent_field_problem(1)};
}

std::vector<AuditProblem> audit_problems(int count) {
  const double pi = boost::math::constants::pi<double>();
  std::vector<std::function<AuditProblem()>> makers;
  auto sliding = [&makers](int d, double C, double alpha) {
    makers.push_back([=] { return sliding_audit_problem({d, C, alpha, 0.0}); });
  };
  // Order matters for the short CI variant (--max-problems 8): the sliding
  // case with C in {1, 10}, d in {3, 5}, alpha in {pi/16, pi/4}, the first
  // three being seed 000's Fig. 8 configuration, the slowest-converging one
  // (pre-asymptotic to h ~ 1e-4) and one with the other C, the other d and a
  // shallow valley; then the disks; then the moving sets and the
  // time-dependent field; then the other five sliding configurations.
  sliding(3, 10, pi / 16);
  sliding(3, 10, pi / 4);
  sliding(5, 1, pi / 16);
  // The non-overlapping disks (seed 000, Section 4.3; studies/audit/problems/audit_disks.hpp):
  // no exact solution, a cached PNGS reference known at sample times only
  // (errors are measured there), every pair constraint in the view.
  makers.push_back([] {
    AuditProblem a = disks_audit_problem();
    a.set_description = "780 pair constraints |X_i - X_j| >= 2R, non-convex";
    a.tags = {"several constraints active together", "curved boundary", "contacts switch", "non-convex set"};
    return a;
  });
  // Moving sets and time-dependent fields (analytic/moving_sets.md): every
  // problem above has a static set and an autonomous field, so a scheme that
  // passes the wrong time to the constraints or to f passes them all. These
  // four are in the short CI variant (--max-problems 8).
  for (std::size_t k = 0; k < 4; ++k) makers.push_back([k] { return moving_audit_problems()[k]; });
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
  // `time_scale` (and `set_speed` for a moving set) for large steps;
  // `set_description` names S(t) for schemes that cannot run on it. Insert
  // before the moving problems only with a reason: the CI variants take the first eight.
  // The crowd of seed 001 (studies/audit/problems/audit_crowd.hpp): disks against each other and the walls.
  makers.push_back([] {
    AuditProblem a = crowd_audit_problem();
    a.set_description = "the crowd's pair constraints |X_i - X_j| >= 2R and its walls, non-convex";
    a.tags = {"several constraints active together", "curved boundary", "flat boundary", "contacts switch",
              "non-convex set"};
    return a;
  });
  // The linear complementarity systems of seed 002, Section 7
  // (studies/audit/problems/audit_lcs.hpp): polyhedral sets with their polyhedron in the
  // view, so the catching-up schemes are audited on them. The ideal-diode
  // circuit (a time-dependent source on a polyhedral cone, cached exact
  // catching-up reference) and the closed-form LCS (exact solution).
  // Both are sweeping processes in z = P^(1/2) x: a non-identity metric in x.
  makers.push_back([] {
    AuditProblem a = circuit_audit_problem();
    a.tags = {"time-dependent field", "flat boundary", "contacts switch", "non-identity metric"};
    return a;
  });
  makers.push_back([] {
    AuditProblem a = lcs_closed_form_audit_problem();
    a.tags = {"flat boundary", "contacts switch", "non-identity metric"};
    return a;
  });
  // The wall and the field with lift-offs and landings (issue 55), measured over grid phases.
  for (std::size_t k = 0; k < 2; ++k) makers.push_back([k] { return lift_off_audit_problems()[k]; });
  // Manufactured event-rich problems (issue 56, analytic/manufactured/): landings, lift-offs and
  // re-landings on moving walls; a corner with two constraints active together; twelve bodies in
  // six simultaneous pair contacts. Measured (their room's audit.md rows): pbd, pngs, moreau-euler,
  // venel pass every check on each, 1.3-10 s a problem.
  for (const char* name : {"landings", "corner", "crowd-of-pairs"})
    makers.push_back([name] { return manufactured_audit_problem(std::string(name)); });

  if (count < 0) throw std::invalid_argument("audit_problems: count must be >= 0");
  const std::size_t n = count == 0 ? makers.size() : std::min<std::size_t>(makers.size(), std::size_t(count));
  std::vector<AuditProblem> list;
  for (std::size_t i = 0; i < n; ++i) {
    list.push_back(makers[i]());
    // The measured tags (issue 47, problem_tags.hpp): dimension, bodies (from
    // body_dim: the disks and the crowd), state scale, field.
    add_feature_tags(list.back());
  }
  return list;
}

}  // namespace sweepcheck
