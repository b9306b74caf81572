#include "studies/audit/problems/audit_sampled.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace sweepcheck {

void set_sampled_reference(AuditProblem& a, const CachedReference& fine, const CachedReference& coarse, double h_ref,
                           const std::string& method) {
  const auto& rf = fine.reference;
  const auto& rc = coarse.reference;
  const auto differ = [&] {
    return std::logic_error(fmt::format("{} audit problem: the references {} and {} have different sample times",
                                        a.name, fine.file.string(), coarse.file.string()));
  };
  if (rf.times.empty() || rf.times.size() != rc.times.size()) throw differ();
  double reference_error = 0;
  for (std::size_t i = 0; i < rf.times.size(); ++i) {
    if (std::abs(rf.times[i] - rc.times[i]) > 1e-12 * (1 + std::abs(a.t_end))) throw differ();
    reference_error = std::max(reference_error, (rf.states[i] - rc.states[i]).norm());
  }
  if (std::abs(rf.times.front() - a.t0) > 1e-12 * (1 + std::abs(a.t0)) ||
      std::abs(rf.times.back() - a.t_end) > 1e-12 * (1 + std::abs(a.t_end)))
    throw std::logic_error(fmt::format("{} audit problem: the reference does not span [t0, T]", a.name));
  const std::size_t samples = rf.times.size() - 1;
  a.sampled = std::make_shared<const SampledReference<double>>(rf);
  a.reference_error = reference_error;
  a.h_floor = 10 * h_ref;
  a.error_measure = fmt::format(
      "max over the reference's {} sample times t_i = i T/{} of |x_h(t_i) - x_ref(t_i)| (x_h: piecewise-linear "
      "interpolant; x_ref: {}, h_ref = {:g}, error estimate |x_(2 h_ref) - x_(h_ref)| = {:.2g})",
      samples + 1, samples, method, h_ref, reference_error);
  a.notes = fmt::format("reference {} {}; 2 h_ref reference {} {}", fine.from_cache ? "loaded from" : "computed into",
                        fine.file.string(), coarse.from_cache ? "loaded from" : "computed into", coarse.file.string());
  for (const auto* c : {&fine, &coarse})
    if (!c->rejected.empty()) a.notes += "; " + c->rejected;
}

}  // namespace sweepcheck
