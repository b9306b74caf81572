// Never returns from f after t = 2.5. It hangs blocked, not spinning: the
// host's time limit is on wall time (run_in_child's poll deadline), so a
// blocked hang is the case a CPU-time limit would miss, and the test does not
// burn the CI machine's two cores for its two 30 s limits (~70 CPU-s when it
// spun). Spinning hangs: studies/audit/testdata/plugin_hang.cpp and
// IsolatedRun.AnEndlessLoopIsKilledAtItsTimeLimit.
#include <chrono>
#include <thread>

#include "hostile_problem.hpp"

class HangInF final : public hostile::HostileDisk {
  std::string what() const override { return "hang-in-f"; }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    if (t >= 2.5)
      for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    HostileDisk::f(t, x, out);
  }
};
SWEEPCHECK_EXPORT_PROBLEM(HangInF)
