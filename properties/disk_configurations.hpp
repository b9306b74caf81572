#pragma once
// Generators of disk configurations in the plane for the property suites:
// feasible packings with deliberate contacts (so constraints are active) and
// perturbations of them.
#include <rapidcheck.h>

#include <ostream>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

struct DiskConfiguration {
  int n = 0;        // number of disks
  double r = 0.2;   // radius
  std::vector<double> x;  // stacked centres (2n)

  Vec<double> state() const {
    Vec<double> v(static_cast<Eigen::Index>(x.size()));
    for (std::size_t i = 0; i < x.size(); ++i) v[static_cast<Eigen::Index>(i)] = x[i];
    return v;
  }
};

// For counterexample messages.
std::ostream& operator<<(std::ostream& os, const DiskConfiguration& c);

// n in [2, max_disks] feasible disks of radius r: each new disk is placed at
// contact distance 2r(1 + gap) from a random earlier disk, in a random
// direction, with gap = 0 (touching) in about half of the placements;
// placements that would overlap another disk are retried, then dropped.
rc::Gen<DiskConfiguration> feasible_disks(int max_disks, double r);

// A uniform random vector with each coordinate in [-scale, scale].
rc::Gen<std::vector<double>> perturbation(int size, double scale);

}  // namespace sweepcheck
