#pragma once
// Independent runs spread over threads (and MPI ranks, run_tasks). Each run is sequential and its row is
// stored at its task index, so the rows do not depend on the scheduling. The
// first exception stops the remaining tasks and is rethrown to the caller.
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

// run(i) -> R for i in [0, count) on this process's threads;
// progress(result, done, total) is called under a lock after each run.
template <class R, class Run>
std::vector<R> run_on_threads(std::size_t count, int jobs, Run run,
                              const std::function<void(const R&, int, int)>& progress) {
  std::vector<R> rows(count);
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  std::mutex mutex;  // guards progress reporting and the first error
  std::exception_ptr failure;
  auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) {
      try {
        rows[i] = run(i);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
        return;
      }
      const int d = ++done;
      if (progress) {
        std::lock_guard lock(mutex);
        progress(rows[i], d, static_cast<int>(count));
      }
    }
  };
  std::vector<std::thread> pool;
  const int threads = std::min<int>(jobs, static_cast<int>(count));
  for (int j = 1; j < threads; ++j) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return rows;
}

// THE hook where independent runs are dispatched: over MPI ranks when the
// program was started by mpirun (studies/run_distribution.hpp), each rank's
// share on its threads; progress reports this process's runs.
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
