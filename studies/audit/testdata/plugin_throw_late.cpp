// Fixture: throws a std::runtime_error once an instance has made 20000 steps,
// i.e. only in the long runs at the fine end of a ladder, after many runs
// have finished (their rows must be kept).
#include "hostile_plugin.hpp"
void hostile::fault(double, std::span<double>, long long steps_done) {
  if (steps_done > 20000) throw std::runtime_error("hostile fixture: out of patience after 20000 steps");
}
