// A subtly wrong scheme whose defect shows only at a contact event, and only
// where the event falls in its step (issue 55): PBD that takes a contact
// reached late in a step for a graze. When the free step of a point that was
// inside S_j ends outside it, and the landing (linear in g_j along the step)
// falls in the last 30 % of the step, near the next grid point, it lets the
// point fly on and never projects onto S_j again. Wherever the landing falls
// earlier it is PBD, exactly. On a plain geometric ladder the landing's place
// in its step wanders, so only some rungs see the defect: their errors are
// O(1), the others' O(h), and the local orders scatter (a ladder reads
// "inconclusive"). Measured over grid phases (K = 4 grids a rung, first steps
// i h / 4: one of them puts the landing in any window a quarter of a step
// wide), every rung sees it, and the convergence check FAILs. A window
// narrower than h / K can hide from the phases; this one is 0.3 h wide.
#include <vector>

#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class PbdDropsLateLanding final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-drops-late-landing"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    dropped_.resize(static_cast<std::size_t>(set.size()), 0);
    for (int j = 0; j < set.size(); ++j) {
      if (dropped_[static_cast<std::size_t>(j)]) continue;
      work.constraint_evaluations += 2;
      const double before = set.value(j, t, x), after = set.value(j, t + h, out);
      // The bug: a landing in the last 30 % of the step is taken for a graze, for good.
      if (before > 0 && after < 0 && before / (before - after) > 0.7) {
        dropped_[static_cast<std::size_t>(j)] = 1;
        continue;
      }
      if (set.project(j, t + h, out)) ++work.projections;
    }
    ++work.sweeps;
    return StepStatus::ok;
  }

 private:
  std::vector<char> dropped_;  // per run: the instance is fresh for every run
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(PbdDropsLateLanding)
