#pragma once
// A level the error settles at, read against the work counters the scheme
// reports (issue 57, items 3 and 5): an inner solver stopped at a fixed tolerance
// leaves an error floor of that tolerance's size whatever h, while its
// iterations per step stay about the same; a scheme that reports no inner
// iterations has no such solver (or does not count it). Read by the audit's
// diagnosis, by reference-free checks and by the studies (error_floor.hpp).
// Pure: known answers in law_fit_test.cpp and error_floor_test.cpp.
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// The sentence for the finest rows (at least two, ok status) whose error
// settled at `level`: their inner iterations per step, and what they say.
std::string work_floor_words(const std::vector<const RunRow*>& fine, double level);

}  // namespace sweepcheck
