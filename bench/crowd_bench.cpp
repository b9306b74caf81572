// Steps per second of Venel's scheme (exact MPRGP and Uzawa QP solvers) and
// of PBD on the crowd evacuation, for N = 150, 1 000 and 10 000 people at the
// density of seed 001's room (150 people in 10 × 10: the room side grows
// like sqrt(N)). Each benchmark first walks the crowd 1 s (h = 0.01, Venel
// exact) towards the door, so the timed steps include contacts, then times
// steps of h = 0.01 from there. Numbers are quoted as ratios from one run.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>

#include "analytic/crowd_evacuation.hpp"
#include "solvers/pbd.hpp"
#include "solvers/venel.hpp"

namespace sweepcheck {
namespace {

CrowdOptions crowd_of(int N) {
  CrowdOptions o;
  o.people = N;
  o.room = 10 * std::sqrt(N / 150.0);
  o.room = std::max(o.room, 10.0);
  return o;
}

// The crowd after 1 s, cached per N (warm-up is not timed).
const Vec<double>& warmed(int N) {
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

template <class Scheme>
void run(benchmark::State& state, const Scheme& scheme) {
  const int N = static_cast<int>(state.range(0));
  const CrowdEvacuation<double> p(crowd_of(N));
  const Vec<double> start = warmed(N);
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

void BM_VenelExactStep(benchmark::State& state) { run(state, Venel<double, MprgpQp<double>>{}); }
void BM_VenelUzawaStep(benchmark::State& state) {
  UzawaQp<double>::Options o;
  o.tolerance = 1e-9;
  run(state, Venel<double, UzawaQp<double>>(UzawaQp<double>(o), {}));
}
void BM_PbdStep(benchmark::State& state) { run(state, Pbd<double>{}); }

BENCHMARK(BM_VenelExactStep)->Arg(150)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VenelUzawaStep)->Arg(150)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PbdStep)->Arg(150)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sweepcheck

BENCHMARK_MAIN();
