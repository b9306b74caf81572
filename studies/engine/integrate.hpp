#pragma once
// The driver: x_{k+1} = Φ_h(t_k, x_k) on the uniform grid t_k = t0 + k h,
// h = (t_end − t0)/n. Times are computed from k, never accumulated (the
// Boost.Odeint rule: accumulating t += h adds round-off to every time).
// Observers are plain callables obs(k, t_k, x_k), called for k = 0..n (or up
// to the step where the run diverged). The driver counts the scheme's f calls
// itself (Work::field_evaluations): it steps the scheme through a
// FieldCountingProblem (solvers/adapters/field_counting_problem.hpp), or, for
// a scheme whose step takes only the problem's own type, through the problem
// (its f calls are then not counted).
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "sweepcheck/solvers/adapters/field_counting_problem.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/run_status.hpp"

namespace sweepcheck {

struct IntegrateOptions {
  // A state with ‖x_k‖ > blowup_factor · (1 + ‖x_0‖ + |t_end − t0| · ‖f(t0, x0)‖)
  // counts as diverged: no bounded trajectory of the problems here comes
  // within orders of magnitude of that.
  double blowup_factor = 1e6;
  // The grid's phase φ ∈ [0, 1): the first step is φ h, then steps of h, the
  // last (1 − φ) h (studies/engine/grid_phases.hpp); 0 is the plain grid.
  double phase = 0;

  void validate() const {
    if (!(blowup_factor > 1)) throw std::invalid_argument("IntegrateOptions: blowup_factor must be > 1");
    if (!(phase >= 0 && phase < 1))
      throw std::invalid_argument(fmt::format("IntegrateOptions: phase must lie in [0, 1) (got {})", phase));
  }
};

struct RunSummary {
  RunStatus status = RunStatus::ok;
  std::int64_t steps = 0;              // steps requested (n; a phased grid takes n + 1, the first and last shorter)
  std::int64_t fail_step = -1;         // first diverged / capped step, or -1
  std::int64_t inner_cap_hits = 0;     // steps whose inner solver hit its cap
  Work work;
  double wall_seconds = 0;
};

template <Problem P, class Scheme, class Observer>
RunSummary integrate(const P& p, const Scheme& scheme, std::int64_t n, Observer&& obs,
                     const IntegrateOptions& opt = {}) {
  using T = typename P::Scalar;
  opt.validate();
  if (n < 1) throw std::invalid_argument("integrate: the number of steps must be >= 1 (got " + std::to_string(n) + ")");
  const T t0 = p.t0();
  const T span = p.t_end() - t0;
  if (!(span > T(0))) throw std::invalid_argument("integrate: t_end must be > t0");
  const PhasedGrid<T> grid{t0, p.t_end(), n, T(opt.phase)};

  Vec<T> x = p.x0();
  if (!all_finite(x)) throw std::invalid_argument("integrate: the initial state is not finite");
  using std::abs;
  const T bound = T(opt.blowup_factor) * (T(1) + x.norm() + abs(span) * p.f(t0, x).norm());

  RunSummary r;
  r.steps = n;
  const auto start = std::chrono::steady_clock::now();
  obs(std::int64_t(0), t0, static_cast<const Vec<T>&>(x));
  Vec<T> next(x.size());
  std::int64_t f_calls = 0;
  const FieldCountingProblem<P> counted(p, f_calls);
  const std::int64_t steps = grid.steps();
  for (std::int64_t k = 0; k < steps; ++k) {
    const T tk = grid.time(k);
    const T h = grid.step(k);
    StepStatus s;
    if constexpr (requires { scheme.step(counted, tk, x, h, next, r.work); })
      s = scheme.step(counted, tk, x, h, next, r.work);
    else
      s = scheme.step(p, tk, x, h, next, r.work);
    if (!all_finite(next) || next.norm() > bound) {
      r.status = RunStatus::diverged;
      r.fail_step = k + 1;
      break;
    }
    if (s != StepStatus::ok) {
      // Recorded, never thrown; the run goes on so its violation and error
      // are still measured, and the row is left out of every fit. The first
      // failing step is kept; infeasible outranks a cap.
      if (r.status == RunStatus::ok) r.fail_step = k + 1;
      if (s == StepStatus::inner_cap_hit) {
        ++r.inner_cap_hits;
        if (r.status == RunStatus::ok) r.status = RunStatus::inner_cap_hit;
      } else {
        r.status = RunStatus::infeasible;
      }
    }
    x.swap(next);
    obs(k + 1, grid.time(k + 1), static_cast<const Vec<T>&>(x));
  }
  r.work.field_evaluations += f_calls;
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

// Fan-out of several observers.
template <class... Obs>
auto observers(Obs&... o) {
  return [&o...](std::int64_t k, const auto& t, const auto& x) { (o(k, t, x), ...); };
}

}  // namespace sweepcheck
