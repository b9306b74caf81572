#include "studies/audit_disks.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "analytic/disks_view.hpp"
#include "solvers/reference_projector.hpp"

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
  const auto& rf = fine.reference;
  const auto& rc = coarse.reference;
  // Both files passed the cache's checks (reference_cache.hpp), including
  // their row count and span, so a difference here is a harness bug.
  const auto differ = [&] {
    return std::logic_error(fmt::format("disks audit problem: the references {} and {} have different sample times",
                                        fine.file.string(), coarse.file.string()));
  };
  if (rf.times.size() != rc.times.size()) throw differ();
  double reference_error = 0;
  for (std::size_t i = 0; i < rf.times.size(); ++i) {
    if (std::abs(rf.times[i] - rc.times[i]) > 1e-12 * (1 + d.t_end)) throw differ();
    reference_error = std::max(reference_error, (rf.states[i] - rc.states[i]).norm());
  }

  auto problem = std::make_shared<const Disks<double>>(d);
  AuditProblem a;
  a.name = "disks";
  a.parameters = fmt::format("N={} R={:g} gamma={:g} T={:g} seed={}", d.N, d.R, d.gamma, d.t_end, d.seed);
  a.x0 = problem->x0();
  a.t0 = 0;
  a.t_end = d.t_end;
  if (std::abs(rf.times.front() - a.t0) > 1e-12 || std::abs(rf.times.back() - a.t_end) > 1e-12 * (1 + a.t_end))
    throw std::logic_error("disks audit problem: the reference does not span [0, T]");
  a.sampled = std::make_shared<const SampledReference<double>>(rf);
  a.reference_error = reference_error;
  a.error_measure = fmt::format(
      "max over the reference's {} sample times t_i = i T/{} of |x_h(t_i) - x_ref(t_i)| (x_h: piecewise-linear "
      "interpolant; x_ref: PNGS reltol {:g}, h_ref = {:g}, error estimate |x_(2 h_ref) - x_(h_ref)| = {:.2g})",
      o.reference.samples + 1, o.reference.samples, o.reference.reltol, d.t_end / double(o.reference.steps),
      reference_error);
  a.notes = fmt::format("reference {} {}; 2 h_ref reference {} {}", fine.from_cache ? "loaded from" : "computed into",
                        fine.file.string(), coarse.from_cache ? "loaded from" : "computed into", coarse.file.string());
  for (const auto* c : {&fine, &coarse})
    if (!c->rejected.empty()) a.notes += "; " + c->rejected;
  a.ladder = o.ladder;
  a.h_floor = 10 * d.t_end / double(o.reference.steps);

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
