// A subtly wrong scheme whose defect shows only at a lift-off (issue 55):
// PBD with "sticky" contacts. A constraint active at x_k (|g_j| within
// round-off of 0) is kept active: after the free step and the projections,
// a point that would leave the boundary of S_j is pulled back onto it along
// ∇g_j (one Newton step, g_j(t + h, y) = 0 to first order), as if the
// contact were an equality. Where the exact solution stays in contact it is
// PBD, exactly; where it lifts off (the multiplier falls to 0: seed 000's
// Remark 2.2, a sweeping process never holds a point on the boundary that
// the field pulls inside), the scheme drags the point along the boundary, an
// O(1) error that does not vanish with h: the convergence check FAILs on
// every problem with a lift-off.
#include <cmath>
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdStickyContact final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-sticky-contact"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    const auto& set = p.constraints();
    double scale = 1;
    for (double v : x) scale += std::abs(v);
    active_.clear();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (std::abs(set.value(j, t, x)) <= 1e-9 * scale) active_.push_back(j);
    }
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections;
    }
    // The bug: a contact, once made, is held (an equality, not an inequality).
    grad_.resize(x.size());
    for (int j : active_) {
      ++work.constraint_evaluations;
      const double g = set.value(j, t + h, out);
      if (!(g > 0)) continue;
      set.gradient(j, t + h, out, grad_);
      double n2 = 0;
      for (double v : grad_) n2 += v * v;
      if (!(n2 > 0)) continue;
      for (std::size_t i = 0; i < out.size(); ++i) out[i] -= g / n2 * grad_[i];
    }
    ++work.sweeps;
    return StepStatus::ok;
  }

 private:
  std::vector<int> active_;
  std::vector<double> grad_;
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdStickyContact)
