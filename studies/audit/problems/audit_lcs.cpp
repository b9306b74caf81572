#include "studies/audit/problems/audit_lcs.hpp"

#include <fmt/format.h>

#include <cmath>
#include <memory>
#include <stdexcept>

#include "studies/audit/problems/audit_sampled.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"
#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "sweepcheck/solvers/schemes/catching_up.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"

namespace sweepcheck {

void CircuitAuditOptions::validate() const {
  circuit.validate();
  ladder.validate();
  if (samples < 1) throw std::invalid_argument("CircuitAuditOptions: samples must be >= 1");
  if (reference_steps < 2 || reference_steps % 2 != 0 || (reference_steps / 2) % samples != 0)
    throw std::invalid_argument("CircuitAuditOptions: reference_steps / 2 must be a positive multiple of samples");
  if (reference_steps > kMaxSteps)
    throw std::invalid_argument(fmt::format("CircuitAuditOptions: reference_steps = {} exceeds the limit of {:.0e}",
                                            reference_steps, double(kMaxSteps)));
  if (ladder.h_min < 10 * circuit.t_end / double(reference_steps))
    throw std::invalid_argument("CircuitAuditOptions: ladder.h_min must be >= 10 h_ref");
  if (probe_times.empty()) throw std::invalid_argument("CircuitAuditOptions: probe_times is empty");
  for (double t : probe_times) {
    const double i = t / circuit.t_end * samples;
    if (!(t >= 0 && t <= circuit.t_end) || std::abs(i - std::round(i)) > 1e-9)
      throw std::invalid_argument(fmt::format("CircuitAuditOptions: probe time {} is not a reference sample time", t));
  }
}

std::string CircuitAuditOptions::key(std::int64_t steps) const {
  const CircuitOptions& c = circuit;
  return fmt::format(
      "circuit-reference v1 | circuit R1={:.17g} R2={:.17g} R3={:.17g} L2={:.17g} L3={:.17g} C4={:.17g} "
      "discontinuous={} T={:.17g} | z = P^(1/2) x | catching-up exact projection, exact input integral steps={} "
      "samples={}",
      c.R1, c.R2, c.R3, c.L2, c.L3, c.C4, c.discontinuous, c.t_end, steps, samples);
}

CachedReference circuit_reference(const CircuitAuditOptions& o, std::int64_t steps) {
  o.validate();
  if (steps < o.samples || steps % o.samples != 0)
    throw std::invalid_argument("circuit_reference: steps must be a positive multiple of samples");
  const LcsSweeping<double> p(circuit<double>(o.circuit));
  const ReferenceExpectation expect{.rows = static_cast<std::size_t>(o.samples) + 1,
                                    .dimension = p.dim(),
                                    .t_first = 0.0,
                                    .t_last = o.circuit.t_end};
  return cached_reference(o.key(steps), expect, [&] {
    const std::int64_t every = steps / o.samples;
    SampledReference<double> ref;
    const RunSummary s = integrate(p, ExactCatchingUp<double>{}, steps, [&](std::int64_t k, double t, const Vec<double>& z) {
      if (k % every == 0) {
        ref.times.push_back(t);
        ref.states.push_back(z);
      }
    });
    // An uncertified projection (inner cap hit) or a blow-up is never cached.
    if (s.status != RunStatus::ok || s.inner_cap_hits > 0)
      throw std::runtime_error(fmt::format("circuit reference: exact catching-up ended with status {} ({} inner cap hits)",
                                           to_string(s.status), s.inner_cap_hits));
    return ref;
  });
}

namespace {

// P_{S(t)}(y) by the exact polyhedron projection (KKT-certified); an
// uncertified projection is a harness error, never judged on.
std::function<Vec<double>(double, const Vec<double>&)> exact_projection(
    std::shared_ptr<const PolyhedralView> poly) {
  return [poly](double t, const Vec<double>& y) {
    const auto p = project_exact(poly->polyhedron(t), y);
    if (!p.kkt.found || p.kkt.worst() > 1e3 * kkt_tolerance(poly->polyhedron(t), y))
      throw std::runtime_error("LCS audit problem: the exact projection could not be certified");
    return p.z;
  };
}

}  // namespace

AuditProblem circuit_audit_problem(const CircuitAuditOptions& o) {
  o.validate();
  const CachedReference fine = circuit_reference(o, o.reference_steps);
  const CachedReference coarse = circuit_reference(o, o.reference_steps / 2);
  auto view = std::make_shared<const PolyhedralViewOf<LcsSweeping<double>>>(LcsSweeping<double>(circuit<double>(o.circuit)));
  const LcsSweeping<double>& p = view->problem();
  AuditProblem a;
  a.name = "circuit";
  a.parameters = fmt::format("u=16sin(6pi t)-0.5 T={:g} (seed 002, Fig. 2; z = P^(1/2) x)", o.circuit.t_end);
  a.x0 = p.x0();
  a.t0 = 0;
  a.t_end = p.t_end();
  // The sampled reference, its error estimate |z_2h_ref − z_h_ref| and
  // h_floor = 10 h_ref (studies/audit/problems/audit_sampled.hpp); x there is z = P^(1/2) x.
  set_sampled_reference(a, fine, coarse, o.circuit.t_end / double(o.reference_steps),
                        "exact catching-up (u integrated exactly) in z = P^(1/2) x, the P-norm of x");
  const auto& rf = fine.reference;
  a.set_description = "the polyhedral cone {x_2 >= x_3, x_2 >= 0} of two ideal diodes, static";
  a.ladder = o.ladder;
  a.project = exact_projection(view);
  for (double t : o.probe_times) {
    const auto i = static_cast<std::size_t>(std::llround(t / o.circuit.t_end * o.samples));
    a.probe_points.emplace_back(rf.times[i], rf.states[i]);
  }
  // A quarter period of the source u (period 2π/ω = 1/3): the time the field
  // needs to turn, as the moving walls' quarter period.
  a.time_scale = 0.25 * 2 * boost::math::constants::pi<double>() / p.data().input.omega;
  a.set_speed = 0;  // G = 0, F constant: S does not move
  a.view = view;
  return a;
}

AuditProblem lcs_closed_form_audit_problem() {
  const LcsClosedForm<double> c;
  auto view = std::make_shared<const PolyhedralViewOf<LcsSweeping<double>>>(LcsSweeping<double>(c.data()));
  const LcsSweeping<double>& p = view->problem();
  AuditProblem a;
  a.name = "lcs-closed-form";
  a.parameters = "A=diag(-1,-2) P=[[2,1],[1,1]] u=1 t*=log(3/2) T=1.5 (z = P^(1/2) x)";
  a.x0 = p.x0();
  a.t0 = 0;
  a.t_end = p.t_end();
  // The constraint activates at t*: x' jumps there from (-2, 4/9) to
  // (0, -14/9), |z'| by 2 (analytic/lcs_cases.hpp), so the interpolant's
  // error at t* alone is up to h/2, 2 h φ(1 − φ) with φ where t* falls in
  // its step: the ladder's rungs are measured over grid phases
  // (AuditThresholds::phases), which this event triggers.
  const Mat<double> R = p.R();
  a.exact = [c, R](double t) { return Vec<double>(R * c.x(t)); };
  a.error_measure =
      "sup over t of |z_h(t) - z(t)| (z = P^(1/2) x; z_h: piecewise-linear interpolant; z: the closed form of "
      "analytic/lcs.md, Section 3)";
  a.notes = "exact solution: free decay until the constraint x_1 >= 0 activates at t* = log(3/2), then sliding";
  a.set_description = "the half-space {x_1 >= 0} in z coordinates, static";
  a.project = exact_projection(view);
  // One base point in the free phase (no constraint near: N = {0}), three
  // after t* (x_1 = 0 active).
  for (double t : {0.2, 0.6, 1.0, 1.4}) a.probe_points.emplace_back(t, a.exact(t));
  // The fastest mode's time constant (A = diag(-1, -2)).
  a.time_scale = 0.5;
  a.set_speed = 0;
  a.view = view;
  return a;
}

}  // namespace sweepcheck
