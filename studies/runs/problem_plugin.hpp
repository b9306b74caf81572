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
  // Whether the process that loads the plugin may also run its code (tests
  // that call the problem directly). false (the program): only children do;
  // a call in the loading process is a harness bug (std::logic_error).
  bool in_process = false;
};

// The plugin is loaded, constructed, checked, validated and described in a
// child process (studies/runs/isolated_run.hpp), so a constructor or a method
// that crashes, hangs or allocates without bound cannot take the host down.
// The host never loads it (issue 45: "the host survives"): the returned
// definition answers name(), parameters(), dim(), t0(), t_end(),
// time_scale(), x0() and constraints().size() from what that child read, and
// loads and constructs the plugin's own problem on the first other call (f,
// the constraints, exact) in the process that makes it, a child: the
// plugin's static constructors, its constructor, the threads it starts and
// the processes they fork live in that child's process group and end with
// it. The problem is never destroyed (its destructor never runs) and its
// library never closed. Throws std::invalid_argument (bad input, exit 2)
// naming the file and the property: missing file, not loadable, no entry
// point, ABI version mismatch, no problem returned, a definition that breaks
// its contract (dim < 1, t_end <= t0, x0 not finite or outside S(t0), empty
// name), a dim() whose states would break the memory rule (one state at most
// 4 GiB, solvers/core/resource_limits.hpp, and a run's states within the memory
// available), or a property of problem_violations. Throws std::runtime_error
// (exit 1) naming the plugin when its constructor throws, or when loading it
// crashed or hung (inside a call, or outside any: a thread of its own).
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
