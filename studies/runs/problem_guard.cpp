#include "studies/runs/problem_guard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace sweepcheck {

namespace {

thread_local ProblemCallLog* current_log = nullptr;

bool finite(std::span<const double> x) {
  for (double v : x)
    if (!std::isfinite(v)) return false;
  return true;
}

// max_i |x_i| (NaN and inf included as inf).
double largest(std::span<const double> x) {
  double m = 0;
  for (double v : x) m = std::isnan(v) ? HUGE_VAL : std::max(m, std::abs(v));
  return m;
}

// Reports the call to the child page on entry and its return on exit (not on
// an exception: the child then ends "inside" the call, which is where it threw).
struct CallScope {
  CallScope(ProblemCall c, double t) { report_child_call(static_cast<int>(c), t); }
  void returned() const { report_child_call_returned(); }
};

}  // namespace

const char* to_string(ProblemCall c) {
  switch (c) {
    case ProblemCall::f: return "f";
    case ProblemCall::value: return "value";
    case ProblemCall::gradient: return "gradient";
    case ProblemCall::distance: return "distance";
    case ProblemCall::project: return "project";
    case ProblemCall::exact: return "exact";
    case ProblemCall::dim: return "dim";
    case ProblemCall::size: return "constraints().size";
    case ProblemCall::construct: return "sweepcheck_create_problem (its constructor)";
  }
  return "?";
}

ScopedProblemCallLog::ScopedProblemCallLog(ProblemCallLog& log) : previous_(current_log) { current_log = &log; }
ScopedProblemCallLog::~ScopedProblemCallLog() { current_log = previous_; }

void note_problem_output(ProblemCall call, double t, int constraint, bool inputs_finite, bool output_finite) {
  if (output_finite || !inputs_finite || !current_log || current_log->non_finite) return;
  *current_log = {true, call, t, constraint};
}

int GuardedProblemView::dim() const {
  const CallScope s(ProblemCall::dim, std::nan(""));
  const int n = d_->dim();
  // A dimension that changes between calls is the problem's defect, named
  // here, inside the call (so the run ends as the problem's fault), before a
  // scheme sizes a vector by it and crashes for it.
  if (n != dim_)
    throw std::runtime_error(fmt::format("dim() returned {} where it first returned {}: a problem's dimension must "
                                         "not change",
                                         n, dim_));
  s.returned();
  return n;
}

void GuardedProblemView::f(double t, std::span<const double> x, std::span<double> out) const {
  const CallScope s(ProblemCall::f, t);
  d_->f(t, x, out);
  s.returned();
  // One pass over each vector serves both notes: finite is largest < inf.
  const double in = largest(x), m = largest(out);
  note_problem_output(ProblemCall::f, t, -1, std::isfinite(t) && std::isfinite(in), std::isfinite(m));
  if (current_log && !current_log->huge_f && in < kProblemScaleLimit && m >= kProblemScaleLimit && std::isfinite(m)) {
    current_log->huge_f = true;
    current_log->huge_t = t;
    current_log->huge_value = m;
  }
}

int GuardedProblemView::size() const {
  const CallScope s(ProblemCall::size, std::nan(""));
  const int m = d_->constraints().size();
  s.returned();
  return m;
}

double GuardedProblemView::value(int j, double t, std::span<const double> x) const {
  const CallScope s(ProblemCall::value, t);
  const double v = d_->constraints().value(j, t, x);
  s.returned();
  note_problem_output(ProblemCall::value, t, j, std::isfinite(t) && finite(x), std::isfinite(v));
  return v;
}

void GuardedProblemView::gradient(int j, double t, std::span<const double> x, std::span<double> g) const {
  const CallScope s(ProblemCall::gradient, t);
  d_->constraints().gradient(j, t, x, g);
  s.returned();
  note_problem_output(ProblemCall::gradient, t, j, std::isfinite(t) && finite(x), finite(g));
}

double GuardedProblemView::distance(int j, double t, std::span<const double> x) const {
  const CallScope s(ProblemCall::distance, t);
  const double d = d_->constraints().distance(j, t, x);
  s.returned();
  note_problem_output(ProblemCall::distance, t, j, std::isfinite(t) && finite(x), std::isfinite(d));
  return d;
}

bool GuardedProblemView::project(int j, double t, std::span<double> x) const {
  const bool inputs = std::isfinite(t) && finite(x);
  const CallScope s(ProblemCall::project, t);
  const bool moved = d_->constraints().project(j, t, x);
  s.returned();
  note_problem_output(ProblemCall::project, t, j, inputs, finite(x));
  return moved;
}

std::string describe_call(ProblemCall call, double t, int constraint) {
  std::string what = to_string(call);
  if (constraint >= 0) what += fmt::format(" (constraint {})", constraint);
  if (std::isfinite(t)) what += fmt::format(" at t = {:.6g}", t);
  return what;
}

namespace {

// The cause of a crash as its evidence names it (ChildCrash, issue 45), or
// empty. The problem's: the faulting instruction in the problem plugin's
// code; or a thread that is not the run's with no scheme plugin in the
// child (the in-tree schemes and the harness start no threads in a run, so
// only the problem's code can have started it). Empty otherwise (the run's
// own thread outside the problem's code; another thread, with a scheme
// plugin loaded and the instruction in neither): the rule by calls decides.
std::string crash_evidence_cause(const std::string& who, const ChildResult& c) {
  const ChildCrash& k = c.crash;
  if (!k.seen) return {};
  if (k.owner == CodeOwner::problem)
    return k.run_thread ? fmt::format("{} crashed outside every call into it: {}", who, c.detail)
                        : fmt::format("{} crashed on a thread of its own: {}", who, c.detail);
  if (!k.run_thread && k.owner != CodeOwner::scheme && !k.scheme_code)
    return fmt::format("{} crashed on a thread of its own (the scheme is in-tree code, which starts no threads in a "
                       "run): {}",
                       who, c.detail);
  return {};
}

// The answer pipe closed by code in the child (ChildChannel, issue 60): the
// problem's when it was closed inside a call into it, or when no scheme
// plugin is loaded (the in-tree schemes and the harness close no
// descriptor, so only the problem's code can have). Empty otherwise. The
// sentence itself names the act, so the facts (detail) follow as they are.
std::string closed_pipe_cause(const std::string& who, const ChildResult& c) {
  const ChildChannel& k = c.channel;
  if (!k.lost) return {};
  if (k.closed_in.call >= 0)
    return fmt::format("{} closed the descriptors its process inherited, inside {}: {}", who,
                       describe_call(static_cast<ProblemCall>(k.closed_in.call), k.closed_in.t), c.detail);
  if (!k.scheme_code)
    return fmt::format("{} closed the descriptors its process inherited (the scheme is in-tree code, which closes "
                       "none): {}",
                       who, c.detail);
  return {};
}

}  // namespace

std::string problem_fault_cause(const std::string& who, const ChildResult& c) {
  if (c.status == RunStatus::crashed)
    if (std::string cause = closed_pipe_cause(who, c); !cause.empty()) return cause;
  // A crash whose evidence names the problem's code or thread, wherever the
  // run's own thread was (inside a call or between two).
  if (c.status == RunStatus::crashed && (!c.call.inside || (c.crash.seen && !c.crash.run_thread)))
    if (std::string cause = crash_evidence_cause(who, c); !cause.empty()) return cause;
  if (!c.call.inside || c.call.call < 0 || c.status == RunStatus::ok || c.status == RunStatus::not_run) return {};
  const std::string call = describe_call(static_cast<ProblemCall>(c.call.call), c.call.t);
  switch (c.status) {
    case RunStatus::crashed: return fmt::format("{} crashed inside {}: {}", who, call, fault_detail(c, Blame::problem));
    case RunStatus::timed_out:
      return fmt::format("{} did not return from {}: the run was {}", who, call, c.detail);
    case RunStatus::threw: {
      std::string s = fmt::format("{} threw inside {}: {}", who, call, c.detail);
      if (c.detail.find("bad_alloc") != std::string::npos && c.memory_limit_bytes > 0)
        s += fmt::format(" (memory rule: a run that calls into a problem plugin may grow by at most {:.3g} GiB, half "
                         "the memory available when it started, RLIMIT_AS)",
                         c.memory_limit_bytes / (1024.0 * 1024 * 1024));
      return s;
    }
    default: return fmt::format("{} failed inside {}: {}", who, call, fault_detail(c, Blame::problem));
  }
}

std::string problem_non_finite_cause(const std::string& who, const ProblemCallLog& log) {
  if (!log.non_finite) return {};
  return fmt::format("{} returned a non-finite value from {} (from finite inputs): the problem's fault, not the "
                     "scheme's",
                     who, describe_call(log.call, log.t, log.constraint));
}

std::string problem_overflow_cause(const std::string& who, const ProblemCallLog& log) {
  if (!log.huge_f) return {};
  return fmt::format("{} returned {:.3g} from f at t = {:.6g} (from inputs below {:.0e}): beyond the scale whose "
                     "squares a double holds, where a scheme's norms overflow: the problem's fault, not the "
                     "scheme's",
                     who, log.huge_value, log.huge_t, kProblemScaleLimit);
}

ChildLimits problem_plugin_child_limits() {
  ChildLimits l;
  l.memory_bytes = 0.5 * available_memory_bytes();
  return l;
}

}  // namespace sweepcheck
