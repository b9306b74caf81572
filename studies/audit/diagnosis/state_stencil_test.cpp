// The state f is evaluated at (state_stencil.hpp), with known answers from
// traced runs of small steppers: f at x_0 whatever x_k (a defect); Euler at
// x_k, Heun's predictor, a point that never moves (negative controls: none);
// f at x_{k−1} (a note, not a defect).
#include "studies/audit/diagnosis/state_stencil.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "studies/runs/child_value.hpp"

namespace sweepcheck {
// Named (not anonymous): the unit test is one unity batch with the other diagnosis tests.
namespace state_stencil_test {

// x' = −x in R², S = {x_0 >= −100}: f depends on x, and no step touches the wall.
class Decay final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  int dim() const override { return 2; }
  void f(double, std::span<const double> x, std::span<double> out) const override {
    out[0] = -x[0], out[1] = -x[1];
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  int size() const override { return 1; }
  double value(int, double, std::span<const double> x) const override { return x[0] + 100; }
  void gradient(int, double, std::span<const double>, std::span<double> g) const override { g[0] = 1, g[1] = 0; }
  double distance(int, double, std::span<const double> x) const override { return std::max(0.0, -(x[0] + 100)); }
  bool project(int, double, std::span<double> x) const override {
    if (x[0] >= -100) return false;
    x[0] = -100;
    return true;
  }
};

enum class At { x_k, x_0, heun, previous, never_moves };

class Stepper final : public plugin::Stepper {
 public:
  explicit Stepper(At at) : at_(at) {}
  std::string name() const override { return "stencil-test"; }
  double claimed_order() const override { return 1; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work&) override {
    const std::vector<double> xk(x.begin(), x.end());
    if (start_.empty()) start_ = xk;
    std::vector<double> fx(2), at = xk;
    if (at_ == At::x_0) at = start_;
    if (at_ == At::previous && !previous_.empty()) at = previous_;
    p.f(t, at, fx);
    for (std::size_t i = 0; i < 2; ++i) out[i] = at_ == At::never_moves ? xk[i] : xk[i] + h * fx[i];
    if (at_ == At::heun) {
      std::vector<double> y(out.begin(), out.end()), fy(2);
      p.f(t + h, y, fy);
      for (std::size_t i = 0; i < 2; ++i) out[i] = xk[i] + 0.5 * h * (fx[i] + fy[i]);
    }
    previous_ = xk;
    return StepStatus::ok;
  }

 private:
  At at_;
  std::vector<double> start_, previous_;
};

std::vector<TraceRun> traced(At at) {
  AuditProblem p;
  p.name = "decay";
  p.view = std::make_shared<const Decay>();
  p.x0 = Vec<double>::Constant(2, 1.0);
  p.t_end = 1;
  std::vector<TraceRun> runs;
  for (int r = 0; r < 4; ++r)
    runs.push_back(trace_run(p, [at] { return std::make_shared<Stepper>(at); }, 16 << r, 16 << r));
  return runs;
}

std::vector<Finding> findings(At at) { return state_stencil_findings({state_stencil_of("decay", traced(at))}); }

TEST(StateStencil, AFieldTakenAtTheRunsStartWhateverTheStateIsADefectThatSaysWhereToLook) {
  const auto runs = traced(At::x_0);
  TraceRun back;
  read_child_value(child_value(runs.back()), back);
  EXPECT_EQ(back.f_state_lag, runs.back().f_state_lag);  // through the isolated child's codec
  ASSERT_EQ(runs.back().f_state_lag.size(), 128u);
  EXPECT_EQ(runs.back().f_state_lag[0], 0);
  EXPECT_EQ(runs.back().f_state_lag[100], 100);  // x_0, beyond the recent states
  const auto f = findings(At::x_0);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(f[0].defect);
  EXPECT_NE(f[0].text.find("f always queried at x = x_0, the run's start, whatever x_k (232 of 232 traced steps"),
            std::string::npos)
      << f[0].text;
  EXPECT_NE(f[0].text.find("Where to look: the x passed to f"), std::string::npos);
  EXPECT_NE(f[0].text.find("Check:"), std::string::npos);
}

TEST(StateStencil, EulerHeunAndAPointThatNeverMovesSayNothing) {
  for (At at : {At::x_k, At::heun, At::never_moves}) EXPECT_TRUE(findings(at).empty()) << int(at);
  // Heun's predictor is an intermediate state; its x_k call is what is read.
  const auto heun = traced(At::heun);
  for (auto lag : heun.back().f_state_lag) EXPECT_EQ(lag, 0);
}

TEST(StateStencil, AOneStepLagOfTheStateIsANoteNotADefect) {
  const auto f = findings(At::previous);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_FALSE(f[0].defect);
  EXPECT_NE(f[0].text.find("f queried at x_(k-1) (1 step behind), on every problem (1)"), std::string::npos)
      << f[0].text;
}

}  // namespace state_stencil_test
}  // namespace sweepcheck
