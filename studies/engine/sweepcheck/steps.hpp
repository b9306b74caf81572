#pragma once
// The step sizes of a convergence check, the user's (DiffEqDevTools takes the
// list of steps as its first argument). Every h is realised as h = T/n with
// an integer step count n (T = t_end − t0), so every run ends exactly at t_end:
//
//   Steps::counts({10, 20, 40, 80, 160})          // h = T/n
//   Steps::sizes({0.1, 0.05, 0.025, 0.0125})      // each h must divide T (to 1e-9 relative)
//   Steps::geometric(0.1, 1e-4, 13)               // h_max, h_min, rungs, geometric in h
//   Steps::standard()                             // the default, stated once below
//
// Refinement (ConvergenceOptions::refine) adds rungs below the finest.
#include <cstdint>
#include <string>
#include <vector>

namespace sweepcheck {

class Steps {
 public:
  // The one default of the testing API: 8 rungs, n geometric from 10 to 1000
  // (h = T/10 … T/1000, two decades: 6 local orders for the judge window).
  static Steps standard() { return geometric_counts(10, 1000, 8); }

  static Steps counts(std::vector<std::int64_t> n);
  static Steps sizes(std::vector<double> h);
  static Steps geometric(double h_max, double h_min, int rungs);
  // n geometric from n_min to n_max (rounded, duplicates removed).
  static Steps geometric_counts(std::int64_t n_min, std::int64_t n_max, int rungs);

  // The step counts for the span T, strictly increasing (largest h first).
  // std::invalid_argument naming "steps" and the bad value: h <= 0, NaN, an h
  // that does not divide T, n < 1, fewer than two distinct steps.
  std::vector<std::int64_t> step_counts(double span) const;
  void validate() const;  // what can be checked without T
  std::string describe() const;

 private:
  enum class Kind { counts, sizes, geometric, geometric_counts };
  Kind kind_ = Kind::geometric_counts;
  std::vector<std::int64_t> n_;
  std::vector<double> h_;
  double h_max_ = 0, h_min_ = 0;
  std::int64_t n_min_ = 10, n_max_ = 1000;
  int rungs_ = 8;
};

}  // namespace sweepcheck
