#pragma once
// The public interface of a problem written outside sweepcheck, and the one
// extern "C" entry point that exports it from a shared library:
//
//     #include "sweepcheck/solvers/plugin/problem_plugin_api.hpp"   // installed with find_package(sweepcheck)
//     class MyProblem : public sweepcheck::plugin::ProblemDefinition { ... };
//     SWEEPCHECK_EXPORT_PROBLEM(MyProblem)
//
//     sweepcheck study --problem-plugin libmyproblem.so --schemes pbd,pngs --out DIR
//     sweepcheck audit --scheme pbd --problem-plugin libmyproblem.so --out DIR
//
// A ProblemDefinition IS a plugin::ProblemView (dim, f, constraints: the same
// view schemes step through, solvers/plugin/plugin_api.hpp) plus what a study needs
// besides: x0, t0, T, a name, and optionally the exact solution. Without an
// exact solution sweepcheck estimates the order from the step ladder itself
// (Richardson / GCI, studies/engine/richardson.md) and says the result is reference-free.
//
// ABI discipline as for scheme plugins: kProblemAbiVersion changes whenever a
// class here or in plugin_api.hpp changes layout or meaning; the host calls
// sweepcheck_create_problem(host_version, &out), and a plugin built for
// another version leaves out null and returns its own version. The host makes
// one instance and calls its const methods from several threads at once:
// they must not modify shared state.
#include <limits>
#include <span>
#include <string>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck::plugin {

inline constexpr int kProblemAbiVersion = 1 + 100 * kAbiVersion;  // moves with the view's version too

class ProblemDefinition : public ProblemView {
 public:
  // Short identifier, used as the `problem` column of results ("my-valley").
  virtual std::string name() const = 0;
  // "key=value" pairs separated by spaces, shown beside the name; may be empty.
  virtual std::string parameters() const { return {}; }
  virtual double t0() const { return 0.0; }
  virtual double t_end() const = 0;
  // out ← x(t0); out has length dim(). x0 must lie in S(t0).
  virtual void x0(std::span<double> out) const = 0;
  // The exact solution, when known: return true and set out ← x(t). The
  // default (false) makes every study on the problem reference-free.
  virtual bool exact(double /*t*/, std::span<double> /*out*/) const { return false; }
  // The time the free motion needs to cross the problem's length scale (the
  // audit's large-step check goes up to steps of this size).
  virtual double time_scale() const { return 1.0; }
};

}  // namespace sweepcheck::plugin

// The entry point, the only symbol the host looks up:
//   int sweepcheck_create_problem(int host_abi_version, sweepcheck::plugin::ProblemDefinition** out);
// Returns the plugin's ABI version. When it equals host_abi_version, *out is a
// new ProblemDefinition owned by the caller (deleted through the virtual
// destructor); otherwise *out is null.
extern "C" typedef int (*sweepcheck_create_problem_fn)(int, sweepcheck::plugin::ProblemDefinition**);

#define SWEEPCHECK_EXPORT_PROBLEM(ProblemClass)                                                                  \
  extern "C" __attribute__((visibility("default"))) int sweepcheck_create_problem(                              \
      int host_abi_version, ::sweepcheck::plugin::ProblemDefinition** out) {                                    \
    *out = nullptr;                                                                                             \
    if (host_abi_version != ::sweepcheck::plugin::kProblemAbiVersion)                                           \
      return ::sweepcheck::plugin::kProblemAbiVersion;                                                          \
    *out = new ProblemClass();                                                                                  \
    return ::sweepcheck::plugin::kProblemAbiVersion;                                                            \
  }
