// A correct problem whose constructor starts a thread that crashes a moment
// later (a background loader with a bug). Issue 45: the host constructed the
// plugin, and the thread took it down (rc 139, nothing written). The host now
// never runs the plugin's code (studies/runs/problem_plugin.hpp): the thread
// runs, and crashes, only in the child processes that construct the problem.
#include <chrono>
#include <thread>

#include "hostile_problem.hpp"

class ThreadCrash final : public hostile::HostileDisk {
 public:
  ThreadCrash() {
    std::thread([] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      *static_cast<volatile int*>(nullptr) = 1;
    }).detach();
  }

 private:
  std::string what() const override { return "thread-crash"; }
};
SWEEPCHECK_EXPORT_PROBLEM(ThreadCrash)
