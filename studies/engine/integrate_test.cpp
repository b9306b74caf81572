// integrate (studies/engine/integrate.hpp): step times, divergence and inner
// trouble recorded as statuses, the same trajectory in double and multiprecision.
#include <gtest/gtest.h>

#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"

namespace sweepcheck {
namespace {

TEST(Integrate, TimesAreComputedFromTheStepIndexAndEndExactlyAtTEnd) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPiOver16, .t_end = 1.0});
  std::vector<double> ts;
  integrate(p, Pbd<double>{}, 10, [&](std::int64_t, double t, const Vec<double>&) { ts.push_back(t); });
  ASSERT_EQ(ts.size(), 11u);
  for (int k = 0; k <= 10; ++k) EXPECT_EQ(ts[static_cast<std::size_t>(k)], k == 10 ? 1.0 : 0.1 * k);
}

TEST(Integrate, RejectsANonPositiveStepCount) {
  SlidingCase<double> p;
  auto none = [](std::int64_t, double, const Vec<double>&) {};
  EXPECT_THROW(integrate(p, Pbd<double>{}, 0, none), std::invalid_argument);
}

// A scheme that blows up, to check the divergence handling.
struct Exploding {
  static std::string name() { return "exploding"; }
  template <class P>
  StepStatus step(const P&, double, const Vec<double>& x, double, Vec<double>& out, Work&) const {
    out = 1e3 * x + Vec<double>::Ones(x.size());
    return StepStatus::ok;
  }
};

struct ProducesNaN {
  template <class P>
  StepStatus step(const P&, double t, const Vec<double>& x, double, Vec<double>& out, Work&) const {
    out = x;
    if (t > 0.5) out[0] = std::nan("");
    return StepStatus::ok;
  }
};

TEST(Integrate, ABlowUpIsRecordedAsDivergedWithItsStep) {
  SlidingCase<double> p;
  std::int64_t last = -1;
  const auto r = integrate(p, Exploding{}, 100, [&](std::int64_t k, double, const Vec<double>&) { last = k; });
  EXPECT_EQ(r.status, RunStatus::diverged);
  EXPECT_GT(r.fail_step, 0);
  EXPECT_EQ(last, r.fail_step - 1);  // the bad state is never handed to observers
}

// Projected Heun: two f calls a step, which the driver counts (the scheme never does).
struct TwoStageHeun {
  template <Problem P>
  StepStatus step(const P& p, double t, const Vec<double>& x, double h, Vec<double>& out, Work& w) const {
    Vec<double> y = x + h * p.f(t, x);
    p.constraints().sweep(t + h, y, w);
    out = x + 0.5 * h * (p.f(t, x) + p.f(t + h, y));
    p.constraints().sweep(t + h, out, w);
    return StepStatus::ok;
  }
};

// A scheme written for one problem type only: stepped through the problem
// itself, so its f calls cannot be counted (0), and it still runs.
struct OnlyForTheSlidingCase {
  StepStatus step(const SlidingCase<double>& p, double t, const Vec<double>& x, double h, Vec<double>& out,
                  Work& w) const {
    out = x + h * p.f(t, x);
    p.constraints().sweep(t + h, out, w);
    return StepStatus::ok;
  }
};

TEST(Integrate, TheDriverCountsEveryFieldEvaluationOfATemplateScheme) {
  SlidingCase<double> p;
  auto none = [](std::int64_t, double, const Vec<double>&) {};
  EXPECT_EQ(integrate(p, Pbd<double>{}, 40, none).work.field_evaluations, 40);
  EXPECT_EQ(integrate(p, TwoStageHeun{}, 40, none).work.field_evaluations, 3 * 40);  // f(t, x) is called twice
  EXPECT_EQ(integrate(p, OnlyForTheSlidingCase{}, 40, none).work.field_evaluations, 0);
}

TEST(Integrate, ANaNIsRecordedAsDiverged) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPiOver16, .t_end = 1.0});
  const auto r = integrate(p, ProducesNaN{}, 10, [](std::int64_t, double, const Vec<double>&) {});
  EXPECT_EQ(r.status, RunStatus::diverged);
  EXPECT_EQ(r.fail_step, 7);  // first step taken from t > 0.5 is k = 6
}

// A scheme whose inner solver hits its cap at step 3 and finds its inner
// problem infeasible at steps 5 and 6 (as MPRGP with an empty Q̃ does).
struct InnerTrouble {
  template <class P>
  StepStatus step(const P&, double t, const Vec<double>& x, double h, Vec<double>& out, Work&) const {
    out = x;
    const auto k = std::llround(t / h);
    if (k == 2) return StepStatus::inner_cap_hit;
    if (k == 4 || k == 5) return StepStatus::infeasible;
    return StepStatus::ok;
  }
};

TEST(Integrate, InnerTroubleIsARecordedStatusWithItsFirstStepNeverAnException) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPiOver16, .t_end = 1.0});
  std::int64_t last = -1;
  RunSummary r;
  ASSERT_NO_THROW(r = integrate(p, InnerTrouble{}, 10, [&](std::int64_t k, double, const Vec<double>&) { last = k; }));
  EXPECT_EQ(r.status, RunStatus::infeasible);  // outranks the cap
  EXPECT_EQ(r.fail_step, 3);                   // the first step in trouble
  EXPECT_EQ(r.inner_cap_hits, 1);
  EXPECT_EQ(last, 10);  // the run is finished, so its error and violation are still measured
  EXPECT_EQ(to_string(r.status), "infeasible");
}

TEST(Integrate, PbdGivesTheSameTrajectoryInDoubleAndMultiprecision) {
  const SlidingCaseOptions o{.d = 3, .C = 10, .alpha = kPiOver16, .t_end = 0};
  SlidingCase<double> pd(o);
  SlidingCase<Float50> pm(o);
  const std::int64_t n = 1000;
  std::vector<Vec<double>> xd;
  integrate(pd, Pbd<double>{}, n, [&](std::int64_t, double, const Vec<double>& x) { xd.push_back(x); });
  double worst = 0, scale = 0;
  integrate(pm, Pbd<Float50>{}, n, [&](std::int64_t k, const Float50&, const Vec<Float50>& x) {
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      worst = std::max(worst, std::abs(static_cast<double>(x[i]) - xd[static_cast<std::size_t>(k)][i]));
      scale = std::max(scale, std::abs(xd[static_cast<std::size_t>(k)][i]));
    }
  });
  // Round-off bound: a few ulps per step, summed over n steps (PBD is a
  // projection after an Euler step; neither amplifies perturbations by more
  // than 1 + O(h) here).
  EXPECT_LT(worst, 16.0 * double(n) * std::numeric_limits<double>::epsilon() * scale);
  EXPECT_GT(worst, 0.0);  // the two really are different computations
}

}  // namespace
}  // namespace sweepcheck
