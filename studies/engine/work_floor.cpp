// A settled level against the work counters (work_floor.hpp).
#include "sweepcheck/studies/engine/work_floor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sweepcheck {

std::string work_floor_words(const std::vector<const RunRow*>& fine, double level) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  std::int64_t total = 0;
  for (const RunRow* r : fine) {
    if (r->steps <= 0) continue;
    const double per = double(r->work.inner_iterations) / double(r->steps);
    lo = std::min(lo, per), hi = std::max(hi, per);
    total += r->work.inner_iterations;
  }
  if (!(hi >= lo)) return "";
  if (total == 0)
    return " The scheme reports no inner iterations (Work::inner_iterations = 0 on these runs): the level is not an "
           "inner solver's stopping tolerance, unless its solver does not count its iterations.";
  // Iterations per step about the same at every h (within a factor 2): the
  // solver stops at the same tolerance whatever h, so its error per step does
  // not shrink with h.
  if (hi <= 2 * lo)
    return fmt::format(" The scheme's inner solver takes {:.3g}-{:.3g} iterations per step at every h of these rows "
                       "(work counters): an inner solve stopped at a fixed tolerance leaves a floor of about that "
                       "tolerance, {:.2g} here, whatever h. To confirm: tighten the solver's tolerance (its option) "
                       "tenfold: the level moves with it.",
                       lo, hi, level);
  return fmt::format(" The scheme's inner solver takes {:.3g} to {:.3g} iterations per step over these rows (work "
                     "counters): its work changes with h while the error does not, so a fixed tolerance is one "
                     "candidate among others.",
                     lo, hi);
}

}  // namespace sweepcheck
