#pragma once
// A study without a reference: successive runs of one scheme on a ladder are
// compared with each other at common sample times, and the order, the grid
// convergence index and the asymptotic range come from those differences
// (studies/engine/richardson.hpp; rule and reasoning: studies/engine/richardson.md).
#include <string>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"

namespace sweepcheck {

// One run of the ladder: its step, its states at the common sample times
// (empty when it diverged or did not reach them), its noise floor.
struct LadderRun {
  double h = 0;
  std::vector<Vec<double>> samples;
  double noise_floor = 0;
  bool usable = true;  // false for diverged or capped runs
};

// Usable runs in ascending h and d_i = max_j |x_{h_i}(τ_j) − x_{h_{i+1}}(τ_j)|
// between successive ones, with noise floors floor_i + floor_{i+1}.
struct SuccessiveDifferences {
  std::vector<double> h;       // ascending, usable runs only
  std::vector<double> d;       // h.size() − 1 differences
  std::vector<double> floors;  // one per difference
};
SuccessiveDifferences successive_differences(std::vector<LadderRun> runs);

// A scheme's estimate, as studies report it.
struct SchemeEstimate {
  std::string scheme;
  RichardsonEstimate estimate;
};

RichardsonEstimate reference_free_estimate(const std::vector<LadderRun>& runs, double expected_order,
                                           bool expected_is_sharp, const RichardsonOptions& opt = {});


}  // namespace sweepcheck
