// A correct problem whose f starts a background thread (once per process)
// that crashes once f has been called 50000 times: in the middle of the
// audit's finer runs, on a thread that is not the run's, while the run is
// inside a call into the problem or between two (in the scheme). Issue 45:
// such a crash between two calls was blamed on the scheme. The child's
// handler now records the thread and the faulting instruction's library
// (studies/runs/isolated_run.hpp, ChildCrash): the problem's, either way.
// (Validation and the velocity scale call f far fewer times.)
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>

#include "hostile_problem.hpp"

namespace {
std::atomic<long> calls{0};
// An address in the first page, never mapped, that the compiler cannot see
// (so cannot drop the store) and that is not null (UBSan's null check
// would end the process first in the sanitizer build).
volatile std::uintptr_t nowhere = 16;
}  // namespace

class ThreadCrashInRun final : public hostile::HostileDisk {
 public:
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    static std::once_flag started;
    std::call_once(started, [] {
      std::thread([] {
        while (calls.load() < 50000) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        *reinterpret_cast<volatile int*>(nowhere) = 1;
      }).detach();
    });
    ++calls;
    HostileDisk::f(t, x, out);
  }

 private:
  std::string what() const override { return "thread-crash-in-run"; }
};
SWEEPCHECK_EXPORT_PROBLEM(ThreadCrashInRun)
