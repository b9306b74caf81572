// Fixture: an endless loop on small steps (the host's time limit must stop it).
#include "hostile_plugin.hpp"
void hostile::fault(double h, std::span<double> out, long long) {
  if (h < kFaultBelow) {
    volatile double spin = out[0];
    for (;;) spin = -spin;
  }
}
