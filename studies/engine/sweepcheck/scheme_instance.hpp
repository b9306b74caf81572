#pragma once
// A fresh scheme for every run, as the plugin contract says
// (solvers/plugin/plugin_api.hpp: "The host creates a fresh instance per run", and
// the audit keeps it). What check_convergence and its siblings accept as a
// scheme, and what they make of it for each run:
//
//   - a factory, any callable with no arguments returning a scheme by value or
//     a std::unique_ptr to a plugin::Stepper:      [] { return MyScheme(opts); }
//   - a copyable scheme object: copied for every run (the object given is
//     never stepped itself), so state it keeps between steps (scratch
//     buffers, a warm start, a cached factorisation) starts afresh each run;
//   - a plugin::Stepper of a concrete, copyable type: copied the same way.
//
// A plugin::Stepper seen only through a base reference cannot be copied: give
// a factory. A plugin::Stepper runs through the plugin view of the problem
// (solvers/adapters/problem_view_of.hpp), exactly as the audit runs it.
#include <concepts>
#include <cstddef>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace sweepcheck {

// A plugin::Stepper as a template scheme, owning its instance.
class PluginScheme {
 public:
  explicit PluginScheme(std::unique_ptr<plugin::Stepper> s) : s_(std::move(s)) {}
  template <Problem P>
    requires std::same_as<typename P::Scalar, double>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& work) const {
    const ProblemViewOf<P> view(p);
    out.resize(x.size());
    return s_->step(t, std::span<const double>(x.data(), std::size_t(x.size())), h, view,
                    std::span<double>(out.data(), std::size_t(out.size())), work);
  }
  // An in-tree scheme behind the plugin interface declares its inner
  // solver's tolerance (the noise floor, as in the audit); a plugin does not.
  double inner_tolerance(double scale) const {
    const auto* it = dynamic_cast<const InnerTolerance*>(s_.get());
    return it ? it->inner_tolerance(scale) : 0.0;
  }
  std::string name() const { return s_->name(); }
  double claimed_order() const { return s_->claimed_order(); }

 private:
  std::unique_ptr<plugin::Stepper> s_;
};

template <class S>
concept SchemeFactory = std::invocable<const S&> && !std::is_base_of_v<plugin::Stepper, S>;

// One fresh, runnable instance of `source` (see the top of this file).
template <class Source>
auto fresh_instance(const Source& source) {
  if constexpr (SchemeFactory<Source>) {
    using R = std::remove_cvref_t<std::invoke_result_t<const Source&>>;
    if constexpr (requires(R r) { std::unique_ptr<plugin::Stepper>(std::move(r)); })
      return PluginScheme(std::unique_ptr<plugin::Stepper>(source()));
    else if constexpr (std::is_base_of_v<plugin::Stepper, R>)
      return PluginScheme(std::make_unique<R>(source()));
    else
      return R(source());
  } else if constexpr (std::is_base_of_v<plugin::Stepper, Source>) {
    static_assert(!std::is_abstract_v<Source> && std::is_copy_constructible_v<Source>,
                  "a plugin::Stepper is run as a fresh instance per run: pass a factory, "
                  "[] { return std::make_unique<MyStepper>(); }, or an object of a copyable concrete type");
    return PluginScheme(std::make_unique<Source>(source));
  } else {
    static_assert(std::is_copy_constructible_v<Source>,
                  "a scheme is run as a fresh instance per run: pass a factory, [] { return MyScheme(); }, "
                  "or a copyable scheme object");
    return Source(source);
  }
}

// The scheme's name(), or "scheme".
template <class Scheme>
std::string scheme_name(const Scheme& scheme) {
  if constexpr (requires { scheme.name(); })
    return std::string(scheme.name());
  else
    return "scheme";
}

// The scheme's claimed_order(), or NaN (none claimed).
template <class Scheme>
double schemes_claimed_order(const Scheme& scheme) {
  if constexpr (requires { scheme.claimed_order(); })
    return double(scheme.claimed_order());
  else
    return std::numeric_limits<double>::quiet_NaN();
}

// The scheme type's claim_is_sharp, or false (one-sided).
template <class Scheme>
bool schemes_claim_is_sharp() {
  if constexpr (requires { Scheme::claim_is_sharp; })
    return bool(Scheme::claim_is_sharp);
  else
    return false;
}

}  // namespace sweepcheck
