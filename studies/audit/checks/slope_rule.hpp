#pragma once
// The one slope rule of the audit's checks 1, 2, 3 and 5 (fit_order.md): a
// one-sided claim on the slope of a measured series, refined while
// pre-asymptotic when more data can be had, and the words its evidence uses.
#include <functional>
#include <string>
#include <vector>

#include "studies/audit/checks/audit_thresholds.hpp"
#include "studies/audit/checks/judgement.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

// (h, value, noise floor, usable) series, descending or ascending h.
using MeasuredSeries = std::vector<OrderPoint>;
// More data on demand: the series' point at (about) step h, from a new run.
// Empty: judge the series as given. With it, a pre-asymptotic slope is refined
// first (studies/engine/refinement.hpp, th.refine); the series gains the new points.
using Refiner = std::function<OrderPoint(double h)>;

namespace slope_rule {

// The fit of `s` against the one-sided (or, with sharp, exact) claim
// `expected`, refined through `more` when it is given.
OrderFit judged_fit(MeasuredSeries& s, const AuditThresholds& th, double floor_factor, double expected, bool sharp,
                    const Refiner& more);
// "0.998 [0.95, 1.05] over h in [1e-05, 0.5] (12 points)"
std::string interval(const OrderFit& f);
// "; refined by 2 rungs to h = 2.5e-06 (budget)", or "" when not refined.
std::string refinement(const OrderFit& f);
// Whether the `rungs` smallest usable steps of `s` (there must be that
// many) all have error <= factor × their noise floor: the quantity is at
// round-off there. The rule of a zero violation (check 2) and of a
// consistency defect at round-off (check 5).
bool at_round_off_at_smallest_steps(const MeasuredSeries& s, int rungs, double factor);

}  // namespace slope_rule
}  // namespace sweepcheck
