#pragma once
// The one way independent runs are spread over threads (studies, crowd
// references, refinement, the audit). Each run is sequential and its result is
// stored at its task index, so nothing depends on the scheduling. The first
// exception stops the remaining tasks and is rethrown to the caller.
#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "studies/run_row.hpp"

namespace sweepcheck {

// f(i) for i in [0, count) on up to `jobs` threads.
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

// run(i) -> RunRow for i in [0, count); progress(row, done, total) is called
// under a lock after each run. Every batch of study runs goes through here.
template <class Run>
std::vector<RunRow> run_in_parallel(std::size_t count, int jobs, Run run,
                                    const std::function<void(const RunRow&, int, int)>& progress) {
  std::vector<RunRow> rows(count);
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
