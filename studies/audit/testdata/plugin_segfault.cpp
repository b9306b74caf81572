// Fixture: a null-pointer write (SIGSEGV) on small steps.
#include "hostile_plugin.hpp"
void hostile::fault(double h, std::span<double>, long long) {
  if (h < kFaultBelow) {
    volatile int* nowhere = nullptr;
    *nowhere = 1;
  }
}
