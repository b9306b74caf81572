#include "studies/runs/problem_plugin.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/projection/view_projector.hpp"
#include "sweepcheck/studies/engine/sampled_error.hpp"
#include "sweepcheck/solvers/plugin/problem_validation.hpp"
#include "sweepcheck/solvers/core/resource_limits.hpp"
#include "studies/runs/child_value.hpp"
#include "studies/runs/isolated_run.hpp"
#include "studies/runs/problem_guard.hpp"
#include "studies/runs/shared_library.hpp"

namespace sweepcheck {

namespace {

// A stage of loading reported to the child page (beyond the ProblemCall ids
// of the guarded view, ProblemCall::construct included), so a crash or hang
// while loading is named.
constexpr int kContract = 101;

bool is_problem_call(int call) { return call >= 0 && call <= static_cast<int>(ProblemCall::construct); }

std::string stage_name(int call) {
  if (call == kContract) return "name(), dim(), t0(), t_end(), time_scale(), x0() or distance() at x0";
  if (is_problem_call(call)) return to_string(static_cast<ProblemCall>(call));
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
  // The large-step check's steps go down from time_scale() (studies/audit/
  // audit.md, check 4): a scale far below the span asks for billions of steps
  // (issue 45: time_scale() = 1e-9 over a span of 3 still ran at 300 s).
  if (!(d.time_scale() >= (T - t0) / kMaxTimeScaleRatio))
    throw std::invalid_argument(fmt::format(
        "{}: time_scale() = {:.3g} is below its span {:.6g} / {:.0e}: the large-step check would run {:.3g} steps "
        "and more; a time scale is the time the free motion needs to cross the problem's length scale",
        who, d.time_scale(), T - t0, kMaxTimeScaleRatio, (T - t0) / d.time_scale()));
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

// dlopen, the entry point, the ABI check and the constructor. The problem is
// never deleted and its library never closed: a process that constructed it
// (a child, studies/runs/isolated_run.hpp) ends with _exit, so its destructor
// and its library's static destructors never run (issue 45: a destructor that
// crashes or hangs is no call sweepcheck makes). Kept reachable (for the leak
// checker of the sanitizer job) in a list that is never freed.
const plugin::ProblemDefinition* open_definition(const std::string& path, const std::string& who) {
  auto lib = open_plugin_symbol("problem plugin", path, "sweepcheck_create_problem",
                                "add SWEEPCHECK_EXPORT_PROBLEM(YourClass) to one source file; see "
                                "solvers/plugin/problem_plugin_api.hpp");
  static auto* const libraries = new std::vector<std::shared_ptr<void>>;
  static auto* const problems = new std::vector<const plugin::ProblemDefinition*>;
  static std::mutex kept;
  {
    const std::lock_guard lock(kept);
    libraries->push_back(lib.handle);
  }
  // Its code, for the evidence of a crash outside any call into it (a thread of its own).
  register_plugin_code(lib.symbol, CodeOwner::problem);
  const auto create = reinterpret_cast<sweepcheck_create_problem_fn>(lib.symbol);
  plugin::ProblemDefinition* d = nullptr;
  int version = 0;
  report_child_call(static_cast<int>(ProblemCall::construct), std::nan(""));
  try {
    version = create(plugin::kProblemAbiVersion, &d);
  } catch (const std::invalid_argument& e) {
    // It refused what its user wrote (the Python problem plugin: a missing method, a bad attribute): bad input.
    throw std::invalid_argument(fmt::format("{}: {}", who, e.what()));
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
  const std::lock_guard lock(kept);
  problems->push_back(d);
  return d;
}

// What the host knows of a problem plugin, read in the child that loaded
// and validated it: the host itself never calls the plugin's code.
struct Description {
  std::string name, parameters;
  int dim = 0, constraints = 0;
  double t0 = 0, t_end = 0, time_scale = 1;
  Vec<double> x0;
  bool has_exact = false;
};
void encode(codec::Writer& w, const Description& d) {
  using codec::encode;
  encode(w, d.name), encode(w, d.parameters), encode(w, d.dim), encode(w, d.constraints), encode(w, d.t0);
  encode(w, d.t_end), encode(w, d.time_scale), encode(w, d.x0), encode(w, d.has_exact);
}
void decode(codec::Reader& r, Description& d) {
  using codec::decode;
  decode(r, d.name), decode(r, d.parameters), decode(r, d.dim), decode(r, d.constraints), decode(r, d.t0);
  decode(r, d.t_end), decode(r, d.time_scale), decode(r, d.x0), decode(r, d.has_exact);
}

Description describe_definition(const plugin::ProblemDefinition& d) {
  Description out{d.name(), d.parameters(), d.dim(), d.constraints().size(), d.t0(), d.t_end(), d.time_scale(), {}, false};
  out.x0 = Vec<double>(out.dim);
  d.x0(as_span(out.x0));
  Vec<double> probe(out.dim);
  report_child_call(static_cast<int>(ProblemCall::exact), out.t0);
  out.has_exact = d.exact(out.t0, as_span(probe));
  report_child_call_returned();
  return out;
}

// The problem as the host holds it (issue 45: "the host survives"): its
// description, read in the loading child, answers name(), dim(), t0(),
// t_end(), time_scale(), x0() and the constraint count; every other call (f,
// the constraints, exact) goes to the plugin's own problem, which is loaded
// and constructed on first use in the process that makes the call: a child.
// In the process that loaded it (the host) such a call is a harness bug
// (std::logic_error), unless the load allowed it (ProblemPluginLoad::in_process).
// So the plugin's constructor, its threads and what they fork, and its
// library's static constructors all run in children, in the child's process
// group, killed with it; its destructor never runs.
class DeferredDefinition final : public plugin::ProblemDefinition, private plugin::ConstraintView {
 public:
  DeferredDefinition(std::string path, std::string who, Description d, bool in_process)
      : path_(std::move(path)), who_(std::move(who)), d_(std::move(d)), in_process_(in_process) {}
  const Description& description() const { return d_; }

  std::string name() const override { return d_.name; }
  std::string parameters() const override { return d_.parameters; }
  double t0() const override { return d_.t0; }
  double t_end() const override { return d_.t_end; }
  double time_scale() const override { return d_.time_scale; }
  void x0(std::span<double> out) const override {
    for (int i = 0; i < d_.dim && i < static_cast<int>(out.size()); ++i) out[i] = d_.x0[i];
  }
  // In a child, the plugin's own answer (a dim() that changes between calls
  // is caught by the guarded view, studies/runs/problem_guard.hpp).
  int dim() const override { return in_host() ? d_.dim : real().dim(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override { real().f(t, x, out); }
  const plugin::ConstraintView& constraints() const override { return *this; }
  bool exact(double t, std::span<double> out) const override { return real().exact(t, out); }

 private:
  int size() const override { return in_host() ? d_.constraints : real().constraints().size(); }
  double value(int j, double t, std::span<const double> x) const override { return real().constraints().value(j, t, x); }
  void gradient(int j, double t, std::span<const double> x, std::span<double> g) const override {
    real().constraints().gradient(j, t, x, g);
  }
  double distance(int j, double t, std::span<const double> x) const override {
    return real().constraints().distance(j, t, x);
  }
  bool project(int j, double t, std::span<double> x) const override { return real().constraints().project(j, t, x); }

  // Cheap (no system call: these are asked on every step): a child run is
  // marked in its own memory (studies/runs/isolated_run.hpp).
  bool in_host() const { return !in_process_ && !inside_child_run(); }
  // The plugin's problem in this process, constructed on first use (a forked
  // copy of one constructed before the fork is this process's own).
  const plugin::ProblemDefinition& real() const {
    if (const auto* r = real_.load(std::memory_order_acquire)) return *r;
    if (in_host())
      throw std::logic_error(who_ + ": the host called the plugin's code; every call into a problem plugin must run "
                                    "in a child process (studies/runs/problem_plugin.hpp)");
    const std::lock_guard lock(mutex_);
    if (const auto* r = real_.load(std::memory_order_acquire)) return *r;
    // Constructed inside the call that needs it (f, say): the constructor
    // is reported as such, and then the call again, so a crash in either is
    // named for what it was in.
    const ChildCall outer = current_child_call();
    const auto* r = open_definition(path_, who_);
    real_.store(r, std::memory_order_release);
    if (outer.inside) report_child_call(outer.call, outer.t);
    return *r;
  }

  std::string path_, who_;
  Description d_;
  bool in_process_;
  mutable std::mutex mutex_;
  mutable std::atomic<const plugin::ProblemDefinition*> real_{nullptr};
};

// The sampled properties (solvers/plugin/problem_validation.hpp), every call
// through the guarded view so a crash names the call and t.
std::vector<std::string> violations_of(const plugin::ProblemDefinition* d) {
  // Not owning: the problem is never deleted (open_definition).
  const GuardedProblemView view(std::shared_ptr<const plugin::ProblemDefinition>(d, [](const plugin::ProblemDefinition*) {}));
  Vec<double> x0(d->dim());
  d->x0(as_span(x0));
  ProblemUnderValidation p{view, d->t0(), d->t_end(), as_span(std::as_const(x0)), {}, d->time_scale()};
  p.exact = [d](double t, std::span<double> out) {
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
  //    message if so, the violations and the problem's description.
  const ChildResult c = run_in_child(
      [&]() -> std::string {
        try {
          const auto* d = open_definition(path, who);
          report_child_call(kContract, std::nan(""));
          check_definition(*d, who);
          report_child_call_returned();
          auto violations = violations_of(d);
          return child_value(false, std::string(), violations, describe_definition(*d));
        } catch (const std::invalid_argument& e) {
          return child_value(true, std::string(e.what()), std::vector<std::string>{}, Description{});
        }
      },
      how.load_seconds, problem_plugin_child_limits());
  if (c.status != RunStatus::ok) {
    if (c.status == RunStatus::threw && c.detail.find(who + ": its constructor threw") != std::string::npos)
      throw std::runtime_error(c.detail.substr(c.detail.find(who)));
    if (c.call.call < 0)
      throw std::runtime_error(fmt::format("{}: loading it (in a child process) failed: {}", who, describe(c)));
    const bool call = is_problem_call(c.call.call);
    std::string where = stage_name(c.call.call);
    if (call && std::isfinite(c.call.t)) where += fmt::format(" at t = {:.6g}", c.call.t);
    // Not inside a call: the plugin's own code ran on (a thread it started,
    // a process it forked that signalled it, an exit handler).
    throw std::runtime_error(
        c.call.inside
            ? fmt::format("{}: loading and validating it (in a child process) failed inside {}: {}", who, where,
                          describe(c))
            : fmt::format("{}: loading and validating it (in a child process) failed outside any call into it (its "
                          "last call, {}, had returned: a thread of its own, or code it runs at exit): {}",
                          who, where, describe(c)));
  }
  bool bad_input = false;
  std::string message;
  std::vector<std::string> violations;
  Description description;
  try {
    read_child_value(c.payload, bad_input, message, violations, description);
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
  // 2. The host keeps the description; the plugin's code runs again only in
  //    the children that call it (DeferredDefinition).
  return std::make_shared<const DeferredDefinition>(path, who, std::move(description), how.in_process);
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
  // A loaded plugin's answer was read in the loading child; another
  // definition (a test's) is asked here.
  bool has_exact = false;
  if (const auto* deferred = dynamic_cast<const DeferredDefinition*>(d.get())) {
    has_exact = deferred->description().has_exact;
  } else {
    Vec<double> probe(d->dim());
    has_exact = d->exact(a.t0, as_span(probe));
  }
  if (has_exact) {
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
  // The cost rule (solvers/core/resource_limits.hpp): no run on it beyond
  // kMaxRunComponentSteps; the audit drops the rungs below this floor.
  a.h_floor = (a.t_end - a.t0) * double(a.x0.size()) / kMaxRunComponentSteps;
  a.view = std::make_shared<GuardedProblemView>(std::move(d));
  if (has_exact) {
    // The consistency probe (check 5) at points of the exact solution, taken
    // where the probe runs (the child: AuditProblem::probe_times), with
    // P_{S(t)} through the view, KKT-certified (view_projector.hpp; the
    // projection the in-tree moreau-euler uses on a plugin). A point the
    // projector cannot certify is skipped by the probe (NaN), not judged.
    const double span = a.t_end - a.t0;
    for (double c : {0.2, 0.45, 0.7, 0.95}) a.probe_times.push_back(a.t0 + c * span);
    a.project = [view = a.view](double t, const Vec<double>& y) {
      const ViewConstraintSet set(*view);
      Vec<double> p = y;
      Work w;
      if (ViewProjector{}(set, t, p, w) != StepStatus::ok) p.setConstant(std::numeric_limits<double>::quiet_NaN());
      return p;
    };
  }
  return a;
}

std::vector<double> reference_free_sample_times(const AuditProblem& p, int m) {
  return equally_spaced_samples(p.t0, p.t_end, m);
}

}  // namespace sweepcheck
