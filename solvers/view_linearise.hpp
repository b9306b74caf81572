#pragma once
// Venel's linearised set Q̃(t, q) (seed 001, (11)) of a plugin view: every
// constraint of the view, linearised with its gradient, exactly as
// linearise_all does for a ConstraintSet (solvers/venel.hpp); found by ADL
// from Venel::step when the problem is a ViewProblem
// (solvers/template_stepper.hpp), so `sweepcheck audit --scheme venel` runs
// through the same view as every plugin. A view has no neighbour list: every
// constraint becomes a row (the disks: all 780 pairs).
#include <utility>
#include <vector>

#include "solvers/sparse_rows.hpp"
#include "solvers/template_stepper.hpp"

namespace sweepcheck {

inline void linearise_all(const ViewConstraintSet& set, const double& t, const Vec<double>& q, SparseRows<double>& rows,
                          Work& work) {
  rows.clear(static_cast<int>(q.size()));
  Vec<double> g;
  std::vector<std::pair<int, double>> entries;
  for (int j = 0; j < set.size(); ++j) {
    ++work.constraint_evaluations;
    const double v = value(set[j], t, q);
    gradient(set[j], t, q, g);
    entries.clear();
    for (Eigen::Index c = 0; c < g.size(); ++c)
      if (g[c] != 0.0) entries.emplace_back(static_cast<int>(c), g[c]);
    // g_j + <∇g_j, y − q> >= 0  <=>  <∇g_j, y> >= <∇g_j, q> − g_j
    rows.add_row(entries, g.dot(q) - v);
  }
}

}  // namespace sweepcheck
