// Steps per second of Venel's scheme (exact MPRGP and Uzawa QP solvers) and
// of PBD on the crowd evacuation, for N = 150, 1 000 and 10 000 people at the
// density of seed 001's room (150 people in 10 × 10: the room side grows
// like sqrt(N)). Each benchmark first walks the crowd 1 s (h = 0.01, Venel
// exact) towards the door, so the timed steps include contacts, then times
// steps of h = 0.01 from there. Numbers are quoted as ratios from one run.
#include <benchmark/benchmark.h>

#include "bench/crowd_fixture.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/solvers/schemes/venel.hpp"

namespace sweepcheck {
namespace {

template <class Scheme>
void run(benchmark::State& state, const Scheme& scheme) {
  bench::time_crowd_steps(state, scheme);
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
