// Fixture: std::exit(0) inside step() on small steps (a "successful" exit of the host).
#include "hostile_plugin.hpp"
void hostile::fault(double h, std::span<double>, long long) {
  if (h < kFaultBelow) std::exit(0);
}
