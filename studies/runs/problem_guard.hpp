#pragma once
// A problem plugin's code is untrusted, as a scheme plugin's is (issue 37):
// every call into it goes through GuardedProblemView, which
//  - tells a child run which call it is in and at which t
//    (report_child_call, studies/runs/isolated_run.hpp), so a crash, a hang or
//    a runaway allocation inside the problem is named: "problem plugin
//    'libp.so' crashed inside f at t = 1.0333";
//  - notes the first non-finite value the problem itself produced from finite
//    inputs (f, project, value, distance, gradient, exact) in the run's
//    ProblemCallLog, so a NaN the problem made is the problem's fault, not a
//    scheme's that "went non-finite".
#include <memory>
#include <span>
#include <string>

#include "studies/runs/isolated_run.hpp"
#include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"

namespace sweepcheck {

// construct: sweepcheck_create_problem, the plugin's constructor (run in each
// child that calls the problem, studies/runs/problem_plugin.hpp).
enum class ProblemCall : int { f = 0, value, gradient, distance, project, exact, dim, size, construct };
const char* to_string(ProblemCall c);

// The first non-finite value a problem produced from finite inputs during
// one run (the run's thread; see ScopedProblemCallLog).
struct ProblemCallLog {
  bool non_finite = false;
  ProblemCall call = ProblemCall::f;
  double t = 0;
  int constraint = -1;  // j of a constraint call, -1 for f and exact
  // The first f, finite, at or beyond kProblemScaleLimit from inputs below
  // it (issue 45): the run is then the problem's fault (problem_overflow_cause).
  bool huge_f = false;
  double huge_t = 0, huge_value = 0;
};

// The scale no sane state or field reaches: 1e150, below sqrt(DBL_MAX)
// (1.3e154), so the squares and norms a scheme forms of it stay finite. A
// problem whose f jumps past it from inputs below it makes any scheme's
// arithmetic overflow, and is blamed for it.
inline constexpr double kProblemScaleLimit = 1e150;

// Makes `log` the current thread's log for its lifetime (a run executes on
// one thread); the guarded views write to it.
class ScopedProblemCallLog {
 public:
  explicit ScopedProblemCallLog(ProblemCallLog& log);
  ~ScopedProblemCallLog();
  ScopedProblemCallLog(const ScopedProblemCallLog&) = delete;
  ScopedProblemCallLog& operator=(const ScopedProblemCallLog&) = delete;

 private:
  ProblemCallLog* previous_;
};

// Notes a call's result in the current thread's log (guarded views and the
// exact-solution wrapper call it).
void note_problem_output(ProblemCall call, double t, int constraint, bool inputs_finite, bool output_finite);

// The plugin's view with every call reported and checked. Stateless apart
// from the definition it holds: shared by every run, as the definition is.
class GuardedProblemView final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  // Reads dim() once, here: every later call must return the same.
  explicit GuardedProblemView(std::shared_ptr<const plugin::ProblemDefinition> d) : d_(std::move(d)), dim_(d_->dim()) {}
  int dim() const override;
  void f(double t, std::span<const double> x, std::span<double> out) const override;
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  int size() const override;
  double value(int j, double t, std::span<const double> x) const override;
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override;
  double distance(int j, double t, std::span<const double> x) const override;
  bool project(int j, double t, std::span<double> x) const override;

  std::shared_ptr<const plugin::ProblemDefinition> d_;
  int dim_;
};

// "f at t = 1.0333", "project (constraint 0) at t = 2": a call and its time.
std::string describe_call(ProblemCall call, double t, int constraint = -1);

// The cause of a child run's fault when it is the problem's: the child was
// inside a call into the problem plugin `who` when it crashed, hung or threw
// ("problem plugin 'libp.so' crashed inside f at t = 1.0333: signal 11 ..."),
// or it crashed outside every call with the evidence pointing at the
// problem (ChildCrash, studies/runs/isolated_run.hpp: the faulting
// instruction in its code, or a thread not the run's while no scheme plugin
// is loaded), or it could not send its answer because the pipe it inherited
// had been closed inside a call into the problem, or with no scheme plugin
// loaded (ChildChannel, issue 60). Empty: not the problem's. Its words are the
// problem's (fault_detail with Blame::problem): never a guess at the scheme.
std::string problem_fault_cause(const std::string& who, const ChildResult& c);

// The cause of a run's problem-made non-finite value, from its log.
std::string problem_non_finite_cause(const std::string& who, const ProblemCallLog& log);

// The cause of a run in which the problem's f jumped past
// kProblemScaleLimit from inputs below it (ProblemCallLog::huge_f); empty otherwise.
std::string problem_overflow_cause(const std::string& who, const ProblemCallLog& log);

// The limits of a child that calls into a problem plugin: its address space
// may grow by at most half the memory available now (ChildLimits).
ChildLimits problem_plugin_child_limits();

}  // namespace sweepcheck
