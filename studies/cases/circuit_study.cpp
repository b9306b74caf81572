#include "studies/cases/circuit_study.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "sweepcheck/solvers/core/resource_limits.hpp"

#include "sweepcheck/analytic/lcs_cases.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_view.hpp"

namespace sweepcheck {

void CircuitStudyConfig::validate() const {
  if (schemes.empty()) throw std::invalid_argument("circuit study: no scheme given");
  study.validate();
  const auto counts = study.ladder.step_counts(1.5);
  if (reference_steps < 10 * counts.back())
    throw std::invalid_argument(fmt::format(
        "circuit study: reference_steps must be >= 10 × the finest study's steps ({}), got {}", 10 * counts.back(),
        reference_steps));
  if (reference_steps > kMaxSteps)
    throw std::invalid_argument(
        fmt::format("circuit study: reference_steps = {} exceeds the limit of {:.0e} steps per run", reference_steps,
                    double(kMaxSteps)));
  // The reference keeps every grid value (GridReference below).
  if (include_circuit_convergence)
    check_memory(fmt::format("circuit study: reference_steps = {}", reference_steps),
                 double(reference_steps + 1) * LcsSweeping<double>(circuit<double>()).dim(),
                 "the reference trajectory's grid values");
  if (figure_steps > kMaxSteps)
    throw std::invalid_argument(fmt::format("circuit study: figure_steps = {} exceeds the limit of {:.0e} steps",
                                            figure_steps, double(kMaxSteps)));
  if (circuit_points_per_step < 1) throw std::invalid_argument("circuit study: circuit_points_per_step must be >= 1");
  if (figure_steps < 1) throw std::invalid_argument("circuit study: figure_steps must be >= 1");
  for (auto n : siconos_steps)
    if (n < 1) throw std::invalid_argument("circuit study: siconos_steps must be >= 1");
}

double eta_of(const std::string& scheme_label, double h) {
  // Only the in-tree inexact scheme has a schedule; other labels (a Python
  // scheme's "python:module:Class") are not specs to parse.
  if (scheme_label.rfind("inexact-catching-up", 0) != 0) return 0;
  const SchemeSpec spec = parse_scheme_spec(scheme_label);
  if (spec.name != "inexact-catching-up") return 0;
  InexactSchedule s;
  s.eta_coef = spec.get("eta_coef");
  s.eta_power = spec.get("eta_power");
  return s.eta(h);
}

namespace {

// Grid values of an exact-projection catching-up run, interpolated linearly.
class GridReference {
 public:
  GridReference(const LcsSweeping<double>& p, std::int64_t n) : h_(p.t_end() / double(n)), z_(p.dim(), n + 1) {
    integrate(p, ExactCatchingUp<double>{}, n, [&](std::int64_t k, double, const Vec<double>& z) { z_.col(k) = z; });
  }
  Vec<double> operator()(double t) const {
    const double s = t / h_;
    auto k = static_cast<Eigen::Index>(std::floor(s));
    k = std::clamp<Eigen::Index>(k, 0, z_.cols() - 2);
    const double a = std::clamp(s - double(k), 0.0, 1.0);
    return (1 - a) * z_.col(k) + a * z_.col(k + 1);
  }

 private:
  double h_;
  Mat<double> z_;
};

template <class Scheme>
TrajectoryRecord record(const LcsSweeping<double>& p, const Scheme& scheme, const std::string& label, std::int64_t n) {
  TrajectoryRecord r;
  r.problem = p.name();
  r.scheme = label;
  integrate(p, scheme, n, [&](std::int64_t, double t, const Vec<double>& z) {
    r.t.push_back(t);
    r.x.push_back(p.to_x(z));
  });
  return r;
}

// The external schemes of `cfg` on problem `p` (null when there are none).
template <class Reference>
std::shared_ptr<const ExternalSchemes> external_on(const CircuitStudyConfig& cfg, const LcsSweeping<double>& p,
                                                   const std::string& parameters, const Reference& reference) {
  if (cfg.external.schemes.empty()) return nullptr;
  auto ext = std::make_shared<ExternalSchemes>(cfg.external);
  // As external_problem (external_schemes.hpp), through the polyhedral view:
  // S(t) is a polyhedron here, with no per-constraint projections.
  AuditProblem& a = ext->problem;
  a.name = p.name();
  a.parameters = parameters;
  a.x0 = p.x0();
  a.t0 = p.t0();
  a.t_end = p.t_end();
  a.exact = reference;
  a.view = std::make_shared<const PolyhedralViewOf<LcsSweeping<double>>>(p);
  return ext;
}

}  // namespace

CircuitStudy run_circuit_study(const CircuitStudyConfig& cfg) {
  cfg.validate();
  const std::vector<SchemeSpec>& specs = cfg.schemes;
  CircuitStudy out;
  out.convergence.name = "circuit";

  {
    const LcsClosedForm<double> c;
    const LcsSweeping<double> p(c.data());
    auto exact = [&](double t) { return Vec<double>(p.to_z(c.x(t))); };
    const std::string parameters = "exact solution, t*=log(3/2), T=1.5";
    StudyOptions opt = cfg.study;
    opt.external = external_on(cfg, p, parameters, [p, c](double t) { return Vec<double>(p.to_z(c.x(t))); });
    auto s = run_convergence("circuit", p, parameters, exact, specs, opt);
    out.convergence.rows.insert(out.convergence.rows.end(), s.rows.begin(), s.rows.end());
  }
  if (cfg.include_circuit_convergence) {
    const LcsSweeping<double> p(circuit<double>());
    const GridReference ref(p, cfg.reference_steps);
    StudyOptions opt = cfg.study;
    opt.points_per_step = cfg.circuit_points_per_step;
    const std::string parameters = "reference: catching-up n=" + std::to_string(cfg.reference_steps);
    opt.external = external_on(cfg, p, parameters, ref);
    auto s = run_convergence("circuit", p, parameters, ref, specs, opt);
    out.convergence.rows.insert(out.convergence.rows.end(), s.rows.begin(), s.rows.end());
  }
  out.convergence.fits = fit_rows(out.convergence.rows, cfg.study.fit);

  std::vector<RunRow> as_violation;
  for (const auto& r : out.convergence.rows) {
    ViolationRow v{r.problem, r.scheme, r.h, r.violation, eta_of(r.scheme, r.h),
                   r.steps > 0 ? double(r.work.inner_iterations) / double(r.steps) : 0.0};
    out.violations.push_back(v);
    if (v.eta > 0) {
      RunRow x = r;
      x.error_uniform = r.violation;
      x.noise_floor = r.noise_floor;  // n·ε_mach·(scale + 1): violations at round-off are not fitted
      x.claimed_order = std::numeric_limits<double>::quiet_NaN();
      as_violation.push_back(x);
    }
  }
  out.violation_fits = fit_rows(as_violation, {}, "the violations");

  for (bool disc : {false, true}) {
    CircuitOptions o;
    o.discontinuous = disc;
    const LcsSweeping<double> p(circuit<double>(o));
    out.trajectories.push_back(record(p, ExactCatchingUp<double>{}, "catching-up", cfg.figure_steps));
    out.trajectories.push_back(record(p, InexactCatchingUp<double>{}, "inexact-catching-up", cfg.figure_steps));
  }

  if (!siconos_available()) {
    out.siconos_note = siconos_unavailable_reason();
  } else {
    for (bool disc : {false, true}) {
      CircuitOptions o;
      o.discontinuous = disc;
      for (auto n : cfg.siconos_steps)
        for (bool left : {true, false})
          out.siconos.push_back({disc ? "circuit-sign" : "circuit", compare_with_siconos(circuit<double>(o), n, left)});
    }
  }
  return out;
}

}  // namespace sweepcheck
