// The scheme of symmetric_pbd.hpp as a plugin for `sweepcheck audit --plugin`.
#include "symmetric_pbd.hpp"

// The one entry point sweepcheck looks for (sweepcheck_create_scheme).
SWEEPCHECK_EXPORT_SCHEME(my::SymmetricPbd)
