// Fixture (issue 26): steps normally for its first 2000 steps, then never
// returns, in every run (each run has a fresh instance): the audit must stop
// starting its runs after its hang budget and still write a complete report.
// It hangs blocked, not spinning: the host's time limit is on wall time
// (run_in_child's poll deadline), so a blocked hang is the case a CPU-time
// limit would miss, and the test does not burn both cores of the CI machine
// for its 20 s (~30 CPU-s when it spun). A spinning hang is plugin_hang.cpp's
// (audit.hostile_plugin_hang_...) and IsolatedRun.AnEndlessLoopIsKilledAtItsTimeLimit's.
#include <chrono>
#include <thread>

#include "hostile_plugin.hpp"
void hostile::fault(double, std::span<double>, long long steps_done) {
  if (steps_done > 2000)
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}
