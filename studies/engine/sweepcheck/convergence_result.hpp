#pragma once
// What check_convergence returns: a value holding the rows, and for each norm
// (the uniform error, the error at the final time, every observable) the
// errors, the fit and the verdict by one rule (studies/engine/fit_order.md).
// Printing and the GoogleTest assertions read this value and nothing else.
#include <limits>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

// One norm of a convergence check.
struct NormFit {
  std::string norm;            // "uniform", "final-time", or an observable's name
  std::vector<double> errors;        // one per row of the result, in row order
  std::vector<double> noise_floors;  // the level below which an error is round-off, per row
  OrderFit fit;                // over every row: the given steps and the refined rungs
  OrderFit ladder_fit;         // over the given steps alone, shown beside it

  FitVerdict verdict() const { return fit.verdict; }
  bool passed() const { return fit.verdict == FitVerdict::pass; }
};

struct ConvergenceResult {
  std::string problem;
  std::string scheme;
  // The claim judged, resolved: at_least, exactly, or none (the scheme
  // claimed nothing). As numbers: claim.claimed_order(), claim.sharp().
  OrderClaim claim = OrderClaim::none();
  // The given steps' runs, then the rungs refinement added (row.refined), in run order.
  std::vector<RunRow> rows;
  NormFit uniform;     // sup over [t0, T] of the piecewise-linear interpolant's error
  NormFit final_time;  // |x_N − x(T)|
  std::vector<NormFit> observables;
  std::string refined_for = "uniform";  // the norm refinement followed (ConvergenceOptions::refine_for)
  OrderFit fit;         // that norm's fit: the verdict
  OrderFit ladder_fit;  // that norm's fit over the given steps alone

  FitVerdict verdict() const { return fit.verdict; }
  const std::string& reason() const { return fit.reason; }
  const std::vector<LocalOrder>& local_orders() const { return fit.local_orders; }
  bool passed() const { return fit.verdict == FitVerdict::pass; }
  // The norm called `name` ("uniform", "final-time" or an observable's);
  // std::invalid_argument when there is none.
  const NormFit& norm(std::string_view name) const;
  // The same uniform-error rows judged against another claim: no new runs, so
  // the depth is what the run's own claim refined to. To judge a claim, pass
  // it into check_convergence.
  OrderFit judged_against(double order, bool sharp) const;

  // One line for a log: "fail: forgot-the-projection on sliding, claim order >= 1
  // (to within 0.05), observed 0.000 [-0.01, 0.01] (uniform error), 8 runs (2 refined), h 0.3 to 0.0012".
  std::string summary() const;
  // error_vs_h, local_orders and work_precision (.dat, .gp; .png and .svg with
  // gnuplot) into the existing folder `dir`; the files written (sweepcheck/figures.hpp).
  std::vector<std::string> write_figures(const std::string& dir) const;
};

// The first lines of a failure message, at most three: the claim, the
// observed order with its interval, and the verdict's reason (one line each).
std::string headline(const ConvergenceResult& r);

// What a failing assertion prints: the claim, the verdict and its reason, the
// fit of every norm, the error table (h, steps, errors, violation, status,
// refined), the local orders and the refinement trail.
std::string describe(const ConvergenceResult& r);
std::ostream& operator<<(std::ostream& os, const ConvergenceResult& r);
// How GoogleTest prints the value in a failed EXPECT_THAT: its summary(), one
// line (the table follows in the matcher's explanation).
inline void PrintTo(const ConvergenceResult& r, std::ostream* os) { *os << r.summary(); }

}  // namespace sweepcheck
