#pragma once
// Schedules drawn from a seed, and the prepared ones the audit names
// (manufactured.md, "Drawing a schedule"). A draw uses only a splitmix64
// sequence and arithmetic (no <random> distribution, whose output the
// standard leaves to the library), so a seed gives the same schedule on every
// machine: a failure is replayed from the seed it prints.
#include <cstdint>
#include <string>
#include <vector>

#include "sweepcheck/analytic/manufactured/schedule.hpp"

namespace sweepcheck::manufactured {

struct DrawOptions {
  int min_dimension = 1;    // the state's dimension is at least this (but for a pair it cannot split)
  int max_dimension = 12;   // and at most this (>= 2)
  int max_contacts = 3;     // contact intervals per constraint, 0 to this
  double t_end = 2;         // T > 0
  bool walls = true;        // the component kinds a draw may use (at least one)
  bool pairs = true;
  bool obstacle = true;

  void validate() const;  // std::invalid_argument naming the field
};

// The schedule of `seed` (schedule.seed = seed): a valid schedule, lanes included.
Schedule draw(std::uint64_t seed, const DrawOptions& options = {});

// The seed of the k-th of several draws from one seed (the audit's
// --manufactured N --seed S draws draw_seed(S, 0), ..., draw_seed(S, N − 1)).
std::uint64_t draw_seed(std::uint64_t seed, int k);

// The prepared schedules, by name: "landings" (repeated lift-off and
// landing, on a static and a moving wall), "corner" (two walls in contact at
// once, in R^3), "crowd-of-pairs" (twelve bodies, six pairs in contact at
// once), "obstacle" (outside a drifting ball: non-convex).
std::vector<std::string> prepared_names();
Schedule prepared(const std::string& name);  // std::invalid_argument for an unknown name, listing the known

}  // namespace sweepcheck::manufactured
