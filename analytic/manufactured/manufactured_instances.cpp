// The one place a manufactured problem on double is constructed
// (manufactured_problem.hpp, "Build time").
#include "sweepcheck/analytic/manufactured/manufactured_problem.hpp"

namespace sweepcheck::manufactured {
template ManufacturedProblem<double>::ManufacturedProblem(Schedule, int);
template std::vector<std::string> ManufacturedProblem<double>::check_lanes(int) const;
}  // namespace sweepcheck::manufactured
