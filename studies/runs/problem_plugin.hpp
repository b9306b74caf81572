#pragma once
// Loads a problem plugin (a shared library exporting sweepcheck_create_problem,
// see solvers/plugin/problem_plugin_api.hpp) and turns it into an AuditProblem, the
// type-erased problem the audit and the plugin study run on.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "studies/runs/erased_run.hpp"
#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"

namespace sweepcheck {

struct ProblemPluginLoad {
  // Check the sampled properties of solvers/plugin/problem_validation.hpp (exact(t0)
  // = x0, f(t0, x0) finite, project / distance / value / gradient) before
  // trusting the problem; false (--no-validate): they are still checked, and
  // what is broken is told to `note` instead of refusing the plugin.
  bool validate = true;
  // Time limit of the child that loads and validates the plugin, in seconds.
  double load_seconds = 60;
  // Receives the notes of an unvalidated load (null: stderr is not written).
  std::function<void(const std::string&)> note;
  // How messages name the plugin (empty: problem_plugin_label(path)), e.g.
  // "Python problem 'problems:Wall'" for a problem written in Python.
  std::string label;
};

// The plugin is first loaded, constructed, checked and validated in a child
// process (studies/runs/isolated_run.hpp), so a constructor or a method that
// crashes, hangs or allocates without bound cannot take the host down; then
// it is loaded in the host. Throws std::invalid_argument (bad input, exit 2)
// naming the file and the property: missing file, not loadable, no entry
// point, ABI version mismatch, no problem returned, a definition that breaks
// its contract (dim < 1, t_end <= t0, x0 not finite or outside S(t0), empty
// name), a dim() whose states would break the memory rule (one state at most
// 4 GiB, solvers/core/resource_limits.hpp, and a run's states within the memory
// available), or a property of problem_violations. Throws std::runtime_error
// (exit 1) naming the plugin when its constructor throws, or when loading it
// crashed or hung. The library stays loaded while the returned definition
// (or anything sharing it) is alive.
std::shared_ptr<const plugin::ProblemDefinition> load_problem_plugin(const std::string& path,
                                                                     const ProblemPluginLoad& how = {});

// "problem plugin 'libp.so'": how messages name a plugin loaded from `path`.
std::string problem_plugin_label(const std::string& path);

// The plugin's problem for the audit and the plugin study: view = the
// definition, `exact` set when the plugin knows x(t), neither `exact` nor
// `sampled` when it does not (reference-free, AuditProblem::reference_free()).
// The consistency probe needs a projection onto S(t), which the view only has
// per constraint, so the probe skips plugin problems (listed with the reason).
// Every call into the plugin goes through GuardedProblemView
// (studies/runs/problem_guard.hpp) and `untrusted` names it (`who`, default
// "problem plugin '<name()>'"), so every run on it is isolated.
AuditProblem audit_problem_from(std::shared_ptr<const plugin::ProblemDefinition> definition, std::string who = {});

// Sample times at which successive solutions of a reference-free problem are
// compared: the grid times t0 + i (t_end − t0)/m, i = 1..m.
std::vector<double> reference_free_sample_times(const AuditProblem& p, int m);

}  // namespace sweepcheck
