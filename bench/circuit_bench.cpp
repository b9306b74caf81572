// Cost of one circuit run (seed 002, Example 7.3, T = 1) with the exact and
// the inexact catching-up, per step count. Quoted as ratios from one run.
#include <benchmark/benchmark.h>

#include "sweepcheck/analytic/lcs_cases.hpp"
#include "sweepcheck/solvers/schemes/catching_up.hpp"

namespace sweepcheck {
namespace {

template <class Scheme>
void run_circuit(benchmark::State& state) {
  const LcsSweeping<double> p(circuit<double>());
  const auto n = state.range(0);
  const double h = 1.0 / double(n);
  const Scheme scheme{};
  Work w;
  for (auto _ : state) {
    Vec<double> z = p.x0(), next(z.size());
    for (std::int64_t k = 0; k < n; ++k) {
      scheme.step(p, double(k) * h, z, h, next, w);
      z.swap(next);
    }
    benchmark::DoNotOptimize(z.data());
  }
  state.counters["inner_per_step"] = double(w.inner_iterations) / double(n * state.iterations());
}

void BM_ExactCatchingUpCircuit(benchmark::State& s) { run_circuit<ExactCatchingUp<double>>(s); }
void BM_InexactCatchingUpCircuit(benchmark::State& s) { run_circuit<InexactCatchingUp<double>>(s); }
BENCHMARK(BM_ExactCatchingUpCircuit)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_InexactCatchingUpCircuit)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sweepcheck

BENCHMARK_MAIN();
