#include "studies/audit_crowd.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "analytic/crowd_view.hpp"
#include "solvers/pngs.hpp"
#include "solvers/resource_limits.hpp"
#include "solvers/template_stepper.hpp"
#include "solvers/view_projector.hpp"
#include "studies/integrate.hpp"

namespace sweepcheck {

void CrowdReferenceOptions::validate() const {
  if (samples < 1) throw std::invalid_argument("CrowdReferenceOptions: samples must be >= 1");
  if (steps < samples || steps % samples != 0)
    throw std::invalid_argument("CrowdReferenceOptions: steps must be a positive multiple of samples");
  if (!(abstol >= 0) || !(reltol >= 0) || !(abstol > 0 || reltol > 0))
    throw std::invalid_argument("CrowdReferenceOptions: abstol/reltol must be >= 0, not both 0");
  if (max_sweeps < 1) throw std::invalid_argument("CrowdReferenceOptions: max_sweeps must be >= 1");
  if (steps > kMaxSteps)
    throw std::invalid_argument(
        fmt::format("CrowdReferenceOptions: steps = {} exceeds the limit of {:.0e} steps", steps, double(kMaxSteps)));
}

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
  return cached_reference(o.key(c), expect, [&] {
    const CrowdEvacuation<double> p(c);
    Pngs<double>::Options po;
    po.abstol = o.abstol;
    po.reltol = o.reltol;
    po.max_sweeps = o.max_sweeps;
    const Pngs<double> pngs(po);
    const std::int64_t every = o.steps / o.samples;
    SampledReference<double> ref;
    const RunSummary s = integrate(p, pngs, o.steps, [&](std::int64_t k, double t, const Vec<double>& x) {
      if (k % every == 0) {
        ref.times.push_back(t);
        ref.states.push_back(x);
      }
    });
    if (s.status != RunStatus::ok)
      throw std::runtime_error(fmt::format("crowd reference: PNGS run ended with status {} at step {}",
                                           to_string(s.status), s.fail_step));
    return ref;
  });
}

AuditProblem crowd_audit_problem(const CrowdAuditOptions& o) {
  o.validate();
  const CrowdOptions& c = o.crowd;
  const CachedReference fine = crowd_reference(c, o.reference);
  CrowdReferenceOptions half = o.reference;
  half.steps /= 2;
  const CachedReference coarse = crowd_reference(c, half);
  const auto& rf = fine.reference;
  const auto& rc = coarse.reference;
  // Both files passed the cache's checks (reference_cache.hpp), including
  // their row count and span, so a difference here is a harness bug.
  const auto differ = [&] {
    return std::logic_error(fmt::format("crowd audit problem: the references {} and {} have different sample times",
                                        fine.file.string(), coarse.file.string()));
  };
  if (rf.times.size() != rc.times.size()) throw differ();
  double reference_error = 0;
  for (std::size_t i = 0; i < rf.times.size(); ++i) {
    if (std::abs(rf.times[i] - rc.times[i]) > 1e-12 * (1 + c.t_end)) throw differ();
    reference_error = std::max(reference_error, (rf.states[i] - rc.states[i]).norm());
  }

  const CrowdEvacuation<double> problem(c);
  auto view = std::make_shared<const CrowdAllConstraintsView>(problem);
  AuditProblem a;
  a.name = "crowd";
  a.parameters = fmt::format("N={} r={:g} L={:g} door={:g} T={:g} seed={}", c.people, c.radius, c.room, c.door_width,
                             c.t_end, c.seed);
  a.x0 = problem.x0();
  a.t0 = 0;
  a.t_end = c.t_end;
  if (std::abs(rf.times.front() - a.t0) > 1e-12 || std::abs(rf.times.back() - a.t_end) > 1e-12 * (1 + a.t_end))
    throw std::logic_error("crowd audit problem: the reference does not span [0, T]");
  a.sampled = std::make_shared<const SampledReference<double>>(rf);
  a.reference_error = reference_error;
  a.error_measure = fmt::format(
      "max over the reference's {} sample times t_i = i T/{} of |x_h(t_i) - x_ref(t_i)| (x_h: piecewise-linear "
      "interpolant; x_ref: PNGS reltol {:g}, h_ref = {:g}, error estimate |x_(2 h_ref) - x_(h_ref)| = {:.2g})",
      o.reference.samples + 1, o.reference.samples, o.reference.reltol, c.t_end / double(o.reference.steps),
      reference_error);
  a.notes = fmt::format("reference {} {}; 2 h_ref reference {} {}", fine.from_cache ? "loaded from" : "computed into",
                        fine.file.string(), coarse.from_cache ? "loaded from" : "computed into", coarse.file.string());
  for (const auto* r : {&fine, &coarse})
    if (!r->rejected.empty()) a.notes += "; " + r->rejected;
  a.ladder = o.ladder;
  a.h_floor = 10 * c.t_end / double(o.reference.steps);

  // P_S(y) through the view by the view projector (linearise-and-project,
  // KKT-certified: solvers/view_projector.hpp), the projection Moreau–Euler
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
