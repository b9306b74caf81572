// Test fixture: a problem plugin built against a (pretend) future ABI version 999.
#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"

extern "C" __attribute__((visibility("default"))) int sweepcheck_create_problem(
    int, sweepcheck::plugin::ProblemDefinition** out) {
  *out = nullptr;
  return 999;
}
