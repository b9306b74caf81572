// The cost of isolating one run (studies/runs/isolated_run.hpp): fork, pipe,
// answer, waitpid, for a child that does nothing, with the host holding
// `range(0)` MiB of touched memory (fork copies the page tables, so the cost
// grows with the host's size). Quoted in README ("How the audit isolates
// plugins") next to the whole audit's wall time with and without --isolate.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "studies/runs/isolated_run.hpp"

namespace sweepcheck {
namespace {

void BM_ChildRunOverhead(benchmark::State& state) {
  std::vector<char> ballast(static_cast<std::size_t>(state.range(0)) << 20);
  std::memset(ballast.data(), 1, ballast.size());
  for (auto _ : state) {
    const auto r = run_in_child([] { return std::string("row"); }, 60);
    benchmark::DoNotOptimize(r.payload.data());
  }
  benchmark::DoNotOptimize(ballast.data());
}
BENCHMARK(BM_ChildRunOverhead)->Arg(0)->Arg(64)->Arg(512)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
}  // namespace sweepcheck

BENCHMARK_MAIN();
