// Fixture: `throw 42` (not a std::exception) on small steps.
#include "hostile_plugin.hpp"
void hostile::fault(double h, std::span<double>, long long) {
  if (h < kFaultBelow) throw 42;
}
