#pragma once
// The result of running one property suite: a value the tests assert on and
// the report prints (constants.csv, properties.md).
#include <cstdint>
#include <limits>
#include <string>

namespace sweepcheck {

struct PropertyConfig {
  int cases = 200;                   // successful cases rapidcheck must see
  std::uint64_t seed = 20261122;     // fixed: a run is reproducible
  bool print = false;                // print rapidcheck's messages to stderr

  void validate() const;
};

struct PropertyOutcome {
  std::string id;         // "seed000-lemma-3.2"
  std::string source;     // "seed 000, Lemma 3.2"
  std::string statement;  // the inequality, in words
  bool negative_control = false;  // run on inputs outside the theorem's assumptions

  int cases = 0;          // evaluations (including shrinking steps after a failure)
  int in_region = 0;      // evaluations where the assumptions hold and the inequality is not vacuous
  int failures = 0;       // violations confirmed in multiprecision
  int roundoff_only = 0;  // violations in double that vanish in multiprecision

  // Worst observed lhs / rhs of the inequality "lhs <= rhs" (<= 1 when it holds).
  double worst_ratio = 0;
  // The constant the theorem names and the one observed, e.g. Lemma B.1's
  // α = 2^{-2(n-1)} and the smallest observed max_j d_{S_j} / d_S.
  std::string constant_name;
  double theoretical_constant = std::numeric_limits<double>::quiet_NaN();
  double observed_constant = std::numeric_limits<double>::quiet_NaN();

  bool passed = false;         // rapidcheck found no confirmed violation
  std::string counterexample;  // rapidcheck's message, with the seed to reproduce it
};

}  // namespace sweepcheck
