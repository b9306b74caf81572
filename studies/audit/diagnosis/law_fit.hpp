#pragma once
// Laws fitted to what a finding reads per step or per rung (issue 57, item 1):
// a quantity the traced runs or the rows give at several h is read as a law
// when the data carry one, and as a single value otherwise, and the finding
// says which. Pure arithmetic, known answers in law_fit_test.cpp.
//
// The written rule of support (the same for every law here, never tuned to an
// example): a law is *supported* when it rests on at least kLawMinPoints
// points and
// - a power law y = c x^q (least squares of log|y| on log x): every y has one
//   sign and is non-zero, and the 95 % interval of q (Student t on n − 2
//   degrees of freedom times the slope's standard error) has a half-width of
//   at most kLawMaxHalfWidth = 0.25. Why 0.25: the laws a finding names are
//   half an order apart (q = 0: a fixed factor; 1/2: a root of h; 1: O(h),
//   within the theory), so with intervals narrower than ±0.25 the interval of
//   one never covers its neighbour's value; a wider one cannot tell them
//   apart and the single values are reported instead;
// - a clock t_q = a t_k + β h + b (least squares, three unknowns): the points
//   span at least three distinct t_k and two distinct h (else a, β, b are not
//   identified), and the residuals' root mean square is at most
//   kClockRoundOff (1 + max |t|): a query time is computed by a formula, so a
//   law that holds holds to round-off; anything larger is not one clock.
#include <limits>
#include <vector>

namespace sweepcheck {

inline constexpr int kLawMinPoints = 3;
inline constexpr double kLawMaxHalfWidth = 0.25;
inline constexpr double kClockRoundOff = 1e-9;

// y = c x^q.
struct PowerLaw {
  double c = 0, q = 0;
  double half_width = std::numeric_limits<double>::infinity();  // of q's 95 % interval
  double rms = std::numeric_limits<double>::infinity();         // of the residuals of log|y|
  int points = 0;
  bool supported = false;
  double lo() const { return q - half_width; }
  double hi() const { return q + half_width; }
};
// Points with x <= 0 or y of the other sign than the first, or zero, make the
// law unsupported (its fields still hold what could be fitted: nothing).
PowerLaw fit_power_law(const std::vector<double>& x, const std::vector<double>& y);

// t_q = a t_k + beta h + b: a query time as a clock of rate a (1 for a
// scheme of the seeds: a fixed fraction beta of the step from t_k).
struct ClockLaw {
  double a = 1, beta = 0, b = 0;
  double rms = std::numeric_limits<double>::infinity();
  int points = 0;
  bool supported = false;
};
ClockLaw fit_clock(const std::vector<double>& t_k, const std::vector<double>& h, const std::vector<double>& t_q);

}  // namespace sweepcheck
