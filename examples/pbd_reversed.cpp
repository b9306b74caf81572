// A correct alternative to PBD that must pass the audit: the projections of
// seed 000's scheme (4) composed in the reverse order,
//   Φ_h(x) = P_{S_1} ∘ ... ∘ P_{S_m}(x + h f(t, x)).
// Why it is within the theory: the proofs of bounded violation (Lemma 3.2 /
// Theorem 3.5, each P_{S_j} moves the point by at most the current violation)
// and of consistency (Theorem 3.7) treat the constraints in an arbitrary but
// fixed order; nothing uses that the order is 1..m. Theorem 3.8 then gives
// uniform convergence with order 1 for every fixed order.
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdReversed final : public plugin::Stepper {
 public:
  std::string name() const override { return "pbd-reversed"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    for (int j = set.size() - 1; j >= 0; --j) {
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections;
    }
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdReversed)
