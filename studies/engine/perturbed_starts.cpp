#include "sweepcheck/studies/engine/perturbed_starts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <span>
#include <stdexcept>

namespace sweepcheck {

void PerturbedStartOptions::validate() const {
  for (double s : sizes)
    if (!(s > 0 && std::isfinite(s)))
      throw std::invalid_argument(fmt::format("PerturbedStartOptions: every size must be a finite number > 0 (got {})", s));
  if (max_feasibility_sweeps < 1)
    throw std::invalid_argument(
        fmt::format("PerturbedStartOptions: max_feasibility_sweeps must be >= 1 (got {})", max_feasibility_sweeps));
}

Vec<double> perturbation_direction(int d, std::uint64_t seed, int index) {
  if (d < 1) throw std::invalid_argument("perturbation_direction: dimension must be >= 1");
  std::mt19937_64 gen(seed + static_cast<std::uint64_t>(index));
  Vec<double> u(d);
  double norm2 = 0;
  for (int i = 0; i < d; ++i) {
    const double v = double(gen() >> 11) * 0x1.0p-53;  // exact: 53 bits into [0, 1)
    u[i] = 2 * v - 1;
    norm2 += u[i] * u[i];
  }
  // All components zero: probability 2^-53d; fall back to the first axis.
  if (norm2 == 0) {
    u.setZero();
    u[0] = 1;
    return u;
  }
  return u / std::sqrt(norm2);
}

double max_violation(const plugin::ConstraintView& set, double t, const Vec<double>& x) {
  const std::span<const double> xs(x.data(), static_cast<std::size_t>(x.size()));
  double v = 0;
  for (int j = 0; j < set.size(); ++j) v = std::max(v, set.distance(j, t, xs));
  return v;
}

int make_feasible(const plugin::ConstraintView& set, double t, Vec<double>& x, int max_sweeps) {
  const std::span<double> xs(x.data(), static_cast<std::size_t>(x.size()));
  int sweeps = 0;
  while (sweeps < max_sweeps && max_violation(set, t, x) > 16 * epsilon<double>() * (1 + x.norm())) {
    for (int j = 0; j < set.size(); ++j) set.project(j, t, xs);
    ++sweeps;
  }
  return sweeps;
}

std::string PerturbedStart::tag() const { return size == 0 ? std::string() : fmt::format(" start=perturbed:{:g}", size); }

std::vector<PerturbedStart> perturbed_starts(const Vec<double>& x0, const PerturbedStartOptions& o,
                                             const plugin::ConstraintView* set, double t0) {
  o.validate();
  std::vector<PerturbedStart> out;
  out.push_back({0, x0, 0, set ? max_violation(*set, t0, x0) : 0});
  const double scale = std::max(1.0, x0.norm());
  for (std::size_t k = 0; k < o.sizes.size(); ++k) {
    PerturbedStart s;
    s.size = o.sizes[k];
    s.x0 = x0 + o.sizes[k] * scale * perturbation_direction(static_cast<int>(x0.size()), o.seed, static_cast<int>(k));
    if (set) {
      make_feasible(*set, t0, s.x0, o.max_feasibility_sweeps);
      s.violation = max_violation(*set, t0, s.x0);
    }
    s.displacement = (s.x0 - x0).norm();
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace sweepcheck
