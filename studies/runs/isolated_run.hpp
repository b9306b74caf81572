#pragma once
// Running untrusted code (a plugin's step()) in a child process, so that
// whatever it does — a segfault, abort(), an endless loop, `throw 42`,
// exit(0) — ends that one run with a recorded status instead of taking the
// host down (issue 14). The child is a fork() of the host: it sees the problem,
// the reference and the loaded plugin as they are, computes, and sends its
// answer back through a pipe; the host waits at most `time_limit_seconds` and
// kills it (SIGKILL) when the limit is exceeded.
//
// Cost: one fork + pipe + waitpid per run; measured in bench/isolation_bench.cpp
// (README, "How the audit isolates plugins").
#include <cstdint>
#include <functional>
#include <string>

#include "studies/engine/run_status.hpp"

namespace sweepcheck {

struct ChildResult {
  // ok: `payload` is what `work` returned. Otherwise crashed / timed_out /
  // threw, and `detail` names the cause ("signal 11 (Segmentation fault)",
  // "exception of type int", "exit code 0 before the run finished", ...).
  RunStatus status = RunStatus::ok;
  std::string detail;
  std::string payload;
  // What the child last reported through report_child_progress (e.g. the
  // steps it had finished when it was killed); -1: it reported nothing.
  std::int64_t progress = -1;
  double wall_seconds = 0;  // host-side time from fork to the child's end
};

// Runs `work` in a forked child and returns its result or the fault. Throws
// std::runtime_error only when the host cannot create the child (fork or
// pipe failing: a host problem, not the scheme's). time_limit_seconds > 0.
ChildResult run_in_child(const std::function<std::string()>& work, double time_limit_seconds);

// Called by `work` inside a child: the host reads the last value (a page
// shared with the child), so a run that hangs or crashes can be named by how
// far it got. A no-op outside a child run.
void report_child_progress(std::int64_t value);

// "the run crashed: signal 11 (Segmentation fault)" etc.: the status with its cause.
std::string describe(const ChildResult& r);

}  // namespace sweepcheck
