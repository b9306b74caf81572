#include "studies/runs/problem_plugin.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"
#include "sweepcheck/solvers/plugin/problem_validation.hpp"
#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "studies/runs/child_value.hpp"
#include "studies/runs/isolated_run.hpp"
#include "studies/runs/problem_guard.hpp"
#include "studies/runs/shared_library.hpp"

namespace sweepcheck {

namespace {

// Stages of loading reported to the child page (beyond the ProblemCall ids
// of the guarded view), so a crash or hang while loading is named.
constexpr int kConstructing = 100;
constexpr int kContract = 101;

std::string stage_name(int call) {
  if (call == kConstructing) return "sweepcheck_create_problem (its constructor)";
  if (call == kContract) return "name(), dim(), t0(), t_end(), time_scale(), x0() or distance() at x0";
  if (call >= 0 && call <= static_cast<int>(ProblemCall::size)) return to_string(static_cast<ProblemCall>(call));
  return "loading";
}

// The contract of ProblemDefinition, checked once on load so a broken plugin
// is bad input (exit 2) rather than a run-time failure deep inside a study.
void check_definition(const plugin::ProblemDefinition& d, const std::string& who) {
  if (d.name().empty()) throw std::invalid_argument(who + ": name() is empty");
  const int n = d.dim();
  if (n < 1) throw std::invalid_argument(fmt::format("{}: dim() = {} must be >= 1", who, n));
  // The memory rule, before a state is allocated: one state within the
  // program's per-array limit, and the states a run holds (~16) within half
  // the memory available, the most a run's child may grow by (problem_guard.hpp).
  check_memory(fmt::format("{}: dim() = {}", who, n), double(n), "one state vector");
  const double run_bytes = 16.0 * 8.0 * double(n), available = available_memory_bytes();
  if (available > 0 && !(run_bytes <= 0.5 * available))
    throw std::invalid_argument(fmt::format("{}: dim() = {} needs about {:.3g} bytes per run (16 states); the memory "
                                            "rule allows half the memory available, {:.3g} bytes",
                                            who, n, run_bytes, 0.5 * available));
  const double t0 = d.t0(), T = d.t_end();
  if (!std::isfinite(t0) || !std::isfinite(T) || !(T > t0))
    throw std::invalid_argument(fmt::format("{}: t0() = {} and t_end() = {} must be finite with t_end > t0", who, t0, T));
  // Times are t0 + k h in double: far from 0 a span can be too short to hold
  // distinct step times (t0 = 1e300 and t_end = t0 + 1 are one number). The
  // rule: ten million steps, more than any ladder here takes, stay at least
  // ten units in the last place of the largest time apart.
  {
    const double span = T - t0, top = std::max(std::abs(t0), std::abs(T));
    const double ulp = std::nextafter(top, std::numeric_limits<double>::infinity()) - top;
    if (!(span / 1e7 >= 10 * ulp))
      throw std::invalid_argument(fmt::format(
          "{}: t0() = {:.6g} and t_end() = {:.6g}: the span {:.6g} is not resolved at that time (a double's spacing "
          "there is {:.3g}; ten million steps need a span of at least {:.3g}): shift the time origin toward 0",
          who, t0, T, span, ulp, 1e8 * ulp));
  }
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

// dlopen, the entry point, the ABI check and the constructor.
std::shared_ptr<const plugin::ProblemDefinition> open_definition(const std::string& path, const std::string& who) {
  auto lib = open_plugin_symbol("problem plugin", path, "sweepcheck_create_problem",
                                "add SWEEPCHECK_EXPORT_PROBLEM(YourClass) to one source file; see "
                                "solvers/plugin/problem_plugin_api.hpp");
  const auto create = reinterpret_cast<sweepcheck_create_problem_fn>(lib.symbol);
  plugin::ProblemDefinition* d = nullptr;
  int version = 0;
  report_child_call(kConstructing, std::nan(""));
  try {
    version = create(plugin::kProblemAbiVersion, &d);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: its constructor threw: {}", who, e.what()));
  }
  report_child_call_returned();
  if (version != plugin::kProblemAbiVersion)
    // A conforming plugin returned null; a non-conforming one is leaked rather
    // than deleted through a vtable of unknown layout.
    throw std::invalid_argument(fmt::format("{}: built for sweepcheck problem plugin ABI version {}, this sweepcheck "
                                            "uses version {}; rebuild it against this sweepcheck",
                                            who, version, plugin::kProblemAbiVersion));
  if (!d) throw std::invalid_argument(who + ": sweepcheck_create_problem returned no problem");
  // The deleter keeps the library loaded until the definition is gone.
  return std::shared_ptr<const plugin::ProblemDefinition>(d, [h = lib.handle](const plugin::ProblemDefinition* p) { delete p; });
}

// The sampled properties (solvers/plugin/problem_validation.hpp), every call
// through the guarded view so a crash names the call and t.
std::vector<std::string> violations_of(const std::shared_ptr<const plugin::ProblemDefinition>& d) {
  const GuardedProblemView view(d);
  Vec<double> x0(d->dim());
  d->x0(as_span(x0));
  ProblemUnderValidation p{view, d->t0(), d->t_end(), as_span(std::as_const(x0)), {}, d->time_scale()};
  p.exact = [&d](double t, std::span<double> out) {
    report_child_call(static_cast<int>(ProblemCall::exact), t);
    const bool known = d->exact(t, out);
    report_child_call_returned();
    return known;
  };
  return problem_violations(p);
}

}  // namespace

std::string problem_plugin_label(const std::string& path) { return "problem plugin '" + path + "'"; }

std::shared_ptr<const plugin::ProblemDefinition> load_problem_plugin(const std::string& path,
                                                                     const ProblemPluginLoad& how) {
  const std::string who = how.label.empty() ? problem_plugin_label(path) : how.label;
  // 1. In a child: everything that calls the plugin's code before a run.
  //    Its value (studies/runs/child_value.hpp): whether it is bad input, the
  //    message if so, and the violations.
  const ChildResult c = run_in_child(
      [&]() -> std::string {
        try {
          const auto d = open_definition(path, who);
          report_child_call(kContract, std::nan(""));
          check_definition(*d, who);
          report_child_call_returned();
          return child_value(false, std::string(), violations_of(d));
        } catch (const std::invalid_argument& e) {
          return child_value(true, std::string(e.what()), std::vector<std::string>{});
        }
      },
      how.load_seconds, problem_plugin_child_limits());
  if (c.status != RunStatus::ok) {
    const std::string where = c.call.call >= 0 ? stage_name(c.call.call) : "loading";
    const std::string at = c.call.call >= 0 && c.call.call <= static_cast<int>(ProblemCall::size) && std::isfinite(c.call.t)
                               ? fmt::format(" at t = {:.6g}", c.call.t)
                               : "";
    if (c.status == RunStatus::threw && c.detail.find(who + ": its constructor threw") != std::string::npos)
      throw std::runtime_error(c.detail.substr(c.detail.find(who)));
    throw std::runtime_error(fmt::format("{}: loading and validating it (in a child process) failed inside {}{}: {}",
                                         who, where, at, describe(c)));
  }
  bool bad_input = false;
  std::string message;
  std::vector<std::string> violations;
  try {
    read_child_value(c.payload, bad_input, message, violations);
  } catch (const std::exception& e) {
    throw std::logic_error(std::string("load_problem_plugin: unreadable answer from the child (") + e.what() + ")");
  }
  if (bad_input) throw std::invalid_argument(message);
  if (!violations.empty()) {
    std::string list;
    for (const auto& v : violations) list += "\n  - " + v;
    if (how.validate)
      throw std::invalid_argument(fmt::format(
          "{} fails validation; it is not what it says it is, so no scheme is run on it:{}\n(if the problem "
          "cannot satisfy a property by design, --no-validate runs it anyway)",
          who, list));
    if (how.note)
      how.note(fmt::format("{}: --no-validate: running it although it fails validation (a scheme's results on it "
                           "may reflect these, not the scheme):{}",
                           who, list));
  } else if (!how.validate && how.note) {
    how.note(who + ": --no-validate given; validation found nothing broken");
  }
  // 2. In the host, now that it loaded, constructed and validated in a child.
  auto d = open_definition(path, who);
  check_definition(*d, who);
  return d;
}

AuditProblem audit_problem_from(std::shared_ptr<const plugin::ProblemDefinition> d, std::string who) {
  AuditProblem a;
  a.name = d->name();
  a.untrusted = who.empty() ? "problem plugin '" + a.name + "'" : std::move(who);
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
      report_child_call(static_cast<int>(ProblemCall::exact), t);
      const bool known = d->exact(t, as_span(x));
      report_child_call_returned();
      if (!known) throw std::logic_error("problem plugin " + d->name() + ": exact() stopped answering");
      note_problem_output(ProblemCall::exact, t, -1, std::isfinite(t), all_finite(x));
      return x;
    };
    a.error_measure = "sup over t of |x_h(t) - x(t)| (x_h: piecewise-linear interpolant, x: the plugin's exact solution)";
  } else {
    a.error_measure =
        "reference-free: |x_h(tau_i) - x_h'(tau_i)| between successive step sizes at common sample times; order, GCI "
        "and asymptotic range by Richardson extrapolation (studies/engine/richardson.md)";
  }
  a.notes = "problem plugin";
  a.view = std::make_shared<GuardedProblemView>(std::move(d));
  return a;
}

std::vector<double> reference_free_sample_times(const AuditProblem& p, int m) {
  return equally_spaced_samples(p.t0, p.t_end, m);
}

}  // namespace sweepcheck
