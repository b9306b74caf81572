#pragma once
// Threads of this process: parallel_for and run_on_threads. Each task is
// sequential and stores its result at its index, so nothing depends on the
// scheduling. The first exception stops the remaining tasks and is rethrown
// to the caller. (Over MPI ranks as well: studies/runs/parallel_runs.hpp.)
#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

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

}  // namespace sweepcheck
