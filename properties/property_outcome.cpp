#include "properties/property_outcome.hpp"

#include <stdexcept>

namespace sweepcheck {

void PropertyConfig::validate() const {
  if (cases < 1) throw std::invalid_argument("PropertyConfig: cases must be >= 1");
}

}  // namespace sweepcheck
