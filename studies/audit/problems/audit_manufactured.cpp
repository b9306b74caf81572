#include "studies/audit/problems/audit_manufactured.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "studies/audit/problems/problem_tags.hpp"
#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/manufactured_problem.hpp"
#include "sweepcheck/analytic/manufactured/schedule_json.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"

namespace sweepcheck {

namespace {

using manufactured::ManufacturedProblem;

// The walls as the polyhedron {x : M x + b(t) >= 0}, M's rows the unit
// normals and b = −offset(t): the same half-spaces as the constraints.
std::function<Polyhedron<double>(double)> walls_polyhedron(const ManufacturedProblem<double>& p) {
  const auto set = std::make_shared<const ConstraintSet<double>>(p.constraints());
  return [set](double t) {
    Polyhedron<double> s;
    s.M = Mat<double>(set->size(), set->dim());
    s.b = Vec<double>(set->size());
    for (int j = 0; j < set->size(); ++j) {
      const auto& h = std::get<HalfSpace<double>>((*set)[j]);
      s.M.row(j) = h.a.transpose();
      s.b[j] = -h.offset(t);
    }
    return s;
  };
}

}  // namespace

AuditProblem manufactured_audit_problem(const manufactured::Schedule& schedule) {
  ManufacturedProblem<double> p(schedule);
  const auto& s = p.schedule();
  AuditProblem a;
  a.name = "manufactured-" + s.name;
  const auto events = p.events();
  a.parameters = fmt::format("seed={} d={} m={} events={}", s.seed, p.dim(), p.constraints().size(), events.size());
  a.x0 = p.x0();
  a.t0 = 0;
  a.t_end = s.t_end;
  a.exact = [p](double t) { return p.exact(t); };
  a.error_measure =
      "sup over t of |x_h(t) - x(t)| (x_h: piecewise-linear interpolant, x: the manufactured exact solution, "
      "analytic/manufactured/manufactured.md)";
  a.notes = fmt::format("manufactured schedule '{}' (seed {}): {} landings and lift-offs; {}", s.name, s.seed,
                        events.size(), manufactured::describe(s));
  if (!a.notes.empty() && a.notes.back() == '\n') a.notes.pop_back();
  const auto set = std::make_shared<const ConstraintSet<double>>(p.constraints());
  a.project = [set](double t, const Vec<double>& y) {
    Vec<double> z = y;
    Work w;
    set->sweep(t, z, w);
    return z;
  };
  // Probe points: the middle of each piece between events (in contact or free), at most six.
  std::vector<double> cuts{0};
  for (const auto& e : events) cuts.push_back(e.t);
  cuts.push_back(s.t_end);
  for (std::size_t i = 0; i + 1 < cuts.size() && a.probe_points.size() < 6; ++i)
    if (cuts[i + 1] - cuts[i] > 1e-3 * s.t_end) {
      const double t = 0.5 * (cuts[i] + cuts[i + 1]);
      a.probe_points.emplace_back(t, p.exact(t));
    }
  // Large steps up to the time x* needs to cross the smallest length scale (0.5).
  double speed = 0;
  for (int k = 0; k <= 200; ++k) speed = std::max(speed, p.velocity(s.t_end * k / 200.0).norm());
  a.time_scale = std::clamp(0.5 / std::max(speed, 1e-12), 0.05, 1.0);
  a.set_speed = p.set_speed();
  int walls = 0, pairs = 0, obstacles = 0;
  for (const auto& c : s.components) {
    if (const auto* w = std::get_if<manufactured::WallsComponent>(&c)) walls += int(w->walls.size());
    pairs += std::holds_alternative<manufactured::PairComponent>(c);
    obstacles += std::holds_alternative<manufactured::ObstacleComponent>(c);
  }
  std::vector<std::string> kinds;
  if (walls) kinds.push_back(fmt::format("{} half-space{}", walls, walls == 1 ? "" : "s"));
  if (pairs)
    kinds.push_back(fmt::format("{} pair constraint{} |X_i - X_j| >= R_i + R_j", p.constraints().size() - walls,
                                p.constraints().size() - walls == 1 ? "" : "s"));
  if (obstacles) kinds.push_back("the complement of a ball, non-convex");
  a.set_description = fmt::format("{}{}", fmt::join(kinds, ", "), a.set_speed > 0 ? ", moving" : "");
  a.tags.push_back("contacts switch");
  if (walls) a.tags.push_back("flat boundary");
  if (pairs || obstacles) a.tags.push_back("curved boundary");
  if (pairs || obstacles) a.tags.push_back("non-convex set");  // a pair's |X_i - X_j| >= R, a ball's complement
  if (a.set_speed > 0) a.tags.push_back("moving set");
  // Several constraints active together: two contacts overlapping in time.
  for (int k = 0; k <= 400; ++k) {
    const Vec<double> g = p.gaps(s.t_end * k / 400.0);
    int active = 0;
    for (int j = 0; j < p.scheduled_constraints(); ++j) active += g[j] == 0;
    if (active >= 2) {
      a.tags.push_back("several constraints active together");
      break;
    }
  }
  if (manufactured::bodies(s) > 1 && pairs) a.body_dim = s.body_dim;
  std::function<Polyhedron<double>(double)> poly;
  if (walls == p.constraints().size()) poly = walls_polyhedron(p);
  a.view = make_problem_view(std::move(p));
  if (poly) a.view = std::make_shared<const WithPolyhedron>(a.view, std::move(poly));
  add_feature_tags(a);  // the measured tags, as audit_problems() adds them (problem_tags.hpp)
  return a;
}

AuditProblem manufactured_audit_problem(const std::string& prepared_name) {
  return manufactured_audit_problem(manufactured::prepared(prepared_name));
}

std::vector<AuditProblem> drawn_audit_problems(int n, std::uint64_t seed) {
  if (n < 0) throw std::invalid_argument(fmt::format("manufactured: the number of draws must be >= 0 (got {})", n));
  std::vector<AuditProblem> out;
  for (int k = 0; k < n; ++k) {
    AuditProblem a = manufactured_audit_problem(manufactured::draw(manufactured::draw_seed(seed, k)));
    a.notes = fmt::format("draw {} of --manufactured {} --seed {}: {}", k, n, seed, a.notes);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace sweepcheck
