// A subtly wrong scheme that must FAIL the audit: PBD that halves the motion
// of a point in contact along the constraints it was projected onto (a
// "friction" written into a frictionless model):
//   q = P_{S_m(t+h)} ∘ ... ∘ P_{S_1(t+h)}(x + h f(t, x)),
//   Φ_h(t, x) = q − 0.5 (q − x)_T,  T ⟂ the normals of the constraints that moved the point, at q.
// Free steps are PBD's; in contact the point slides at half the speed the
// sweeping process gives it (x' − f lies in the normals' cone, so the motion
// along the boundary is f's): the runs converge to another solution
// (check "convergence"). Before issue 57 the diagnosis said only that; the
// contact frame now names "the motion along the active constraint is scaled
// by 0.5" (studies/audit/audit.md, "Diagnosis").
#include <cmath>
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdDampedTangent final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-damped-tangent"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    const std::size_t d = x.size();
    p.f(t, x, out);
    for (std::size_t i = 0; i < d; ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    std::vector<int> moved;
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections, moved.push_back(j);
    }
    ++work.sweeps;
    if (moved.empty()) return StepStatus::ok;
    // The step's displacement without its part along the moved constraints' normals (Gram-Schmidt).
    std::vector<double> tangent(d), g(d);
    for (std::size_t i = 0; i < d; ++i) tangent[i] = out[i] - x[i];
    std::vector<std::vector<double>> basis;
    for (int j : moved) {
      set.gradient(j, t + h, out, g);
      for (const auto& b : basis) {
        double dot = 0;
        for (std::size_t i = 0; i < d; ++i) dot += g[i] * b[i];
        for (std::size_t i = 0; i < d; ++i) g[i] -= dot * b[i];
      }
      double n = 0;
      for (double v : g) n += v * v;
      n = std::sqrt(n);
      if (n < 1e-12) continue;
      for (double& v : g) v /= n;
      basis.push_back(g);
    }
    for (const auto& b : basis) {
      double dot = 0;
      for (std::size_t i = 0; i < d; ++i) dot += tangent[i] * b[i];
      for (std::size_t i = 0; i < d; ++i) tangent[i] -= dot * b[i];
    }
    for (std::size_t i = 0; i < d; ++i) out[i] -= 0.5 * tangent[i];  // the bug: no such damping
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdDampedTangent)
