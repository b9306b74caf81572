#pragma once
// Limits on what one run may ask for, checked from the options before
// anything is allocated or integrated, so bad input is a clear message and
// exit 2 instead of a machine swapping until killed or a bare bad_alloc.
//
//  - memory: one array the program would hold (a stored trajectory, a set of
//    constraint centres) may take at most kMemoryLimitBytes = 4 GiB; the
//    estimate is the array's size in doubles times 8 bytes.
//  - steps: one run takes at most kMaxSteps = 1e9 steps. A step count is
//    realised as an integer n = round(span / h); beyond 1e9 a run cannot end
//    in useful time (PBD's cheapest step is ~10 ns on the sliding case) and
//    beyond 2^63 n is not even representable (the old ladder then silently
//    dropped rungs).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace sweepcheck {

inline constexpr double kMemoryLimitBytes = 4.0 * 1024 * 1024 * 1024;
inline constexpr std::int64_t kMaxSteps = 1'000'000'000;
//  - samples: the uniform error samples the interpolant at most
//    kMaxPointsPerStep = 1000 points per step (8 is the default; more only
//    resolves the interpolant's own error, and 2e9 points per step never ends).
//  - time limits: one run's limit is at most kMaxRunTimeoutSeconds = 7 days
//    (a limit past ~292 years of nanoseconds overflows the clock and kills
//    every run at once).
//  - work: one run on a problem plugin takes at most kMaxRunComponentSteps =
//    1e8 component-steps (steps x dim()), about 20 s: measured 0.22 us a
//    component-step (PBD on a plugin of dim() = 1e5, 240 steps in 5.3 s:
//    its f, the guarded view's checks, every state hashed). The plugin study
//    refuses a ladder beyond it, the audit caps a plugin problem's ladder
//    there (AuditProblem::h_floor); a plugin's time_scale() is at least its
//    span / kMaxTimeScaleRatio, so the large-step check's runs stay short.
inline constexpr int kMaxPointsPerStep = 1000;
inline constexpr double kMaxRunComponentSteps = 1e8;
inline constexpr double kMaxTimeScaleRatio = 1e6;
inline constexpr double kMaxRunTimeoutSeconds = 7 * 24 * 3600.0;

// printf-style formatting (this header is in the dependency-free solvers
// package): "%.3g" keeps every number short and readable.
template <class... A>
std::string format_limit_message(const char* pattern, A... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, pattern, args...);
  return buffer;
}

// Throws std::invalid_argument naming `what` (e.g. "--d 100000000") and the
// rule when `doubles` 8-byte values exceed the memory limit.
inline void check_memory(const std::string& what, double doubles, const std::string& of_what) {
  const double bytes = 8.0 * doubles;
  if (!(bytes <= kMemoryLimitBytes))
    throw std::invalid_argument(format_limit_message("%s needs about %.3g bytes (%s); the limit is %.3g bytes (4 GiB)",
                                                     what.c_str(), bytes, of_what.c_str(), kMemoryLimitBytes));
}

// The integer step count of step h over span, checked against kMaxSteps;
// `what` names the input (e.g. "StepLadder: h_min").
inline std::int64_t checked_step_count(const std::string& what, double span, double h) {
  const double n = std::round(span / h);
  if (!(n <= double(kMaxSteps)))
    throw std::invalid_argument(format_limit_message(
        "%s = %.6g over the time span %.6g needs %.3g steps; at most %.0e steps per run (h >= %.3g)", what.c_str(), h,
        span, span / h, double(kMaxSteps), span / double(kMaxSteps)));
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(n));
}

}  // namespace sweepcheck
