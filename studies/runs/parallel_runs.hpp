#pragma once
// The one way independent runs are spread out: run_tasks, over the MPI ranks
// of its Executor when it has some (studies/runs/executor.hpp,
// run_distribution.hpp) and over each process's threads
// (studies/engine/parallel_for.hpp). Each run is sequential and its result is
// stored at its task index, so nothing depends on the scheduling. The first
// exception stops the remaining tasks and is rethrown to the caller.
//
// Refinement (studies/engine/refinement.hpp) extends ladders with parallel_for alone:
// its few extra rungs depend on the fits of the runs before them, so under
// mpirun every rank computes them (the same values on every rank; rank 0
// writes them).
#include <functional>
#include <vector>

#include "sweepcheck/studies/engine/parallel_for.hpp"
#include "studies/runs/executor.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// THE hook where independent runs are dispatched: over the executor's MPI
// ranks when it has several, each rank's share on its threads; progress
// reports this process's runs.
template <class R, class Run>
std::vector<R> run_tasks(std::size_t count, const Executor& exec, Run run,
                         const std::function<void(const R&, int, int)>& progress) {
  if (exec.distributed())
    return distribute_runs<R>(*exec.ranks, count, run, [&](const std::vector<std::size_t>& mine, Run& r) {
      return run_on_threads<R>(mine.size(), exec.jobs, [&](std::size_t k) { return r(mine[k]); }, progress);
    });
  return run_on_threads<R>(count, exec.jobs, run, progress);
}

template <class Run>
std::vector<RunRow> run_in_parallel(std::size_t count, const Executor& exec, Run run,
                                    const std::function<void(const RunRow&, int, int)>& progress) {
  return run_tasks<RunRow>(count, exec, std::move(run), progress);
}

}  // namespace sweepcheck
