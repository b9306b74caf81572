// A variant that PASSES the audit although it looks wrong on moving sets:
// PBD projecting onto the set of the step's START, S(t_k), instead of
// S(t_{k+1}) (seed 000, (4); seed 002's catching-up projects onto S(t_{k+1})),
//   Φ_h(t, x) = P_{S_m(t)} ∘ ... ∘ P_{S_1(t)}(x + h f(t, x)).
// Why it is within the theory: for a set moving with speed ≤ L,
// d_H(S(t), S(t + h)) ≤ L h, so x_{k+1} ∈ S(t_k) has d_{S(t_{k+1})}(x_{k+1}) ≤ L h:
// (13) holds with K = L (the audit measures a violation of about L h, slope 1).
// The iterates are those of PBD on the set delayed by h, S(t − h), whose
// solution differs from the true one by O(h) (the solution depends
// Lipschitz-continuously on the set's motion, Moreau's estimate): order 1 is
// kept. It is here to document where the audit's power ends, next to the
// relaxed projection of studies/audit/audit.md ("Known limits"), and as the
// example that the audit does not reject a correct-order variant for a lag.
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdLaggedSet final : public plugin::Stepper {
 public:
  std::string name() const override { return "pbd-lagged-set"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t, out)) ++work.projections;  // S(t_k), not S(t_k + h)
    }
    ++work.sweeps;
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdLaggedSet)
