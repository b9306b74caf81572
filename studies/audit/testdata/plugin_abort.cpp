// Fixture: abort() (SIGABRT) on small steps.
#include "hostile_plugin.hpp"
void hostile::fault(double h, std::span<double>, long long) {
  if (h < kFaultBelow) std::abort();
}
