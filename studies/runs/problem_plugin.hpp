#pragma once
// Loads a problem plugin (a shared library exporting sweepcheck_create_problem,
// see solvers/problem_plugin_api.hpp) and turns it into an AuditProblem, the
// type-erased problem the audit and the plugin study run on.
#include <memory>
#include <string>
#include <vector>

#include "solvers/problem_plugin_api.hpp"
#include "studies/runs/erased_run.hpp"

namespace sweepcheck {

// Throws std::invalid_argument naming the file and the problem: missing file,
// not loadable, no entry point, ABI version mismatch, no problem returned, or
// a definition that breaks its contract (dim < 1, t_end <= t0, x0 not finite
// or outside S(t0), empty name). The library stays loaded while the returned
// definition (or anything sharing it) is alive.
std::shared_ptr<const plugin::ProblemDefinition> load_problem_plugin(const std::string& path);

// The plugin's problem for the audit and the plugin study: view = the
// definition, `exact` set when the plugin knows x(t), neither `exact` nor
// `sampled` when it does not (reference-free, AuditProblem::reference_free()).
// The consistency probe needs a projection onto S(t), which the view only has
// per constraint, so the probe skips plugin problems (listed with the reason).
AuditProblem audit_problem_from(std::shared_ptr<const plugin::ProblemDefinition> definition);

// Sample times at which successive solutions of a reference-free problem are
// compared: the grid times t0 + i (t_end − t0)/m, i = 1..m.
std::vector<double> reference_free_sample_times(const AuditProblem& p, int m);

}  // namespace sweepcheck
