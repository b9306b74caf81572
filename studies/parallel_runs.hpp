#pragma once
// The one way independent runs are spread out: run_tasks, over MPI ranks when
// the program was started by mpirun (studies/run_distribution.hpp) and over
// each process's threads (parallel_for). Each run is sequential and its result
// is stored at its task index, so nothing depends on the scheduling. The first
// exception stops the remaining tasks and is rethrown to the caller.
//
// Refinement (studies/refinement.hpp) extends ladders with parallel_for alone:
// its few extra rungs depend on the fits of the runs before them, so under
// mpirun every rank computes them (the same values on every rank; rank 0
// writes them).
#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "studies/run_distribution.hpp"
#include "studies/run_row.hpp"

namespace sweepcheck {

// f(i) for i in [0, count) on up to `jobs` threads of this process.
template <class F>
void parallel_for(std::size_t count, int jobs, F&& f) {
  std::atomic<std::size_t> next{0};
  std::mutex mutex;  // guards the first error
  std::exception_ptr failure;
  auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        f(i);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
        return;
      }
    }
  };
  std::vector<std::thread> pool;
  const int threads = std::min<int>(std::max(jobs, 1), static_cast<int>(count));
  for (int j = 1; j < threads; ++j) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

// run(i) -> R for i in [0, count) on this process's threads;
// progress(result, done, total) is called under a lock after each run.
template <class R, class Run>
std::vector<R> run_on_threads(std::size_t count, int jobs, Run run,
                              const std::function<void(const R&, int, int)>& progress) {
  std::vector<R> rows(count);
  std::atomic<int> done{0};
  std::mutex mutex;  // guards progress reporting
  parallel_for(count, jobs, [&](std::size_t i) {
    rows[i] = run(i);
    const int d = ++done;
    if (progress) {
      std::lock_guard lock(mutex);
      progress(rows[i], d, static_cast<int>(count));
    }
  });
  return rows;
}

// THE hook where independent runs are dispatched: over MPI ranks when the
// program was started by mpirun, each rank's share on its threads; progress
// reports this process's runs.
template <class R, class Run>
std::vector<R> run_tasks(std::size_t count, int jobs, Run run, const std::function<void(const R&, int, int)>& progress) {
  if (RunDistributor* d = run_distributor(); d && d->size() > 1)
    return distribute_runs<R>(*d, count, run, [&](const std::vector<std::size_t>& mine, Run& r) {
      return run_on_threads<R>(mine.size(), jobs, [&](std::size_t k) { return r(mine[k]); }, progress);
    });
  return run_on_threads<R>(count, jobs, run, progress);
}

template <class Run>
std::vector<RunRow> run_in_parallel(std::size_t count, int jobs, Run run,
                                    const std::function<void(const RunRow&, int, int)>& progress) {
  return run_tasks<RunRow>(count, jobs, std::move(run), progress);
}

}  // namespace sweepcheck
