#pragma once
// The public interface a scheme written outside sweepcheck implements, in
// double precision, and the one extern "C" entry point that exports it from a
// shared library. `sweepcheck audit --plugin libmyscheme.so` loads it.
//
// A plugin is one class deriving from sweepcheck::plugin::Stepper plus one line:
//
//     #include "sweepcheck/solvers/plugin/plugin_api.hpp"   // in-tree, and installed (find_package(sweepcheck))
//     class MyScheme : public sweepcheck::plugin::Stepper { ... };
//     SWEEPCHECK_EXPORT_SCHEME(MyScheme)
//
// The problem is seen only through ProblemView / ConstraintView below (virtual
// calls: this is the plugin boundary; in-tree schemes keep their templates and
// are wrapped, see solvers/adapters/template_stepper.hpp). Vectors cross the boundary
// as std::span<double> of length dim(), so a plugin needs no Eigen.
//
// ABI: kAbiVersion changes whenever any class below changes layout or
// meaning. name() returns a std::string, so host and plugin must share the
// C++ standard library ABI (same compiler family; the default
// _GLIBCXX_USE_CXX11_ABI on Debian 12). The host calls sweepcheck_create_scheme(host_version, &out); a
// plugin built against another version leaves out null and returns its own
// version, and the host reports the mismatch instead of calling into it.
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <string>

#include "sweepcheck/solvers/core/work.hpp"

namespace sweepcheck::plugin {

inline constexpr int kAbiVersion = 1;

// S(t) = ∩_j { x : g_j(t, x) ≥ 0 } (seed 000, (1)), one constraint at a time.
class ConstraintView {
 public:
  virtual ~ConstraintView() = default;
  virtual int size() const = 0;  // number of constraints m
  // g_j(t, x) ≥ 0 on S_j (seed 000, (1)). Not always the signed distance:
  // for a pair of disks g = |X_i − X_j| − 2R, whose gradient in the
  // configuration space has norm √2 (the disks and crowd views), so use
  // distance() for d_{S_j} and normalise the gradient for a unit normal.
  virtual double value(int j, double t, std::span<const double> x) const = 0;
  // ∇g_j(t, x), pointing into S_j (−∇g_j spans N(S_j, x) on the boundary);
  // not necessarily of unit length (see value()). The host's views have
  // always given it this way; this comment was corrected, the ABI is unchanged.
  virtual void gradient(int j, double t, std::span<const double> x, std::span<double> g) const = 0;
  // d_{S_j}(x) ≥ 0.
  virtual double distance(int j, double t, std::span<const double> x) const = 0;
  // x ← P_{S_j}(x), exact; returns true when x moved.
  virtual bool project(int j, double t, std::span<double> x) const = 0;
};

// x' ∈ f(t, x) − N(S(t), x).
class ProblemView {
 public:
  virtual ~ProblemView() = default;
  virtual int dim() const = 0;
  // out ← f(t, x).
  virtual void f(double t, std::span<const double> x, std::span<double> out) const = 0;
  virtual const ConstraintView& constraints() const = 0;
};

// One scheme x_{k+1} = Φ_h(t_k, x_k). The host creates a fresh instance per
// run (so members may hold scratch buffers); one instance is used by one
// thread at a time. step() must not advance time itself and must be
// deterministic: the same inputs give the same output bit for bit.
class Stepper {
 public:
  virtual ~Stepper() = default;
  virtual std::string name() const = 0;
  // The order of uniform convergence the author claims; NaN when none.
  virtual double claimed_order() const { return std::numeric_limits<double>::quiet_NaN(); }
  // out ← Φ_h(t, x); x and out have length p.dim() and do not alias. Add the
  // work done to `work` if you count it (the host also counts the calls made
  // through ProblemView). Return StepStatus::inner_cap_hit when an inner
  // solver stopped at its cap; never throw for run-time trouble.
  virtual StepStatus step(double t, std::span<const double> x, double h, const ProblemView& p,
                          std::span<double> out, Work& work) = 0;
};

}  // namespace sweepcheck::plugin

// The entry point, the only symbol the host looks up:
//   int sweepcheck_create_scheme(int host_abi_version, sweepcheck::plugin::Stepper** out);
// Returns the plugin's ABI version. When it equals host_abi_version, *out is
// a new Stepper owned by the caller (deleted through the virtual destructor);
// otherwise *out is null.
extern "C" typedef int (*sweepcheck_create_scheme_fn)(int, sweepcheck::plugin::Stepper**);

#define SWEEPCHECK_EXPORT_SCHEME(SchemeClass)                                                                \
  extern "C" __attribute__((visibility("default"))) int sweepcheck_create_scheme(                           \
      int host_abi_version, ::sweepcheck::plugin::Stepper** out) {                                          \
    *out = nullptr;                                                                                          \
    if (host_abi_version != ::sweepcheck::plugin::kAbiVersion) return ::sweepcheck::plugin::kAbiVersion;     \
    *out = new SchemeClass();                                                                                \
    return ::sweepcheck::plugin::kAbiVersion;                                                                \
  }
