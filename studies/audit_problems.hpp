#pragma once
// The problems the audit runs every scheme on, type-erased behind the plugin
// view so the audit itself is one code path for all of them.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "solvers/plugin_api.hpp"
#include "solvers/scalar.hpp"

namespace sweepcheck {

struct AuditProblem {
  std::string name;        // "sliding"
  std::string parameters;  // "d=3 C=1 alpha=0.19635"
  std::shared_ptr<const plugin::ProblemView> view;  // stateless: shared by every run
  Vec<double> x0;
  double t0 = 0, t_end = 1;
  // The solution x(t): exact, or a cached reference trajectory.
  std::function<Vec<double>(double)> reference;
  // P_{S(t)}(y) for y near S (exact or a reference projector). Empty: the
  // consistency probe skips this problem.
  std::function<Vec<double>(double t, const Vec<double>& y)> project;
  // Times t_i whose x(t_i) ∈ S are the probe's base points x*.
  std::vector<double> probe_times;
  // Large-step robustness goes up to steps of this size (the time the free
  // motion needs to cross the problem's length scale).
  double time_scale = 1;
};

// THE list of audit problems (studies/audit_problems.cpp). The first entry is
// also used for precision–work and determinism.
std::vector<AuditProblem> audit_problems();

}  // namespace sweepcheck
