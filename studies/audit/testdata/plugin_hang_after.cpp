// Fixture (issue 26): steps normally for its first 2000 steps, then loops for
// ever, in every run (each run has a fresh instance): the audit must stop
// starting its runs after its hang budget and still write a complete report.
#include "hostile_plugin.hpp"
void hostile::fault(double, std::span<double> out, long long steps_done) {
  if (steps_done > 2000) {
    volatile double spin = out[0];
    for (;;) spin = -spin;
  }
}
