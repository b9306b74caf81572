#pragma once
// The catching-up algorithm for a moving polyhedron C(t) (seed 002, Section 3;
// notes/inexact-catching-up.md):
//
//   x_{k+1} ∈ proj^{ε,η}_{C(t_{k+1})}( x_k + ∫_{t_k}^{t_{k+1}} f(s, x_k) ds ),
//
// with the exact projection (ExactPolyhedronProjector, ε = η = 0) or the
// (ε, η)-approximate one of solvers/projection/approximate_projection.hpp
// (DualGradientProjector, ε = ε_coef μ^ε_power, η = η_coef μ^η_power).
//
// The integral: if the problem has f_integral(t, h, x) it returns
// ∫_t^{t+h} f(s, x) ds exactly (the LCS problems of analytic/ integrate their
// input u in closed form, f being affine in u); otherwise the left rectangle
// h f(t, x) is used. Documented in solvers/schemes/catching_up.md, Section 4.
//
// A problem for these schemes supplies polyhedron(t) -> Polyhedron<T>.
#include <cmath>
#include <stdexcept>
#include <string>

#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/projection/approximate_projection.hpp"
#include "sweepcheck/solvers/projection/polyhedron_projection.hpp"
#include "sweepcheck/solvers/schemes/scheme_traits.hpp"

namespace sweepcheck {

template <class T>
struct ExactPolyhedronProjector {
  static std::string name() { return "catching-up"; }
  static std::string description() {
    return "catching-up for polyhedral moving sets (LCS), exact projection by a small dense QP with KKT "
           "certificate (seed 002, Sec. 3 with eps = eta = 0)";
  }
  StepStatus operator()(const Polyhedron<T>& s, const T& /*h*/, const Vec<T>& w, Vec<T>& out, Work& work) const {
    const auto p = project_exact(s, w, &work);
    ++work.constraint_evaluations;
    if (!p.kkt.found) {
      out = w;
      return StepStatus::inner_cap_hit;
    }
    if (p.kkt.active > 0) ++work.projections;
    out = p.z;
    return StepStatus::ok;
  }
};

struct InexactSchedule {
  double eps_coef = 1.0;   // ε = eps_coef · μ^eps_power
  double eps_power = 3.0;  // theory (seed 002, Thm 4.1) needs ε/μ² → 0, i.e. eps_power > 2
  double eta_coef = 1.0;   // η = eta_coef · μ^eta_power
  double eta_power = 2.0;  // theory needs η/μ → 0, i.e. eta_power > 1
  long max_iterations = 1000000;  // cap on dual-gradient iterations per step

  void validate() const {
    using std::isfinite;
    if (!(eps_coef > 0) || !isfinite(eps_coef)) throw std::invalid_argument("InexactSchedule: eps_coef must be > 0");
    if (!(eta_coef > 0) || !isfinite(eta_coef)) throw std::invalid_argument("InexactSchedule: eta_coef must be > 0");
    if (!(eps_power > 0) || !isfinite(eps_power)) throw std::invalid_argument("InexactSchedule: eps_power must be > 0");
    if (!(eta_power > 0) || !isfinite(eta_power)) throw std::invalid_argument("InexactSchedule: eta_power must be > 0");
    if (max_iterations < 1) throw std::invalid_argument("InexactSchedule: max_iterations must be >= 1");
  }
  template <class T>
  T eps(const T& h) const {
    using std::pow;
    return T(eps_coef) * pow(h, T(eps_power));
  }
  template <class T>
  T eta(const T& h) const {
    using std::pow;
    return T(eta_coef) * pow(h, T(eta_power));
  }
};

template <class T>
struct DualGradientProjector {
  InexactSchedule schedule{};

  static std::string name() { return "inexact-catching-up"; }
  static std::string description() {
    return "catching-up with (eps, eta)-approximate projections by projected gradient on the dual (seed 002, "
           "(23)), certified by duality gap and a Slater-point distance bound";
  }
  static std::vector<SchemeParameter> parameters() {
    return {{"eps_coef", 1.0, "eps = eps_coef * h^eps_power"},
            {"eps_power", 3.0, "eps = eps_coef * h^eps_power (theory: > 2)"},
            {"eta_coef", 1.0, "eta = eta_coef * h^eta_power"},
            {"eta_power", 2.0, "eta = eta_coef * h^eta_power (theory: > 1)"},
            {"max_iterations", 1000000, "cap on dual-gradient iterations per step; reaching it is reported"}};
  }
  template <class Get>
  static DualGradientProjector from_parameters(const Get& get) {
    InexactSchedule o;
    o.eps_coef = get("eps_coef");
    o.eps_power = get("eps_power");
    o.eta_coef = get("eta_coef");
    o.eta_power = get("eta_power");
    o.max_iterations = static_cast<long>(get("max_iterations"));
    o.validate();
    return DualGradientProjector{o};
  }
  StepStatus operator()(const Polyhedron<T>& s, const T& h, const Vec<T>& w, Vec<T>& out, Work& work) const {
    DualGradientOptions o;
    o.max_iterations = schedule.max_iterations;
    const auto p = project_dual_gradient(s, w, schedule.eps(h), schedule.eta(h), o);
    work.inner_iterations += p.iterations;
    work.constraint_evaluations += p.iterations + 1;
    if (p.iterations > 0) ++work.projections;
    out = p.z;
    return p.certified ? StepStatus::ok : StepStatus::inner_cap_hit;
  }
};

template <class T, class Projector>
struct CatchingUp {
  Projector projector{};

  static std::string name() { return Projector::name(); }
  static double claimed_order() { return 1.0; }
  static constexpr bool claim_is_sharp = false;
  static std::string description() { return Projector::description(); }
  static std::vector<SchemeParameter> parameters() {
    if constexpr (requires { Projector::parameters(); })
      return Projector::parameters();
    else
      return {};
  }
  template <class Get, class F>
  static decltype(auto) with_parameters(const Get& get, F&& f) {
    if constexpr (requires { Projector::from_parameters(get); })
      return std::forward<F>(f)(CatchingUp{Projector::from_parameters(get)});
    else
      return std::forward<F>(f)(CatchingUp{});
  }
  using scheme_category = polyhedral_scheme_tag;

  template <PolyhedralProblem P>
  StepStatus step(const P& p, const T& t, const Vec<T>& x, const T& h, Vec<T>& out, Work& work) const {
    Vec<T> w;
    if constexpr (requires { p.f_integral(t, h, x); })
      w = x + p.f_integral(t, h, x);
    else
      w = x + h * p.f(t, x);
    return projector(p.polyhedron(t + h), h, w, out, work);
  }
};

template <class T>
using ExactCatchingUp = CatchingUp<T, ExactPolyhedronProjector<T>>;
template <class T>
using InexactCatchingUp = CatchingUp<T, DualGradientProjector<T>>;

}  // namespace sweepcheck
