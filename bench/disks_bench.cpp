// Throughput of the disks' pair constraints (seed 000, Section 4.3) in a
// dense hexagonal cluster: pair evaluations per second of one Gauss–Seidel
// sweep with the cell list, against the all-pairs ConstraintSet for the
// sizes where that is affordable, and PBD steps per second.
// N = 40, 1000, 10000; R = 0.1.
// And one Moreau–Euler projection (the certified reference projector) of the
// paper's 40 disks once they have jammed: the step `study pbd-paper` repeats.
#include <benchmark/benchmark.h>

#include <algorithm>

#include "bench/disks_fixture.hpp"
#include "sweepcheck/analytic/disks.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"

namespace sweepcheck {
namespace {

using bench::kR;
// The state is reset before every sweep; the copy is part of the measured
// time and is O(N).
using bench::overlapping_cluster;

void BM_DisksSweepCellList(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const DisksSet<double> set(N, kR);
  const Vec<double> start = overlapping_cluster(N);
  Vec<double> x;
  Work w;
  for (auto _ : state) {
    x = start;
    set.sweep(0.0, x, w);
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["pair_evals/s"] = benchmark::Counter(double(w.constraint_evaluations), benchmark::Counter::kIsRate);
  state.counters["pairs/sweep"] = double(w.constraint_evaluations) / double(w.sweeps);
}
BENCHMARK(BM_DisksSweepCellList)->Arg(40)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void BM_DisksSweepAllPairs(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  ConstraintSet<double> set(2 * N);
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) set.add(PairNonOverlap<double>(i, j, 2, 2 * kR));
  const Vec<double> start = overlapping_cluster(N);
  Vec<double> x;
  Work w;
  for (auto _ : state) {
    x = start;
    set.sweep(0.0, x, w);
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["pair_evals/s"] = benchmark::Counter(double(w.constraint_evaluations), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DisksSweepAllPairs)->Arg(40)->Arg(1000)->Unit(benchmark::kMicrosecond);

// PBD steps of the disks problem (bench/disks_fixture.hpp: a touching
// cluster pulled together, the same steps from the same start every iteration).
void BM_DisksPbdStep(benchmark::State& state) {
  const Disks<double> p = bench::pbd_cluster_problem(static_cast<int>(state.range(0)));
  Vec<double> x, next(p.x0().size());
  Work w;
  const Pbd<double> pbd;
  std::int64_t steps = 0;
  for (auto _ : state) {
    bench::pbd_cluster_steps(p, pbd, x, next, w);
    steps += bench::kPbdClusterSteps;
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["steps/s"] = benchmark::Counter(double(steps), benchmark::Counter::kIsRate);
  state.counters["pair_evals/s"] = benchmark::Counter(double(w.constraint_evaluations), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DisksPbdStep)->Arg(40)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

// The jammed state of the paper's problem (N = 40, seed 4): 40 Moreau–Euler
// steps of h = 0.05 from x0, after which 77 pairs are in contact in 80
// dimensions. Benchmarked: P_S((1 − h) x), one certified projection.
void BM_MoreauEulerProjectionJammedDisks(benchmark::State& state) {
  DisksOptions o;
  o.seed = 4;
  const Disks<double> p(o);
  const ReferenceProjector<double> projector;
  const double h = 0.05;
  Vec<double> x = p.x0();
  Work setup;
  for (int k = 0; k < 40; ++k) {
    x -= h * x;
    if (projector(p.constraints(), 0.0, x, setup) != StepStatus::ok) {
      state.SkipWithError("the projection was not certified");
      return;
    }
  }
  Work w;
  std::int64_t projections = 0;
  for (auto _ : state) {
    Vec<double> y = (1 - h) * x;
    if (projector(p.constraints(), 0.0, y, w) != StepStatus::ok) {
      state.SkipWithError("the projection was not certified");
      return;
    }
    ++projections;
    benchmark::DoNotOptimize(y.data());
  }
  state.counters["projections/s"] = benchmark::Counter(double(projections), benchmark::Counter::kIsRate);
  state.counters["sqp_iterations/projection"] = double(w.inner_iterations) / double(std::max<std::int64_t>(projections, 1));
}
BENCHMARK(BM_MoreauEulerProjectionJammedDisks)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sweepcheck

BENCHMARK_MAIN();
