#pragma once
// Where a ladder's errors, or the distances of its successive runs, stop
// shrinking (issue 57, item 3): a level named beside a verdict that is not a
// pass, with the work counters read against it (work_floor.hpp) and the
// round-off noise floor, so that "inconclusive, scattered" says what it sits
// on and where to look.
//
// The rule. The window is the finest usable points (descending h) down to the
// finest step h_lo, from the first at or above 8 h_lo: three halvings, at
// least four points. It splits into a coarse block (h > 2 h_lo) and a fine
// block (h <= 2 h_lo), and the upper envelope is read: the largest value of
// each block. For a series of order p the largest values sit at the blocks'
// coarsest steps, 8 h_lo and 2 h_lo, two halvings apart, so their ratio is
// 4^-p: 1/2 for p = 1/2, the smallest order any claim here states. The
// values settle when the ratio is at least 0.6 (the envelope's order below
// 0.37 over the last three halvings). The envelope, not each point, because
// runs that disagree by a tolerance whatever h scatter: one pair agrees by
// chance (a local order of +8), the next does not (-8). The level is the fine
// block's largest value. Below floor_factor times the window's largest noise
// floor (FitOptions::floor_factor, 10, fit_order.md) it is round-off, and
// said so; above, it is a level the scheme itself sets: an inner solver's
// tolerance, a slack, a penalty's stiffness, or (against a reference)
// another solution. It is read only beside a verdict that is not a pass (nor
// an unclaimed order's).
// Pure: known answers in error_floor_test.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

struct ErrorFloor {
  double level = 0;           // 0: the values do not settle (or too few points)
  double low = 0;             // the window's smallest value
  double ratio = 0;           // fine block's largest / coarse block's largest
  double h_hi = 0, h_lo = 0;  // the window's coarsest and finest steps
  int points = 0;             // in the window
  double noise = 0;           // the window's largest noise floor
  double floor_factor = 10;   // the factor it was read with
  bool roundoff = false;      // level < floor_factor x noise
  std::vector<std::size_t> window;  // indices into the points, coarsest first
  bool found() const { return level > 0; }
};

// `points` in any order; unusable points and non-finite values are skipped.
ErrorFloor error_floor(const std::vector<OrderPoint>& points, double floor_factor = 10);

// "the distances of successive runs stop shrinking at about 2.1e-05 (...)
// h from 0.004 to 0.0005): ..." with the work
// counters of `window_rows` (the runs of the window, any order) read against
// it; "" when no floor was found. `what` names the values ("the error", "the
// distances of successive runs").
std::string error_floor_words(const ErrorFloor& f, const std::vector<const RunRow*>& window_rows,
                              std::string_view what);

// Appends the words to fit.reason when the verdict is neither a pass nor
// none claimed and the points settle; the rows are the points' runs, index for index.
void name_error_floor(OrderFit& fit, const std::vector<OrderPoint>& points, const std::vector<const RunRow*>& rows,
                      std::string_view what, double floor_factor = 10);

}  // namespace sweepcheck
