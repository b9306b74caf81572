#pragma once
// Deprecated forwarding header, kept for one release (issue 38) so plugins
// written against the old path still build: the header moved to
// solvers/plugin/problem_plugin_api.hpp. Include it as
//     #include <sweepcheck/solvers/plugin/problem_plugin_api.hpp>
// with <prefix>/include on the include path (find_package(sweepcheck) sets it).
// This file and its folder (<prefix>/include/sweepcheck/compat) go away in the
// next release.
#pragma message("sweepcheck: \"solvers/problem_plugin_api.hpp\" is deprecated; include <sweepcheck/solvers/plugin/problem_plugin_api.hpp>")
#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"
