// The laws the diagnosis fits (issue 57, law_fit.hpp) and the findings read
// from them, against known answers, with their negative controls: a law the
// data do not carry is not claimed, and a consistent scheme's law is not named.
#include "studies/audit/diagnosis/law_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "studies/audit/diagnosis/diagnosis.hpp"
#include "studies/audit/diagnosis/finding_match_test_support.hpp"
#include "studies/audit/diagnosis/untested_features.hpp"
#include "sweepcheck/studies/engine/work_floor.hpp"
#include "studies/audit/problems/audit_problems.hpp"

namespace sweepcheck {
namespace {

const std::vector<double> kLawH{0.1, 0.05, 0.025, 0.0125};

TEST(LawFit, APowerLawIsFittedWithItsExponentAndANarrowInterval) {
  std::vector<double> y;
  for (double h : kLawH) y.push_back(0.3 * std::pow(h, 0.5));
  const PowerLaw L = fit_power_law(kLawH, y);
  ASSERT_TRUE(L.supported);
  EXPECT_NEAR(L.q, 0.5, 1e-12);
  EXPECT_NEAR(L.c, 0.3, 1e-12);
  EXPECT_LT(L.half_width, 1e-9);
  // Negative values of one sign: the law of |y|, c negative.
  for (double& v : y) v = -v;
  const PowerLaw N = fit_power_law(kLawH, y);
  ASSERT_TRUE(N.supported);
  EXPECT_NEAR(N.c, -0.3, 1e-12);
}

TEST(LawFit, ScatteredValuesOrMixedSignsOrTwoPointsCarryNoLaw) {
  // Scatter of a factor 1.5 around a constant: the interval of q is wider than +-0.25.
  EXPECT_FALSE(fit_power_law(kLawH, {1.0, 1.5, 1.0, 1.5}).supported);
  EXPECT_FALSE(fit_power_law(kLawH, {0.1, -0.1, 0.1, 0.1}).supported);
  EXPECT_FALSE(fit_power_law({0.1, 0.05}, {0.1, 0.05}).supported);
  EXPECT_FALSE(fit_power_law(kLawH, {0.1, 0.0, 0.1, 0.1}).supported);
}

TEST(LawFit, AClockOfAnotherRateIsFittedToRoundOffAndAJitteredOneIsNot) {
  std::vector<double> tk, h, tq, jittered;
  for (double step : {0.1, 0.05})
    for (int k = 0; k < 5; ++k) {
      tk.push_back(k * step), h.push_back(step), tq.push_back(1.05 * (k * step + step) + 0.01);
      jittered.push_back(tq.back() + 1e-4 * ((k % 2) ? 1 : -1));
    }
  const ClockLaw c = fit_clock(tk, h, tq);
  ASSERT_TRUE(c.supported);
  EXPECT_NEAR(c.a, 1.05, 1e-9);
  EXPECT_NEAR(c.beta, 1.05, 1e-9);
  EXPECT_NEAR(c.b, 0.01, 1e-9);
  EXPECT_FALSE(fit_clock(tk, h, jittered).supported);
  // One h only: a and beta are not identified.
  EXPECT_FALSE(fit_clock({0, 0.1, 0.2}, {0.1, 0.1, 0.1}, {0.1, 0.2, 0.3}).supported);
}

std::vector<TraceRun> law_gains(const std::vector<double>& g) {
  std::vector<TraceRun> runs;
  for (std::size_t i = 0; i < g.size(); ++i) {
    TraceRun r;
    r.h = kLawH[i];
    r.steps = 10;
    r.free_gain.assign(5, g[i]);
    runs.push_back(r);
  }
  return runs;
}

TEST(LawFit, AFreeStepGainTendingToOneLikeARootOfHIsNamedWithItsExponent) {
  std::vector<double> g;
  for (double h : kLawH) g.push_back(1 + 0.3 * std::sqrt(h));
  const auto found = free_step_findings("p", law_gains(g), 1.0);
  EXPECT_TRUE(test_support::any_contains(found, "g - 1 ∝ h^0.50", true));
  EXPECT_TRUE(test_support::any_contains(found, "order at most 0.50", true));
  // The same law under a claim of 1/2 is within it: a note.
  EXPECT_TRUE(test_support::any_contains(free_step_findings("p", law_gains(g), 0.5), "within the claim", false));
  // Negative controls: O(h) (any consistent step), and exactly 1.
  std::vector<double> linear, one;
  for (double h : kLawH) linear.push_back(1 + 2 * h), one.push_back(1.0);
  EXPECT_TRUE(free_step_findings("p", law_gains(linear), 1.0).empty());
  EXPECT_TRUE(free_step_findings("p", law_gains(one), 1.0).empty());
}

TEST(LawFit, AFixedGainIsAFactorAndScatteredGainsAreReportedAsASingleValueSayingSo) {
  EXPECT_TRUE(test_support::any_contains(free_step_findings("p", law_gains({0.5, 0.5, 0.5, 0.5}), 1.0), "g stays near 0.5", true));
  const auto scattered = free_step_findings("p", law_gains({1.5, 1.3, 1.6, 1.45}), 1.0);
  EXPECT_TRUE(test_support::any_contains(scattered, "no law in h fitted", true));
  EXPECT_TRUE(test_support::any_contains(scattered, "g = 1.45 at the finest traced h", true));
}

TEST(LawFit, AConsistencyDefectShrinkingLikeARootOfHIsNamedBelowTheClaimOnly) {
  std::vector<ProbeLevel> root, linear;
  for (double h : {0.1, 0.03, 0.01, 0.003, 0.001}) {
    root.push_back({h, 0.05 * std::sqrt(h), 1e-13 / h});
    linear.push_back({h, 2 * h, 1e-13 / h});
  }
  EXPECT_TRUE(test_support::any_contains(defect_law_findings("p", root, 1.0), "0.05 h^0.50", true));
  EXPECT_TRUE(test_support::any_contains(defect_law_findings("p", root, 1.0), "order at most 0.50, below the claim 1", true));
  EXPECT_TRUE(defect_law_findings("p", root, 0.5).empty());  // within a claim of 1/2
  EXPECT_TRUE(defect_law_findings("p", root, std::nan("")).empty());  // no claim
  EXPECT_TRUE(defect_law_findings("p", linear, 1.0).empty());  // PBD's O(h)
  // A defect that barely shrinks (h^0.03) fails the consistency check itself: no order named.
  std::vector<ProbeLevel> flat;
  for (double h : {1e-5, 5e-6, 2.5e-6, 1.25e-6}) flat.push_back({h, 0.007 * std::pow(h, 0.03), 1e-13});
  EXPECT_TRUE(defect_law_findings("p", flat, 1.0).empty());
  // At the round-off floor: no law read.
  std::vector<ProbeLevel> floor;
  for (double h : {0.1, 0.03, 0.01, 0.003}) floor.push_back({h, 1e-12 * std::sqrt(h), 1e-13});
  EXPECT_TRUE(defect_law_findings("p", floor, 1.0).empty());
}

// The set queried on a clock of rate 1.05, through traced runs of a small PBD.
class ClockScheme final : public plugin::Stepper {
 public:
  explicit ClockScheme(double rate) : rate_(rate) {}
  std::string name() const override { return "clock"; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work&) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j < p.constraints().size(); ++j) p.constraints().project(j, rate_ * (t + h), out);
    return StepStatus::ok;
  }

 private:
  double rate_;
};

std::vector<TraceRun> clock_traces(double rate) {
  const AuditProblem p = moving_audit_problems()[0];
  SchemeFactory scheme = [rate] { return std::make_shared<ClockScheme>(rate); };
  std::vector<TraceRun> runs;
  for (int r = 0; r < 4; ++r) runs.push_back(trace_run(p, scheme, 16 << r, 16 << r));
  return runs;
}

TEST(LawFit, ASetQueriedOnAClockOfAnotherRateIsNamedWithTheRate) {
  const StencilLaw s = fit_stencil("S", "wall", clock_traces(1.05));
  ASSERT_EQ(s.kind, "clock") << s.law;
  ASSERT_EQ(s.clocks.size(), 1u);
  EXPECT_NEAR(s.clocks[0].a, 1.05, 1e-9);
  EXPECT_TRUE(test_support::any_contains(stencil_findings({s}), "a clock running at rate a = 1.05", true));
  // Negative control: rate 1 is PBD's fixed stencil.
  const StencilLaw pbd = fit_stencil("S", "wall", clock_traces(1.0));
  EXPECT_EQ(pbd.kind, "fixed");
  for (const auto& f : stencil_findings({pbd})) EXPECT_FALSE(f.defect) << f.text;
}

TEST(WorkFloor, AnErrorStallingWhileTheInnerSolverTakesTheSameIterationsPerStepNamesItsTolerance) {
  // Issue 57, item 5: an inner solver (a velocity projection by Uzawa) stopped at 1e-3: the error stalls at
  // 1e-3 and the solver takes about 40 iterations per step at every h.
  std::vector<RunRow> rows;
  for (double h : {0.01, 0.005, 0.0025, 0.00125, 0.000625}) {
    RunRow r;
    r.h = h, r.steps = std::int64_t(1 / h), r.error_uniform = 1e-3 * (1 + 0.01 * h), r.scale = 1,
    r.noise_floor = 1e-14;
    r.work.inner_iterations = 40 * r.steps;
    rows.push_back(r);
  }
  const auto found = row_findings("p", rows, true, false, nullptr);
  EXPECT_TRUE(test_support::any_contains(found, "takes 40-40 iterations per step at every h", true));
  EXPECT_TRUE(test_support::any_contains(found, "a floor of about that tolerance, 0.001 here", true));
  // Negative control: no inner iterations reported.
  for (auto& r : rows) r.work.inner_iterations = 0;
  EXPECT_TRUE(test_support::any_contains(row_findings("p", rows, true, false, nullptr), "reports no inner iterations", true));
  std::vector<const RunRow*> none;
  EXPECT_EQ(work_floor_words(none, 1e-3), "");
}

TEST(UntestedFeatures, TheBatterysFirstThreeProblemsCannotTestAMovingSetOrATimeDependentField) {
  // sweepcheck.audit(scheme, max_problems=3): the three sliding cases (issue 57).
  std::map<std::string, std::vector<std::string>> tags;
  for (const auto& p : audit_problems(3)) tags[p.name + p.parameters] = p.tags;
  EXPECT_EQ(untested_features(tags), (std::vector<std::string>{"moving set", "time-dependent field"}));
  // Negative control: with the moving problems every feature is there.
  for (const auto& p : moving_audit_problems()) tags[p.name + p.parameters] = p.tags;
  EXPECT_TRUE(untested_features(tags).empty());
  // A problem without tags (a problem plugin) is not known to carry any.
  EXPECT_EQ(untested_features({{"plugin", {}}}).size(), std::size(kTheoryFeatures));
}

}  // namespace
}  // namespace sweepcheck
