// Throughput of one PBD step on the sliding case, per dimension. Numbers
// from here are quoted as ratios measured in one run.
#include <benchmark/benchmark.h>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"

namespace sweepcheck {
namespace {

void BM_PbdStepSliding(benchmark::State& state) {
  SlidingCaseOptions o;
  o.d = static_cast<int>(state.range(0));
  o.C = 10;
  const SlidingCase<double> p(o);
  Vec<double> x = p.x0(), next(x.size());
  Work w;
  const Pbd<double> pbd;
  for (auto _ : state) {
    pbd.step(p, 0.0, x, 1e-3, next, w);
    x.swap(next);
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["constraint_evals/s"] =
      benchmark::Counter(double(w.constraint_evaluations), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PbdStepSliding)->Arg(3)->Arg(5)->Arg(10);

}  // namespace
}  // namespace sweepcheck

BENCHMARK_MAIN();
