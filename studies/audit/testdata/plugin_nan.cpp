// Fixture: returns NaN on small steps.
#include "hostile_plugin.hpp"
void hostile::fault(double h, std::span<double> out, long long) {
  if (h < kFaultBelow) out[0] = std::numeric_limits<double>::quiet_NaN();
}
