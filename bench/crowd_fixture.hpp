#pragma once
// The crowd used by the Venel/PBD crowd benchmarks: N people at the density
// of seed 001's room (150 people in 10 × 10; the side grows like sqrt(N)),
// walked 1 s (h = 0.01, Venel exact) towards the door so that timed steps
// include contacts. Shared by bench_crowd and bench_perf.
#include <algorithm>
#include <cmath>
#include <map>

#include <benchmark/benchmark.h>

#include "sweepcheck/analytic/crowd_evacuation.hpp"
#include "sweepcheck/solvers/schemes/venel.hpp"

namespace sweepcheck::bench {

inline CrowdOptions crowd_of(int N) {
  CrowdOptions o;
  o.people = N;
  o.room = 10 * std::sqrt(N / 150.0);
  o.room = std::max(o.room, 10.0);
  return o;
}

// The crowd after 1 s, cached per N (warm-up is not timed).
inline const Vec<double>& warmed_crowd(int N) {
  static std::map<int, Vec<double>> cache;
  auto it = cache.find(N);
  if (it != cache.end()) return it->second;
  const CrowdEvacuation<double> p(crowd_of(N));
  const Venel<double, MprgpQp<double>> v;
  Vec<double> x = p.x0(), next;
  Work w;
  for (int k = 0; k < 100; ++k) {
    v.step(p, 0.01 * k, x, 0.01, next, w);
    x.swap(next);
  }
  return cache.emplace(N, x).first->second;
}

// Steps of h = 0.01 from the warmed crowd (back to it every 50 steps, to stay
// in the same phase of the evacuation); counters steps/s, inner_its/step, cap_hits.
template <class Scheme>
void time_crowd_steps(benchmark::State& state, const Scheme& scheme) {
  const int N = static_cast<int>(state.range(0));
  const CrowdEvacuation<double> p(crowd_of(N));
  const Vec<double> start = warmed_crowd(N);
  Vec<double> x = start, next;
  Work w;
  std::int64_t steps = 0, caps = 0;
  for (auto _ : state) {
    if (scheme.step(p, 1.0, x, 0.01, next, w) != StepStatus::ok) ++caps;
    x.swap(next);
    ++steps;
    if (steps % 50 == 0) x = start;  // stay in the same phase of the evacuation
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["steps/s"] = benchmark::Counter(double(steps), benchmark::Counter::kIsRate);
  state.counters["inner_its/step"] = double(w.inner_iterations) / double(std::max<std::int64_t>(1, steps));
  state.counters["cap_hits"] = double(caps);
}

}  // namespace sweepcheck::bench
