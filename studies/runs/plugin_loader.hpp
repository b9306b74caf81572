#pragma once
// Loads a scheme plugin (a shared library exporting sweepcheck_create_scheme,
// see solvers/plugin/plugin_api.hpp) with dlopen.
#include <string>

#include "studies/runs/scheme_factory.hpp"

namespace sweepcheck {

// Throws std::invalid_argument with a message naming the file and the
// problem: missing file, not loadable, missing entry point, ABI version
// mismatch, or a plugin that returns no scheme. The library stays loaded while
// the factory or any stepper it made is alive.
SchemeFactory load_plugin(const std::string& path);

}  // namespace sweepcheck
