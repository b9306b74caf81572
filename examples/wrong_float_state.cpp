// A wrong scheme that must FAIL the audit: PBD (seed 000, scheme (4)) that
// keeps its state in single precision. The step is PBD's, computed in double,
// and the state it hands back is rounded to float, as a scheme storing x in
// a std::vector<float> (or a GPU buffer of floats) does. One cause, a
// precision loss: each step's rounding moves x by up to u |x| (u = 2^-24, half
// of float's epsilon 1.19e-7, per coordinate, so at most u ‖x‖ in the
// Euclidean norm), and the projections cannot undo it: the state they return
// is rounded again.
// What the audit must see (examples/CMakeLists.txt, issue 47): the violation
// settles at a level of the order of float's epsilon times the state's size
// instead of vanishing like O(h), and the diagnosis names it
// "single-precision round-off in the state or in the step" with its factor,
// not a slack (studies/audit/diagnosis/precision_floor.hpp).
#include "sweepcheck/solvers/plugin/plugin_api.hpp"

namespace {

using namespace sweepcheck;

class FloatState final : public plugin::Stepper {
 public:
  std::string name() const override { return "wrong-float-state"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    const auto& set = p.constraints();
    for (int j = 0; j < set.size(); ++j) {
      ++work.constraint_evaluations;
      if (set.project(j, t + h, out)) ++work.projections;
    }
    ++work.sweeps;
    for (auto& xi : out) xi = double(static_cast<float>(xi));  // the state kept as float: the defect
    return StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(FloatState)
