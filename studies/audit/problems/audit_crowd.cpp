#include "studies/audit/problems/audit_crowd.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "studies/audit/problems/audit_sampled.hpp"
#include "studies/runs/pngs_reference.hpp"
#include "sweepcheck/analytic/crowd_view.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/projection/view_projector.hpp"

namespace sweepcheck {

void CrowdReferenceOptions::validate() const { validate_pngs_reference(*this, "CrowdReferenceOptions"); }

std::string CrowdReferenceOptions::key(const CrowdOptions& c) const {
  // Every option of the crowd changes the trajectory (pbd_skin only PBD's
  // sweep, kept for simplicity: a different skin is a different entry).
  return fmt::format(
      "crowd-reference v1 | people={} radius={:.17g} room={:.17g} door_width={:.17g} speed={:.17g} t_end={:.17g} "
      "seed={} lattice={:.17g} jitter={:.17g} pbd_skin={:.17g} | pngs abstol={:.17g} reltol={:.17g} max_sweeps={} "
      "steps={} samples={}",
      c.people, c.radius, c.room, c.door_width, c.speed, c.t_end, c.seed, c.lattice, c.jitter, c.pbd_skin, abstol,
      reltol, max_sweeps, steps, samples);
}

void CrowdAuditOptions::validate() const {
  crowd.validate();
  reference.validate();
  ladder.validate();
  if (reference.steps % 2 != 0 || (reference.steps / 2) % reference.samples != 0)
    throw std::invalid_argument("CrowdAuditOptions: reference.steps / 2 must be a multiple of reference.samples");
  if (!(ladder.h_min >= 10 * crowd.t_end / double(reference.steps) * (1 - 1e-12)))
    throw std::invalid_argument(fmt::format("CrowdAuditOptions: ladder.h_min = {:g} must be >= 10 h_ref = {:g}",
                                            ladder.h_min, 10 * crowd.t_end / double(reference.steps)));
  if (probe_times.empty()) throw std::invalid_argument("CrowdAuditOptions: probe_times is empty");
  for (double t : probe_times) {
    const double i = t / crowd.t_end * reference.samples;
    if (!(t >= 0 && t <= crowd.t_end) || std::abs(i - std::round(i)) > 1e-9)
      throw std::invalid_argument(fmt::format("CrowdAuditOptions: probe time {} is not a reference sample time", t));
  }
}

CachedReference crowd_reference(const CrowdOptions& c, const CrowdReferenceOptions& o) {
  o.validate();
  c.validate();
  const ReferenceExpectation expect{.rows = static_cast<std::size_t>(o.samples) + 1,
                                    .dimension = 2 * static_cast<Eigen::Index>(c.people),
                                    .t_first = 0.0,
                                    .t_last = c.t_end};
  return cached_reference(o.key(c), expect,
                          [&] { return compute_pngs_reference(CrowdEvacuation<double>(c), o, "crowd reference"); });
}

AuditProblem crowd_audit_problem(const CrowdAuditOptions& o) {
  o.validate();
  const CrowdOptions& c = o.crowd;
  const CachedReference fine = crowd_reference(c, o.reference);
  CrowdReferenceOptions half = o.reference;
  half.steps /= 2;
  const CachedReference coarse = crowd_reference(c, half);
  const CrowdEvacuation<double> problem(c);
  auto view = std::make_shared<const CrowdAllConstraintsView>(problem);
  AuditProblem a;
  a.name = "crowd";
  a.parameters = fmt::format("N={} r={:g} L={:g} door={:g} T={:g} seed={}", c.people, c.radius, c.room, c.door_width,
                             c.t_end, c.seed);
  a.x0 = problem.x0();
  a.body_dim = 2;  // X_i = (x_{2i}, x_{2i+1}), one disk after the other
  a.t0 = 0;
  a.t_end = c.t_end;
  set_sampled_reference(a, fine, coarse, c.t_end / double(o.reference.steps),
                        fmt::format("PNGS reltol {:g}", o.reference.reltol));
  a.ladder = o.ladder;
  const auto& rf = fine.reference;

  // P_S(y) through the view by the view projector (linearise-and-project,
  // KKT-certified: solvers/projection/view_projector.hpp), the projection Moreau–Euler
  // uses; an uncertified projection is an error of the harness. The
  // reference projector needs Hessians the walls do not provide.
  a.project = [view](double t, const Vec<double>& y) {
    const ViewConstraintSet set(*view);
    Vec<double> p = y;
    Work w;
    if (ViewProjector{}(set, t, p, w) != StepStatus::ok)
      throw std::runtime_error("crowd audit problem: the view projector could not certify P_S(y)");
    return p;
  };
  for (double t : o.probe_times) {
    const auto i = static_cast<std::size_t>(std::llround(t / c.t_end * o.reference.samples));
    a.probe_points.emplace_back(rf.times[i], rf.states[i]);
  }
  // The time a person walking at the desired speed needs to cross its radius.
  a.time_scale = c.radius / c.speed;
  a.view = std::move(view);
  return a;
}

}  // namespace sweepcheck
