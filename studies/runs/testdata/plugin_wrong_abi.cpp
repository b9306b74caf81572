// Test fixture: a plugin built against a (pretend) future ABI version 999.
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

extern "C" __attribute__((visibility("default"))) int sweepcheck_create_scheme(int, sweepcheck::plugin::Stepper** out) {
  *out = nullptr;
  return 999;
}
