// A fresh scheme for every run (sweepcheck/scheme_instance.hpp), as the
// plugin contract says and the audit does: steppers that count their own
// calls show one instance per run, and a stateful plugin gets the verdict of
// its fresh runs, which sharing one instance between runs would change.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/plugin/plugin_api.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {
namespace fresh_instance_test {

// PBD that counts its calls, one counter per copy in a shared log. The object
// the test holds has no counter: stepping it throws.
struct CountsItsCalls {
  std::shared_ptr<std::deque<std::int64_t>> log = std::make_shared<std::deque<std::int64_t>>();
  std::int64_t* mine = nullptr;

  CountsItsCalls() = default;
  CountsItsCalls(const CountsItsCalls& o) : log(o.log) { mine = &log->emplace_back(0); }
  CountsItsCalls& operator=(const CountsItsCalls&) = delete;
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    if (!mine) throw std::logic_error("the scheme object given to check_convergence was stepped");
    ++*mine;
    return Pbd<double>{}.step(p, t, x, h, out, w);
  }
};

// A plugin that counts its calls into a log shared with its factory.
class CountingPlugin final : public plugin::Stepper {
 public:
  explicit CountingPlugin(std::int64_t* calls) : calls_(calls) {}
  std::string name() const override { return "counting"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    ++*calls_;
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j < p.constraints().size(); ++j) {
      ++work.constraint_evaluations;
      p.constraints().project(j, t + h, out);
    }
    return StepStatus::ok;
  }

 private:
  std::int64_t* calls_;
};

// Stateful, as a plugin with a cached factorisation is: PBD with the step of
// its first call kept for every later one. Right on a fresh instance per run.
class KeepsItsFirstStep final : public plugin::Stepper {
 public:
  std::string name() const override { return "keeps-its-first-step"; }
  double claimed_order() const override { return 1.0; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    if (std::isnan(h_)) h_ = h;
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h_ * out[i];
    for (int j = 0; j < p.constraints().size(); ++j) {
      ++work.constraint_evaluations;
      p.constraints().project(j, t + h_, out);
    }
    return StepStatus::ok;
  }

 private:
  double h_ = std::numeric_limits<double>::quiet_NaN();
};

// The negative control: copies that all step one shared instance.
class SharesOneInstance final : public plugin::Stepper {
 public:
  explicit SharesOneInstance(std::shared_ptr<plugin::Stepper> s) : s_(std::move(s)) {}
  std::string name() const override { return s_->name(); }
  double claimed_order() const override { return s_->claimed_order(); }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work& work) override {
    return s_->step(t, x, h, p, out, work);
  }

 private:
  std::shared_ptr<plugin::Stepper> s_;
};

ConvergenceOptions given_steps_only() {
  ConvergenceOptions o;
  o.refine.max_new_rungs = 0;
  return o;
}

TEST(TestingApiFreshInstances, ACopyableSchemeIsCopiedForEveryRunAndTheObjectGivenIsNeverStepped) {
  const CountsItsCalls scheme;
  const auto r = check_convergence(SlidingCase<double>{}, scheme, given_steps_only());
  // One copy that only names the scheme, then one per run with that run's
  // steps: a rung measured over grid phases is one run per phase, the plain
  // grid's n steps, each phased grid's n + 1 (grid_phases.hpp).
  std::deque<std::int64_t> runs{0};
  for (const auto& row : r.rows) {
    runs.push_back(row.steps);
    runs.insert(runs.end(), std::size_t(row.phases - 1), row.steps + 1);
  }
  EXPECT_EQ(*scheme.log, runs);
}

TEST(TestingApiFreshInstances, AFactoryMakesOnePluginPerRunAndRefinedRungsGetTheirOwnToo) {
  std::deque<std::int64_t> calls;
  const auto factory = [&calls] { return std::make_unique<CountingPlugin>(&calls.emplace_back(0)); };
  ConvergenceOptions o;
  o.steps = Steps::counts({10, 20, 40, 80});
  o.refine.max_new_rungs = 2;  // four given steps give three local orders, too few to judge: refinement follows
  const auto r = check_convergence(SlidingCase<double>{}, factory, o);
  ASSERT_GT(r.fit.refinement.rungs, 0) << r;
  ASSERT_EQ(r.rows.size(), 4u + std::size_t(r.fit.refinement.rungs)) << r;
  std::deque<std::int64_t> runs{0};  // one plugin per run, a rung over grid phases one per phase
  for (const auto& row : r.rows) {
    runs.push_back(row.steps);
    runs.insert(runs.end(), std::size_t(row.phases - 1), row.steps + 1);
  }
  EXPECT_EQ(calls, runs);
  EXPECT_EQ(r.scheme, "counting");
}

TEST(TestingApiFreshInstances, AStatefulPluginPassesOnFreshInstancesAsTheAuditRunsIt) {
  const auto r = check_convergence(SlidingCase<double>{}, [] { return KeepsItsFirstStep(); }, OrderClaim::at_least(1));
  EXPECT_EQ(r.verdict(), FitVerdict::pass) << r;
  // A copy of an object works the same way.
  const KeepsItsFirstStep object;
  const auto c = check_convergence(SlidingCase<double>{}, object, OrderClaim::at_least(1), given_steps_only());
  for (std::size_t i = 0; i < c.rows.size(); ++i) EXPECT_EQ(c.rows[i].error_uniform, r.rows[i].error_uniform);
}

// Negative control: one instance shared between runs keeps the first run's
// step, so every finer run takes steps of T/10 and its error does not shrink.
TEST(TestingApiFreshInstances, TheSameStatefulPluginSharedBetweenRunsDoesNotPass) {
  const auto shared = std::make_shared<KeepsItsFirstStep>();
  const auto r = check_convergence(SlidingCase<double>{}, SharesOneInstance(shared), OrderClaim::at_least(1),
                                   given_steps_only());
  EXPECT_NE(r.verdict(), FitVerdict::pass) << r;
  EXPECT_GT(r.rows.back().error_uniform, 0.5 * r.rows.front().error_uniform) << r;
}

}  // namespace fresh_instance_test
}  // namespace sweepcheck
