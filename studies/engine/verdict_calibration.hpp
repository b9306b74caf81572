#pragma once
// The verdict rule's operating characteristic (issue 44, item 4;
// studies/engine/fit_order.md, "Measured error rates"): the real rule,
// refine_fit with fit_order exactly as the audit and check_convergence call
// it, run on many synthetic error ladders per family whose truth is known,
// and the rates of pass, fail and the other verdicts with Wilson 95 %
// intervals. Seeded and deterministic on every platform (the random numbers
// are drawn from std::mt19937_64's raw output, never through the standard
// library's distributions, whose algorithms are implementation-defined).
//
// The set-up a user meets: claim "order >= 1" (one-sided), 6 given rungs
// h_top · 2^-i, then refinement by halvings with a work budget that affords
// exactly 8 of them (work ∝ 1/h), no floor. The bench program
// bench/verdict_calibration prints the table on 1000 ladders per family;
// verdict_calibration_test asserts the stated rates on a smaller sample.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck::calibration {

// How the relative jitter ε_i of rung i is drawn; the error reported at rung
// i is e(h_i) · (1 + σ ε_i).
enum class Jitter {
  none,
  gaussian,     // ε_i iid N(0, 1): standard deviation σ
  uniform,      // ε_i iid uniform on [−1, 1]: amplitude σ
  alternating,  // ε_i = ±1, alternating, random phase: amplitude σ
  ar1,          // ε_i = φ ε_{i−1} + √(1 − φ²) ν_i, φ = 0.6, ν iid N(0, 1): correlated, standard deviation σ
  student_t3,   // ε_i iid Student t with 3 degrees of freedom over √3 (standard deviation 1), cut at |ε| ≤ 8: heavy tails
};
std::string to_string(Jitter j);

// One drawn ladder: the deterministic error e(h) and the top of its given ladder.
struct Ladder {
  std::function<double(double)> error;
  double h_top = 0.1;
};

// A 64-bit generator with the few draws the families need (platform-independent).
class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  double uniform();                         // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  double log_uniform(double lo, double hi);
  double gaussian();                        // N(0, 1), Box–Muller
  double student_t3();                      // t with 3 degrees of freedom

 private:
  std::uint64_t state_[4];
  std::uint64_t next();
};

struct Family {
  std::string name;      // what is drawn, with its ranges
  bool correct = true;   // the claim "order >= 1" is true of the error's limit
  // In the done-when set: correct with jitter <= 5 %, or wrong with a
  // gap of at least 0.1 between the finest given local order and the claim
  // and jitter <= 5 %. Rows outside it (larger jitter, smaller gaps) are
  // reported for information.
  bool gated = true;
  Jitter jitter = Jitter::none;
  double sigma = 0;
  // Where the error's scatter is deterministic, part of e(h) (the event
  // families: where an event falls inside the step), the table's jitter column.
  std::string jitter_text;
  std::function<Ladder(Rng&)> draw;
};

// The families of issue 44, item 4 (fit_order.md, "Measured error rates").
std::vector<Family> families();

struct Setup {
  double claim = 1;
  int given = 6;
  int budget_halvings = 8;
  FitOptions fit;  // expected_order is set from claim
};

// The rung-by-rung jitter of one ladder (enough for the given rungs and every halving).
std::vector<double> draw_jitter(Jitter j, Rng& rng, int rungs);

struct Tally {
  int ladders = 0, pass = 0, fail = 0, other = 0;
  int inconclusive = 0, pre_asymptotic = 0, unsettled = 0;
  double new_rungs = 0;  // summed over ladders
};

// Runs `ladders` ladders of `family` from `seed` through refine_fit.
Tally run_family(const Family& family, int ladders, std::uint64_t seed, const Setup& setup = {});

// Wilson score interval for k successes in n at 95 % (z = 1.96).
struct Interval {
  double low, high;
};
Interval wilson(int k, int n, double z = 1.959963984540054);

// The seed of family i: fixed, so a table is reproducible.
std::uint64_t family_seed(std::size_t i);

// The table's header and one row per family, Markdown.
std::string table_header();
std::string table_row(const Family& family, const Tally& t);

}  // namespace sweepcheck::calibration
