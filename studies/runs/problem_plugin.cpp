#include "studies/runs/problem_plugin.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "solvers/template_stepper.hpp"
#include "studies/engine/sampled_error.hpp"
#include "studies/runs/shared_library.hpp"

namespace sweepcheck {

namespace {


// The contract of ProblemDefinition, checked once on load so a broken plugin
// is bad input (exit 2) rather than a run-time failure deep inside a study.
void check_definition(const plugin::ProblemDefinition& d, const std::string& who) {
  if (d.name().empty()) throw std::invalid_argument(who + ": name() is empty");
  const int n = d.dim();
  if (n < 1) throw std::invalid_argument(fmt::format("{}: dim() = {} must be >= 1", who, n));
  const double t0 = d.t0(), T = d.t_end();
  if (!std::isfinite(t0) || !std::isfinite(T) || !(T > t0))
    throw std::invalid_argument(fmt::format("{}: t0() = {} and t_end() = {} must be finite with t_end > t0", who, t0, T));
  if (!(d.time_scale() > 0) || !std::isfinite(d.time_scale()))
    throw std::invalid_argument(fmt::format("{}: time_scale() = {} must be finite and > 0", who, d.time_scale()));
  Vec<double> x0(n);
  d.x0(as_span(x0));
  if (!all_finite(x0)) throw std::invalid_argument(who + ": x0() is not finite");
  const auto& c = d.constraints();
  for (int j = 0; j < c.size(); ++j) {
    const double dist = c.distance(j, t0, {x0.data(), std::size_t(n)});
    // x0 ∈ S(t0) up to round-off of the constraint's own evaluation.
    if (!(dist <= 1e-12 * (1 + x0.norm())))
      throw std::invalid_argument(fmt::format("{}: x0() lies outside S(t0): constraint {} has distance {:.3g}", who, j, dist));
  }
}

}  // namespace

std::shared_ptr<const plugin::ProblemDefinition> load_problem_plugin(const std::string& path) {
  const std::string who = "problem plugin '" + path + "'";
  auto lib = open_plugin_symbol("problem plugin", path, "sweepcheck_create_problem",
                                "add SWEEPCHECK_EXPORT_PROBLEM(YourClass) to one source file; see "
                                "solvers/problem_plugin_api.hpp");
  const auto create = reinterpret_cast<sweepcheck_create_problem_fn>(lib.symbol);
  plugin::ProblemDefinition* d = nullptr;
  const int version = create(plugin::kProblemAbiVersion, &d);
  if (version != plugin::kProblemAbiVersion)
    // A conforming plugin returned null; a non-conforming one is leaked rather
    // than deleted through a vtable of unknown layout.
    throw std::invalid_argument(fmt::format("{}: built for sweepcheck problem plugin ABI version {}, this sweepcheck "
                                            "uses version {}; rebuild it against this sweepcheck",
                                            who, version, plugin::kProblemAbiVersion));
  if (!d) throw std::invalid_argument(who + ": sweepcheck_create_problem returned no problem");
  // The deleter keeps the library loaded until the definition is gone.
  std::shared_ptr<const plugin::ProblemDefinition> out(d, [h = lib.handle](const plugin::ProblemDefinition* p) { delete p; });
  check_definition(*out, who);
  return out;
}

AuditProblem audit_problem_from(std::shared_ptr<const plugin::ProblemDefinition> d) {
  AuditProblem a;
  a.name = d->name();
  a.parameters = d->parameters();
  a.x0 = Vec<double>(d->dim());
  d->x0(as_span(a.x0));
  a.t0 = d->t0();
  a.t_end = d->t_end();
  a.time_scale = d->time_scale();
  Vec<double> probe(d->dim());
  if (d->exact(a.t0, as_span(probe))) {
    a.exact = [d](double t) {
      Vec<double> x(d->dim());
      if (!d->exact(t, as_span(x))) throw std::logic_error("problem plugin " + d->name() + ": exact() stopped answering");
      return x;
    };
    a.error_measure = "sup over t of |x_h(t) - x(t)| (x_h: piecewise-linear interpolant, x: the plugin's exact solution)";
  } else {
    a.error_measure =
        "reference-free: |x_h(tau_i) - x_h'(tau_i)| between successive step sizes at common sample times; order, GCI "
        "and asymptotic range by Richardson extrapolation (studies/engine/richardson.md)";
  }
  a.notes = "problem plugin";
  a.view = std::move(d);
  return a;
}

std::vector<double> reference_free_sample_times(const AuditProblem& p, int m) {
  return equally_spaced_samples(p.t0, p.t_end, m);
}

}  // namespace sweepcheck
