// Built when CMake did not find Siconos: the cross-check says so instead of
// pretending (see siconos_lcs.hpp).
#include <stdexcept>

#include "studies/runs/siconos_lcs.hpp"

namespace sweepcheck {

bool siconos_available() { return false; }
std::string siconos_unavailable_reason() {
  return "sweepcheck was built without Siconos (Debian package libsiconos-kernel-dev not found at configure time)";
}
SiconosTrajectory run_siconos_euler_moreau(const LcsData<double>&, std::int64_t, double) {
  throw std::runtime_error(siconos_unavailable_reason());
}

}  // namespace sweepcheck
