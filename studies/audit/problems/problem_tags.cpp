// Tags measured from a battery problem (problem_tags.hpp).
#include "studies/audit/problems/problem_tags.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sweepcheck {

std::vector<std::string> feature_tags(const ProblemFeatures& f) {
  std::vector<std::string> t;
  t.push_back(f.dim <= 5 ? "d <= 5" : (f.dim >= 40 ? "d >= 40" : "5 < d < 40"));
  if (f.bodies >= 2) t.push_back("several bodies");
  t.push_back(f.state_scale <= 1 ? "|x| <= 1" : (f.state_scale <= 10 ? "1 < |x| <= 10" : "|x| > 10"));
  const double lt = f.lipschitz * f.span;
  t.push_back(lt < 1e-6 ? "f constant in x" : (lt < 10 ? "L T < 10" : "stiff field (L T >= 10)"));
  return t;
}

ProblemFeatures measure_features(const AuditProblem& a) {
  ProblemFeatures f;
  f.dim = int(a.x0.size());
  f.bodies = a.body_dim >= 2 ? f.dim / a.body_dim : 0;
  f.span = a.t_end - a.t0;
  // The states: the start and up to 8 of the reference's (exact or sampled).
  std::vector<std::pair<double, Vec<double>>> states{{a.t0, a.x0}};
  for (int k = 1; k <= 8; ++k) {
    const double t = a.t0 + f.span * k / 8;
    if (a.exact) {
      states.emplace_back(t, a.exact(t));
    } else if (a.sampled && !a.sampled->times.empty()) {
      const std::size_t i = std::min(a.sampled->times.size() - 1, a.sampled->times.size() * std::size_t(k) / 8);
      states.emplace_back(a.sampled->times[i], a.sampled->states[i]);
    }
  }
  const int d = f.dim;
  Vec<double> fx(d), fy(d), y(d), v(d);
  for (const auto& [t, x] : states) {
    if (x.size() != d || !x.allFinite()) continue;
    f.state_scale = std::max(f.state_scale, x.norm());
    if (!a.view) continue;
    a.view->f(t, std::span<const double>(x.data(), std::size_t(d)), std::span<double>(fx.data(), std::size_t(d)));
    // Directions: each unit vector for a small state, else a fixed few
    // (the first, the last, a diagonal, an alternating one).
    std::vector<Vec<double>> dirs;
    if (d <= 8) {
      for (int i = 0; i < d; ++i) dirs.push_back(Vec<double>::Unit(d, i));
    } else {
      dirs.push_back(Vec<double>::Unit(d, 0));
      dirs.push_back(Vec<double>::Unit(d, d - 1));
      dirs.push_back(Vec<double>::Constant(d, 1 / std::sqrt(double(d))));
      for (int i = 0; i < d; ++i) v[i] = (i % 2 ? -1.0 : 1.0) / std::sqrt(double(d));
      dirs.push_back(v);
    }
    const double delta = 1e-6 * (1 + x.norm());
    for (const auto& u : dirs) {
      y = x + delta * u;
      a.view->f(t, std::span<const double>(y.data(), std::size_t(d)), std::span<double>(fy.data(), std::size_t(d)));
      const double l = (fy - fx).norm() / delta;
      if (std::isfinite(l)) f.lipschitz = std::max(f.lipschitz, l);
    }
  }
  return f;
}

void add_feature_tags(AuditProblem& a) {
  for (auto& t : feature_tags(measure_features(a))) a.tags.push_back(std::move(t));
}

}  // namespace sweepcheck
