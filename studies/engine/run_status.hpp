#pragma once
// How a run ended. Recorded in every row; fits use only `ok` rows.
#include <string>

namespace sweepcheck {

enum class RunStatus {
  ok,             // reached t_end, every step converged
  diverged,       // a state blew up (see IntegrateOptions)
  inner_cap_hit,  // reached t_end, but some step's inner solver hit its cap
  infeasible,     // reached t_end, but some step's inner problem had no solution (solvers/core/work.hpp)
  // Faults of an untrusted scheme (a plugin run in a child process,
  // studies/runs/isolated_run.hpp); the run produced no usable trajectory.
  non_finite,  // a step returned NaN or inf
  crashed,     // the run's process died: a signal (SIGSEGV, SIGABRT, ...) or exit() inside the scheme
  timed_out,   // the run exceeded its time limit and was killed
  threw,       // step() threw an exception (of any type)
  // The problem's fault, not the scheme's: a problem plugin crashed, hung,
  // threw or ran out of memory inside one of its calls, or returned a
  // non-finite value from finite inputs (studies/runs/problem_guard.hpp). No
  // check blames the scheme for it; the cause names the plugin, call and t.
  problem_fault,
  // Not started: the audit's budget for an untrusted scheme that hangs or
  // crashes on every run was spent (studies/runs/run_budget.hpp). No numbers.
  not_run,
};

inline std::string to_string(RunStatus s) {
  switch (s) {
    case RunStatus::ok: return "ok";
    case RunStatus::diverged: return "diverged";
    case RunStatus::inner_cap_hit: return "inner-cap-hit";
    case RunStatus::infeasible: return "infeasible";
    case RunStatus::non_finite: return "non-finite";
    case RunStatus::crashed: return "crashed";
    case RunStatus::timed_out: return "timed-out";
    case RunStatus::threw: return "threw";
    case RunStatus::problem_fault: return "problem-fault";
    case RunStatus::not_run: return "not-run";
  }
  return "unknown";
}

inline constexpr RunStatus kAllRunStatuses[] = {RunStatus::ok,         RunStatus::diverged, RunStatus::inner_cap_hit,
                                                RunStatus::infeasible, RunStatus::non_finite, RunStatus::crashed,
                                                RunStatus::timed_out,  RunStatus::threw,    RunStatus::problem_fault,
                                                RunStatus::not_run};

// The run stopped before t_end: its error, violation and increments are not
// those of a whole trajectory.
inline bool ended_early(RunStatus s) {
  return s != RunStatus::ok && s != RunStatus::inner_cap_hit && s != RunStatus::infeasible;
}

// Some step's inner solver did not deliver its answer (cap hit, or no
// feasible point): the run reached t_end, but a check resting on it is not
// evidence about the scheme.
inline bool inner_trouble(RunStatus s) { return s == RunStatus::inner_cap_hit || s == RunStatus::infeasible; }

// The scheme itself failed as a program (not as a numerical method): any
// check resting on such a run FAILs naming the cause.
inline bool is_fault(RunStatus s) {
  return s == RunStatus::non_finite || s == RunStatus::crashed || s == RunStatus::timed_out || s == RunStatus::threw;
}

}  // namespace sweepcheck
