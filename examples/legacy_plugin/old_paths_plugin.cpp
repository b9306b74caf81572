// A plugin exactly as its author wrote it against the old include paths:
// the two includes below are the deprecated ones, on purpose; they bring in
// everything the scheme uses. The scheme is examples/external_scheme's
// (symmetric_pbd.hpp), whose own include of the new path is then a no-op:
// a half-migrated plugin, with old and new paths in one file, builds too.
#include "solvers/plugin_api.hpp"
#include "solvers/problem_plugin_api.hpp"
#include "symmetric_pbd.hpp"

SWEEPCHECK_EXPORT_SCHEME(my::SymmetricPbd)
