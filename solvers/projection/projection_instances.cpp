// The one place the projections are instantiated for the test programs
// (projection_instances.hpp).
#define SWEEPCHECK_DEFINE_PROJECTION_INSTANCES
#include "sweepcheck/solvers/projection/projection_instances.hpp"

namespace sweepcheck {
SWEEPCHECK_PROJECTION_INSTANCES(, double)
SWEEPCHECK_PROJECTION_INSTANCES(, Float50)
SWEEPCHECK_REFERENCE_PROJECTOR_INSTANCES()
}  // namespace sweepcheck
