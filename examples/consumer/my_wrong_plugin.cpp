// The wrong scheme as a plugin (the projection forgotten, order 1 claimed),
// so this project's ctest also shows sweepcheck_add_audit failing on a wrong
// scheme: the test is registered WILL_FAIL, and the install check reads its
// audit.json to see that the failure is the verdict (a failed check), not a
// crash or bad input.
#include <span>

#include <sweepcheck/solvers/plugin/plugin_api.hpp>

namespace {

class ForgotTheProjection final : public sweepcheck::plugin::Stepper {
 public:
  std::string name() const override { return "forgot-the-projection"; }
  double claimed_order() const override { return 1.0; }
  sweepcheck::StepStatus step(double t, std::span<const double> x, double h, const sweepcheck::plugin::ProblemView& p,
                              std::span<double> out, sweepcheck::Work&) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    return sweepcheck::StepStatus::ok;
  }
};

}  // namespace

SWEEPCHECK_EXPORT_SCHEME(ForgotTheProjection)
