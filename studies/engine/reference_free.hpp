#pragma once
// A study without a reference: successive runs of one scheme on a ladder are
// compared with each other at common sample times, and the order, the grid
// convergence index and the asymptotic range come from those differences
// (studies/engine/richardson.hpp; rule and reasoning: studies/engine/richardson.md).
#include <string>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"

namespace sweepcheck {

// One run of the ladder: its step, its states at the common sample times
// (empty when it diverged or did not reach them), its noise floor.
// A rung run over grid phases (studies/engine/grid_phases.hpp) keeps the
// plain grid's states in `samples` and phase i's (φ = i / K, i = 1..K−1) in
// phase_samples[i − 1]. Two successive rungs are compared phase by phase,
// over the phases both were run on, and their distance is the largest: the
// phased measure of a reference, without one (issue 55).
struct LadderRun {
  double h = 0;
  std::vector<Vec<double>> samples;
  double noise_floor = 0;
  bool usable = true;  // false for diverged or capped runs
  double cost = 0;     // its work units, every phase's (OrderPoint::cost): the refinement budget counts them
  double seconds = 0;  // its wall seconds: information only
  std::vector<std::vector<Vec<double>>> phase_samples{};  // phases 1..K−1 (above); empty: the plain grid only
};

// The distance of two rungs at the sample times: max_j |a(τ_j) − b(τ_j)|,
// the largest over the grid phases both have (phase 0 always); `worst`, if
// given, is set to the index of the phase that has it (0: the plain grid).
double rung_distance(const LadderRun& a, const LadderRun& b, std::size_t* worst = nullptr);

// Usable runs in ascending h and d_i = rung_distance(run_i, run_{i+1})
// between successive ones, with noise floors floor_i + floor_{i+1}.
struct SuccessiveDifferences {
  std::vector<double> h;       // ascending, usable runs only
  std::vector<double> d;       // h.size() − 1 differences
  std::vector<double> floors;  // one per difference
  std::vector<std::size_t> worst_phase;  // one per difference: the phase index of its largest distance (rung_distance)
};
SuccessiveDifferences successive_differences(std::vector<LadderRun> runs);

// A scheme's estimate, as studies report it.
struct SchemeEstimate {
  std::string scheme;
  RichardsonEstimate estimate;
};

// The successive differences as points of fit_order, so that the reference-free
// check is refined by refine_fit and judged by fit_order's rule like a
// referenced one (richardson.md, "Refined and judged as a convergence fit").
// One point per difference d_i, at the finer step h_i of its pair, with that
// run's work and seconds and the floor floor_i + floor_{i+1}. For x_h = x + C h^p,
// d_i = |C| h_i^p (r_i^p − 1) with r_i = h_{i+1}/h_i: on a constant ratio the
// d_i are a power law of order p and the point's error is d_i itself. Where
// the ratios differ (rounded step counts) each point is scaled, from the
// coarsest down, so that the local order of two successive points is the
// Richardson order of their triple (Celik's (3)-(4), exact for any ratios);
// its floor with it. A triple without an order keeps the raw ratio. The
// points of coarser runs do not change when a finer run is added.
std::vector<OrderPoint> difference_points(std::vector<LadderRun> runs);

RichardsonEstimate reference_free_estimate(const std::vector<LadderRun>& runs, double expected_order,
                                           bool expected_is_sharp, const RichardsonOptions& opt = {});


}  // namespace sweepcheck
