#pragma once
// Is a problem what it says it is? One validation of a problem seen through
// the plugin view (solvers/plugin/plugin_api.hpp), shared by the study and the audit
// (on a problem plugin, studies/runs/problem_plugin.hpp) and by the testing
// API (<sweepcheck/validate_problem.hpp>), so that a wrong exact solution or a
// wrong projection is reported as the problem's, never as a scheme's failure
// (issue 37). Each property broken is one sentence naming it:
//
//   - time_scale() > 0 and finite;
//   - exact(t0) = x0 to round-off (when an exact solution is given);
//   - f(t0, x0) is finite;
//   - at sample points near S (x0, the exact solution at three times, and
//     seeded perturbations of x0 of four sizes, the largest 4 (1 + |x0|) so
//     that some lie outside a bounded S) and in the boundary band (for each
//     of those outside S_j, points 1e-6, 1e-4 and 1e-2 (1 + |P_j(y)|) from
//     P_j(y), outside and inside), per constraint j:
//       after project(j, t, y), distance(j, t, ·) is at round-off and
//       value(j, t, ·) ≥ −round-off; project is idempotent; distance(j, t, y)
//       is |y − P_j(y)| (so 0 exactly where y is already in S_j); value ≥ 0
//       exactly where distance = 0; gradient(j, t, y) matches central finite
//       differences of value(j, t, ·); P_j(y) is the nearest point (y − P_j(y)
//       points along −gradient(j, t, P_j(y)), to 1e-6 in direction), and,
//       without the set's formula (issue 60): for y outside S_j, P_j(y) lies
//       on the boundary (value(j, t, P_j(y)) zero to round-off times
//       max(1, |gradient|)), no point of the segment from P_j(y) to y (at
//       1 %, 10 %, 50 % and 90 % of the way) lies in S_j (value >= 0), and
//       no sample point of S_j at the same t is nearer to y than P_j(y) (a
//       metric projection onto any closed set has these three properties).
//
// Round-off is kRoundOff · (1 + |y|) (1e-10: generous for one projection in
// double precision, yet a projection landing at radius 1.05 is 5e8 times
// over it); the gradient's tolerance is relative, 1e-4 of its size, against
// differences with step 1e-6 (1 + |y|). Deterministic: the sample points come
// from a fixed seed. Cost: about two thousand calls per constraint (at most
// 64 constraints and 16 gradient coordinates are sampled).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

struct ProblemUnderValidation {
  const plugin::ProblemView& view;
  double t0 = 0;
  double t_end = 1;
  std::span<const double> x0;
  // The exact solution when known (set out <- x(t), return true); empty or
  // returning false: none.
  std::function<bool(double, std::span<double>)> exact;
  double time_scale = 1;
};

// Helpers of problem_violations below: a norm, a finiteness test, a bounded
// message formatter and a portable pseudo-random sequence.
namespace validation {

inline double norm(std::span<const double> x) {
  double s = 0;
  for (double v : x) s += v * v;
  return std::sqrt(s);
}
inline bool finite(std::span<const double> x) {
  for (double v : x)
    if (!std::isfinite(v)) return false;
  return true;
}
template <class... A>
std::string say(const char* pattern, A... args) {
  char buffer[768];
  std::snprintf(buffer, sizeof buffer, pattern, args...);
  return buffer;
}
// splitmix64: a fixed, portable sequence (no <random> distribution, whose
// output the standard leaves to the library).
struct Sequence {
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  double uniform() {  // in (-1, 1)
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return 2.0 * (double(z >> 11) * 0x1.0p-53) - 1.0;
  }
};

}  // namespace validation

inline constexpr double kRoundOff = 1e-10;

// Every property the problem breaks, one sentence each naming the property
// (empty: none found). Calls into the problem; a problem that crashes or
// hangs in them must be validated in a child process (the program does).
inline std::vector<std::string> problem_violations(const ProblemUnderValidation& p) {
  using namespace validation;
  std::vector<std::string> out;
  const auto& v = p.view;
  const int n = v.dim();
  const std::size_t un = static_cast<std::size_t>(n);
  if (!(p.time_scale > 0) || !std::isfinite(p.time_scale))
    out.push_back(say("time_scale() = %g must be finite and > 0", p.time_scale));
  if (p.x0.size() != un || !finite(p.x0)) {
    out.push_back("x0() is not a finite vector of length dim()");
    return out;
  }
  const double x0_norm = norm(p.x0);
  std::vector<double> a(un), b(un), c(un);
  // exact(t0) = x0.
  std::vector<std::pair<double, std::vector<double>>> base{{p.t0, {p.x0.begin(), p.x0.end()}}};
  if (p.exact && p.exact(p.t0, a)) {
    double d = 0;
    for (std::size_t i = 0; i < un; ++i) d = std::max(d, std::abs(a[i] - p.x0[i]));
    if (!finite(a) || !(d <= 1e-12 * (1 + x0_norm)))
      out.push_back(say("exact(t0) must equal x0() to round-off: at t0 = %.17g they differ by %.3g (max norm; "
                        "allowed 1e-12 (1 + |x0|) = %.3g)",
                        p.t0, d, 1e-12 * (1 + x0_norm)));
    for (double s : {0.25, 0.5, 1.0}) {
      const double t = p.t0 + s * (p.t_end - p.t0);
      if (p.exact(t, a) && finite(a)) base.push_back({t, a});
    }
  }
  // f(t0, x0) finite.
  v.f(p.t0, p.x0, b);
  if (!finite(b)) out.push_back(say("f(t0, x0) must be finite: it is not at t0 = %.17g", p.t0));

  // Sample points near S: the base points and seeded perturbations of x0 of
  // relative sizes 1e-3, 0.1, 1 and 4 (the last mostly outside a bounded S,
  // where project has to move the point).
  Sequence seq;
  std::vector<std::pair<double, std::vector<double>>> points = base;
  const double times[3] = {p.t0, 0.5 * (p.t0 + p.t_end), p.t_end};
  for (double size : {1e-3, 0.1, 1.0, 4.0})
    for (int k = 0; k < 3; ++k) {
      std::vector<double> y(p.x0.begin(), p.x0.end());
      for (auto& yi : y) yi += size * (1 + x0_norm) * seq.uniform() / std::sqrt(double(n));
      points.push_back({times[k], y});
    }
  const auto& cs = v.constraints();
  const int m = cs.size();
  const int stride = std::max(1, m / 64);
  // One sentence per property and constraint, at its first sample point.
  auto broken = [&out](const std::string& s) {
    if (std::find(out.begin(), out.end(), s) == out.end() && out.size() < 16) out.push_back(s);
  };
  for (int j = 0; j < m; j += stride) {
    bool said_project = false, said_distance = false, said_value = false, said_idem = false, said_grad = false,
         said_nearest = false, said_boundary = false, said_nearer = false;
    // The boundary band (issue 45), where a scheme's projections and
    // gradients are used: a step h |f| from S. For each sample outside S_j,
    // the points at relative distances 1e-6, 1e-4 and 1e-2 from its
    // projection, outside along y - P_j(y) and inside against it.
    std::vector<std::pair<double, std::vector<double>>> samples = points;
    for (const auto& [t, y] : points) {
      std::copy(y.begin(), y.end(), a.begin());
      cs.project(j, t, a);
      if (!finite(a)) continue;
      double gap = 0;
      for (std::size_t i = 0; i < un; ++i) gap += (y[i] - a[i]) * (y[i] - a[i]);
      gap = std::sqrt(gap);
      if (!(gap > kRoundOff * (1 + norm(y)))) continue;
      for (double size : {1e-6, 1e-4, 1e-2})
        for (double side : {1.0, -1.0}) {
          std::vector<double> z(a.begin(), a.end());
          const double r = side * size * (1 + norm(a)) / gap;
          for (std::size_t i = 0; i < un; ++i) z[i] += r * (y[i] - a[i]);
          samples.push_back({t, z});
        }
    }
    // The samples' values, for the nearer-point test below: a sample with
    // value >= 0 is a point of S_j by the set's own definition.
    std::vector<double> sample_value;
    for (const auto& [t, y] : samples) sample_value.push_back(cs.value(j, t, y));
    for (const auto& [t, y] : samples) {
      const double tol = kRoundOff * (1 + norm(y));
      std::copy(y.begin(), y.end(), a.begin());
      const double d_before = cs.distance(j, t, y);
      const double g_before = cs.value(j, t, y);
      cs.project(j, t, a);  // a = P_j(y)
      if (!finite(a)) {
        broken(say("project(j = %d, t = %.6g, x) returned a non-finite point", j, t));
        continue;
      }
      const double d_after = cs.distance(j, t, a), g_after = cs.value(j, t, a);
      if (!said_project && !(std::abs(d_after) <= tol && g_after >= -tol)) {
        said_project = true;
        broken(say("project(j = %d, t, x) must land in S_j: after it, distance(j, t, .) = %.3g and value(j, t, .) = "
                   "%.3g at t = %.6g, |P(x)| = %.6g (allowed: distance <= %.1e (1 + |x|), value >= minus that)",
                   j, d_after, g_after, t, norm(a), kRoundOff));
      }
      std::copy(a.begin(), a.end(), b.begin());
      cs.project(j, t, b);
      double moved = 0;
      for (std::size_t i = 0; i < un; ++i) moved = std::max(moved, std::abs(b[i] - a[i]));
      if (!said_idem && !(moved <= tol)) {
        said_idem = true;
        broken(say("project(j = %d, t, x) must be idempotent: projecting its own result moved it by %.3g at t = %.6g",
                   j, moved, t));
      }
      double gap = 0;
      for (std::size_t i = 0; i < un; ++i) gap += (y[i] - a[i]) * (y[i] - a[i]);
      gap = std::sqrt(gap);
      // The nearest point: where S_j = {value >= 0} is smooth, y - P_j(y) is
      // a non-negative multiple of -gradient(P_j(y)) (the KKT condition of
      // min |y - a| over value(a) >= 0); a feasible point that is not the
      // nearest one breaks it.
      if (!said_nearest && gap > tol) {
        cs.gradient(j, t, a, c);
        const double cn = norm(c);
        if (finite(c) && cn > 0) {
          double along = 0;
          for (std::size_t i = 0; i < un; ++i) along += (y[i] - a[i]) / gap * c[i] / cn;
          double across = 0;
          for (std::size_t i = 0; i < un; ++i) {
            const double r = (y[i] - a[i]) / gap - along * c[i] / cn;
            across += r * r;
          }
          across = std::sqrt(across);
          if (!(along < 0 && across <= 1e-6 + tol / gap)) {
            said_nearest = true;
            // The angle between x - P(x) and -gradient, from its cosine
            // (-along) and sine (across): 180 degrees for opposite vectors.
            const double degrees = std::atan2(across, -along) * 180 / 3.14159265358979323846;
            broken(say("project(j = %d, t, x) must return the nearest point of S_j: x - project(j, t, x) must point "
                       "along -gradient(j, t, .) there, but its direction is %.3g degrees off it (cosine %.6f) at "
                       "t = %.6g, |x - P(x)| = %.3g (the projection or the gradient is wrong%s)",
                       j, degrees, -along, t, gap, along > 0 && across <= 1e-6 ? ": they point opposite ways" : ""));
          }
        }
      }
      // Nearest-ness without the set's formula (issue 60), for a point the
      // projection moved (outside S_j): P_j(y) on the boundary, and no point
      // of S_j nearer to y among the points of the segment from P_j(y) to y
      // and the samples at the same t.
      if (gap > tol && finite(a)) {
        if (!said_boundary) {
          cs.gradient(j, t, a, c);
          const double slope = finite(c) ? std::max(1.0, norm(c)) : 1.0;
          if (!(std::abs(g_after) <= tol * slope)) {
            said_boundary = true;
            broken(say("project(j = %d, t, x) must land on the boundary of S_j for a point x outside it (the nearest "
                       "point of a closed set does): value(j, t, P(x)) = %.3g at t = %.6g, |x| = %.6g, |P(x)| = "
                       "%.6g (allowed: |value| <= %.1e (1 + |x|) max(1, |gradient|))",
                       j, g_after, t, norm(y), norm(a), kRoundOff));
          }
        }
        if (!said_nearer) {
          const double margin = tol + 1e-9 * gap;
          double nearer = gap, nearer_value = 0;
          const char* where = "";
          for (double s : {0.01, 0.1, 0.5, 0.9}) {
            if (!(s * gap > margin)) continue;
            for (std::size_t i = 0; i < un; ++i) b[i] = a[i] + s * (y[i] - a[i]);
            const double gz = cs.value(j, t, b);
            if (gz >= 0 && (1 - s) * gap < nearer) {
              nearer = (1 - s) * gap, nearer_value = gz;
              where = "on the segment from P(x) to x";
            }
          }
          for (std::size_t k = 0; k < samples.size(); ++k) {
            if (samples[k].first != t || !(sample_value[k] >= 0)) continue;
            double dz = 0;
            for (std::size_t i = 0; i < un; ++i) dz += (y[i] - samples[k].second[i]) * (y[i] - samples[k].second[i]);
            dz = std::sqrt(dz);
            if (dz < nearer) nearer = dz, nearer_value = sample_value[k], where = "among the sample points";
          }
          if (nearer < gap - margin) {
            said_nearer = true;
            broken(say("project(j = %d, t, x) must return the nearest point of S_j: a point of S_j %s (value %.3g) "
                       "is %.6g from x, nearer than P(x) at %.6g, at t = %.6g, |x| = %.6g, |P(x)| = %.6g",
                       j, where, nearer_value, nearer, gap, t, norm(y), norm(a)));
          }
        }
      }
      if (!said_distance && !(std::abs(d_before - gap) <= tol + 1e-8 * gap)) {
        said_distance = true;
        broken(say("distance(j = %d, t, x) must be |x - project(j, t, x)|: %.6g against %.6g at t = %.6g", j,
                   d_before, gap, t));
      }
      if (!said_value && ((g_before > tol && d_before > tol) || (g_before < -tol && !(d_before > 0)))) {
        said_value = true;
        broken(say("distance(j = %d, t, x) must be 0 exactly where value(j, t, x) >= 0: value %.3g, distance %.3g "
                   "at t = %.6g",
                   j, g_before, d_before, t));
      }
      // The gradient against central differences of value, at y (a point where
      // value is smooth unless y sits on a kink, which a sample almost never does).
      if (said_grad) continue;
      cs.gradient(j, t, y, c);
      if (!finite(c)) {
        said_grad = true;
        broken(say("gradient(j = %d, t, x) returned a non-finite vector at t = %.6g", j, t));
        continue;
      }
      const double step = 1e-6 * (1 + norm(y));
      const double gnorm = norm(c);
      std::vector<std::size_t> coords;
      for (std::size_t i = 0; i < un && coords.size() < 16; i += std::max<std::size_t>(1, un / 16)) coords.push_back(i);
      for (std::size_t i : coords) {
        std::copy(y.begin(), y.end(), b.begin());
        b[i] = y[i] + step;
        const double up = cs.value(j, t, b);
        b[i] = y[i] - step;
        const double down = cs.value(j, t, b);
        b[i] = y[i];
        const double mid = cs.value(j, t, b);
        // A kink of value at y (e.g. |x| at 0): the one-sided differences
        // disagree and no derivative is there to compare with.
        const double forward = (up - mid) / step, backward = (mid - down) / step;
        if (!(std::abs(forward - backward) <= 1e-3 * std::max({std::abs(forward), std::abs(backward), 1.0}))) continue;
        const double fd = (up - down) / (2 * step);
        if (!(std::abs(fd - c[i]) <= 1e-4 * std::max({gnorm, std::abs(fd), 1e-3}) + 1e-6)) {
          said_grad = true;
          broken(say("gradient(j = %d, t, x) must match finite differences of value: component %zu is %.6g, the "
                     "central difference %.6g, at t = %.6g",
                     j, i, c[i], fd, t));
          break;
        }
      }
    }
  }
  return out;
}

}  // namespace sweepcheck
