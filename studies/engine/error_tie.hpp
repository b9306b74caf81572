#pragma once
// When two errors are tied: a comparison of two methods' errors at one step
// (or one budget) that a claim "A is more accurate than B" may count. The
// rule and its reasons: studies/engine/fit_order.md, "Ties between two errors".
//
// Two errors a, b (each with its noise floor) on a problem of scale D are
// tied when any of these holds:
//   - both are saturated: saturation · D <= a, b <= D. An error as large as
//     the solution itself (D / 2 = max |x|, the error of the approximation
//     x ≡ 0) says the step resolved nothing; ranking two such errors ranks
//     two failures. Above D a run has left the ball that holds every state
//     (the stability claims' bound): that is an instability, never a tie;
//   - they differ by a factor of at most `ratio` (2^0.05 ≈ 1.035: the factor
//     by which the order rule's resolution, 0.05 in local order, lets an
//     error move over one halving of h without calling it a change);
//   - they differ by no more than the sum of their noise floors (round-off,
//     inner tolerances, a sampled reference's own error: a difference below
//     that is not measured).
// Otherwise the smaller error is below the other. A NaN error is never tied
// and never below (the caller skips runs that did not finish).
#include <cmath>
#include <string>

namespace sweepcheck {

struct TieRule {
  double ratio = 1.0352649238413776;  // 2^0.05
  double saturation = 0.5;            // fraction of the problem's scale D

  void validate() const;  // names the field and the rule
  std::string describe() const;  // the rule in words, for a claim's criterion
};

enum class ErrorOrder { below, tied, above, incomparable };

std::string to_string(ErrorOrder o);

struct ErrorValue {
  double error = 0;
  double noise_floor = 0;
};

// How a compares with b under the rule, on a problem of scale D (> 0;
// D = 2 max_k |x_k|, as in the stability claims).
ErrorOrder compare_errors(ErrorValue a, ErrorValue b, double scale, const TieRule& rule = {});

// Counts of a comparison over many pairs: "below at 40 of 48, tied at 6, above at 2".
struct TieCount {
  int below = 0, tied = 0, above = 0;
  int compared() const { return below + tied + above; }
  void add(ErrorOrder o);
  // "below at 40 of 48, tied at 6, above at 2"
  std::string describe(const std::string& below_word = "below", const std::string& above_word = "above") const;
};

}  // namespace sweepcheck
