// Fixture (issue 26): a null-pointer write (SIGSEGV) on the first step of
// every run: the audit must stop after its crash budget, not crash it on
// every run of the battery.
#include "hostile_plugin.hpp"
void hostile::fault(double, std::span<double>, long long) {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
}
