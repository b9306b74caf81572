#include "studies/audit/problems/audit_disks.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "studies/audit/problems/audit_sampled.hpp"
#include "sweepcheck/analytic/disks_view.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"

namespace sweepcheck {

void DisksAuditOptions::validate() const {
  disks.validate();
  reference.validate();
  ladder.validate();
  if (reference.steps % 2 != 0 || (reference.steps / 2) % reference.samples != 0)
    throw std::invalid_argument("DisksAuditOptions: reference.steps / 2 must be a multiple of reference.samples");
  if (probe_times.empty()) throw std::invalid_argument("DisksAuditOptions: probe_times is empty");
  for (double t : probe_times) {
    const double i = t / disks.t_end * reference.samples;
    if (!(t >= 0 && t <= disks.t_end) || std::abs(i - std::round(i)) > 1e-9)
      throw std::invalid_argument(fmt::format("DisksAuditOptions: probe time {} is not a reference sample time", t));
  }
}

AuditProblem disks_audit_problem(const DisksAuditOptions& o) {
  o.validate();
  const DisksOptions& d = o.disks;
  const CachedReference fine = disks_reference(d, o.reference);
  DisksReferenceOptions half = o.reference;
  half.steps /= 2;
  const CachedReference coarse = disks_reference(d, half);
  auto problem = std::make_shared<const Disks<double>>(d);
  AuditProblem a;
  a.name = "disks";
  a.parameters = fmt::format("N={} R={:g} gamma={:g} T={:g} seed={}", d.N, d.R, d.gamma, d.t_end, d.seed);
  a.x0 = problem->x0();
  a.body_dim = 2;  // X_i = (x_{2i}, x_{2i+1}), one disk after the other
  a.t0 = 0;
  a.t_end = d.t_end;
  set_sampled_reference(a, fine, coarse, d.t_end / double(o.reference.steps),
                        fmt::format("PNGS reltol {:g}", o.reference.reltol));
  a.ladder = o.ladder;
  const auto& rf = fine.reference;

  // P_S(y) by the reference projector (SQP + LDP, KKT-certified) over the
  // pairs near y; an uncertified projection is an error of the harness.
  a.project = [problem](double t, const Vec<double>& y) {
    Vec<double> p = y;
    Work w;
    if (ReferenceProjector<double>{}(problem->constraints(), t, p, w) != StepStatus::ok)
      throw std::runtime_error("disks audit problem: the reference projector could not certify P_S(y)");
    return p;
  };
  for (double t : o.probe_times) {
    const auto i = static_cast<std::size_t>(std::llround(t / d.t_end * o.reference.samples));
    a.probe_points.emplace_back(rf.times[i], rf.states[i]);
  }
  // The time the fastest disk needs to move by its radius: R / max_i γ |X_i(0)|.
  double speed = 0;
  for (int i = 0; i < d.N; ++i) speed = std::max(speed, d.gamma * a.x0.segment<2>(2 * i).norm());
  a.time_scale = d.R / speed;
  a.view = std::make_shared<const DisksAllPairsView>(*problem);
  return a;
}

}  // namespace sweepcheck
