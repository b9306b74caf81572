// The one place an LCS's constructor and validation are instantiated for the
// in-tree libraries and test programs (lcs_instances.hpp).
#define SWEEPCHECK_DEFINE_LCS_INSTANCES
#include "sweepcheck/analytic/lcs_instances.hpp"

namespace sweepcheck {
SWEEPCHECK_LCS_INSTANCES(, double)
SWEEPCHECK_LCS_INSTANCES(, Float50)
}  // namespace sweepcheck
