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

#include "sweepcheck/studies/engine/run_status.hpp"

namespace sweepcheck {

// The call into a problem plugin a child was in, or last made (problem
// plugins, studies/runs/problem_guard.hpp): which call (an id the caller
// names), at which t, and whether the child was still inside it when it ended.
struct ChildCall {
  int call = -1;  // -1: none reported
  double t = 0;
  bool inside = false;
};

// What a child may use besides time. memory_bytes > 0: the child's address
// space may grow by at most this much beyond what it had at fork
// (RLIMIT_AS), so a runaway allocation fails inside the child (std::bad_alloc,
// or a crash) instead of waking the kernel's OOM killer. Not applied under
// AddressSanitizer, whose shadow memory is address space.
struct ChildLimits {
  double memory_bytes = 0;
  // Polled about every 250 ms while the child runs (empty: never): true stops
  // it (SIGKILL) with the status not_run, e.g. once a budget has given up on
  // the plugin while this run was still going (studies/runs/run_budget.hpp).
  std::function<bool()> stop;
};

// Whose code a crash was in (issue 45, "blame follows evidence"): the code
// of a library registered with register_plugin_code, or other code (the C
// library, the harness).
enum class CodeOwner : int { unknown = 0, problem = 1, scheme = 2, other = 3 };

// How a child that died of a signal died, as its own handler saw it (SIGSEGV,
// SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS; seen = false when no
// handler ran: SIGKILL, a handler the plugin replaced, or a stack too broken
// to run one). The signal still ends the child: the handler records and
// re-raises it.
struct ChildCrash {
  bool seen = false;
  bool run_thread = true;  // on the thread that runs `work`, or on another (a thread of a plugin's)
  CodeOwner owner = CodeOwner::unknown;  // whose code the faulting instruction was in
  bool scheme_code = false;  // whether a scheme plugin's code was registered in the child
};

// Registers the shared library (or executable) holding `address` as
// `owner`'s code, for the crash evidence above: its executable segments'
// address ranges. Called where the plugin is loaded (a scheme plugin in the
// host, before the children are forked; a problem plugin in the child that
// constructs it). Up to 64 executable segments in all (a library has one
// or two); more are ignored, their crashes then "other". A library
// registered twice keeps its first owner. Thread-safe.
void register_plugin_code(const void* address, CodeOwner owner);

// "the problem plugin's code", "a thread that is not the run's" ...: the
// evidence in words, empty when no handler ran.
std::string describe(const ChildCrash& c);

// The child's answer pipe, a descriptor it inherited (issue 60): whether
// code running in the child closed it (or put another file in its place),
// so the result could not be sent. The child checks the pipe before it
// sends (one fstat per run). Where a scheme plugin's code is loaded too
// (register_plugin_code) and the pipe was lost, run_in_child runs the work
// once more with the pipe checked before and after each call into a problem
// plugin (report_child_call), so a closing inside a call is told from one
// between calls; the per-call check costs two fstat calls a call, so a run
// that keeps its pipe never pays it. Without a scheme plugin only the
// problem's code can have closed it: the in-tree schemes and the harness
// close no descriptor.
struct ChildChannel {
  bool lost = false;         // the pipe was gone when the child sent its answer
  bool scheme_code = false;  // a scheme plugin's code was registered in the child
  ChildCall closed_in;       // the problem-plugin call it was closed inside (call -1: not seen inside one)
};

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
  ChildCall call;  // the problem-plugin call it was in or made last (report_child_call)
  ChildCrash crash;  // status crashed by a signal: where and on which thread, as the child saw it
  ChildChannel channel;  // whether code in the child closed its answer pipe
  int exit_code = -1;    // status crashed by an exit before the whole answer was sent: its code (-1 otherwise)
  double memory_limit_bytes = 0;  // the address-space growth the child was allowed (ChildLimits; 0: none)
  double wall_seconds = 0;  // host-side time from fork to the child's end
};

// Runs `work` in a forked child and returns its result or the fault. Throws
// std::runtime_error only when the host cannot create the child (fork or
// pipe failing: a host problem, not the scheme's). time_limit_seconds > 0.
// A run that lost its answer pipe with a scheme plugin's code loaded is made
// twice, the second time watched (ChildChannel); each within the limit.
ChildResult run_in_child(const std::function<std::string()>& work, double time_limit_seconds,
                         const ChildLimits& limits = {});

// Called by `work` inside a child: the host reads the last value (a page
// shared with the child), so a run that hangs or crashes can be named by how
// far it got. A no-op outside a child run.
void report_child_progress(std::int64_t value);

// Called inside a child around each call into a problem plugin: entering
// `call` at time t, and returning from it. No-ops outside a child run.
void report_child_call(int call, double t);
void report_child_call_returned();
// The call the child last reported (call -1 outside a child run): a call
// that must report one of its own inside another restores it after.
ChildCall current_child_call();
// Whether this process is a child run (a cheap test: no system call).
bool inside_child_run();

// The program's processes a plugin leaves behind (issue 45: "no process
// outlives an audit"). A run's child is killed with its process group, but a
// process that left the group (setsid) escapes that. adopt_orphans() makes
// this process the one such orphans are reparented to (a child subreaper,
// prctl(2)); kill_adopted_orphans() kills and reaps every child of this
// process still alive, to be called when the program's own children are all
// done (its end). Returns how many it killed.
void adopt_orphans();
int kill_adopted_orphans();

// Bytes the kernel reports as available (MemAvailable of /proc/meminfo); 0
// when unknown.
double available_memory_bytes();

// "the run crashed: signal 11 (Segmentation fault)" etc.: the status with its cause.
std::string describe(const ChildResult& r);

// Whose fault a child's end is, as the caller has decided it (issue 60):
// the audited scheme's (a scheme run outside every call into the problem),
// the problem plugin's (problem_fault_cause, studies/runs/problem_guard.hpp),
// or code that is neither judged (a child running the problem's code alone:
// loading it, its velocity scale, its perturbed starts).
enum class Blame { scheme, problem, unjudged };
const char* to_string(Blame b);

// The child's fault in the words of the blame it carries: `detail` (the
// facts: a signal, an exit code, a closed pipe, a time limit) and, where the
// facts leave the culprit's act open, what it did in the blamed code's name
// ("(exit() called inside the scheme?)" for the scheme only; "(exit() called
// inside the problem plugin)" for the problem; nothing added where neither
// is judged). Never names a party the blame does not.
std::string fault_detail(const ChildResult& r, Blame b);

}  // namespace sweepcheck
