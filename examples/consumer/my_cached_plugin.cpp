// The stateful scheme (cached_setup_pbd.hpp) as a plugin, audited with
// sweepcheck_add_audit on the battery's first problem, the one
// features_test.cpp checks it on with check_convergence: the same verdict.
#include "cached_setup_pbd.hpp"

SWEEPCHECK_EXPORT_SCHEME(my::CachedSetupPbd)
