// The reference-free estimator on synthetic solution sequences
// x_h = x + C h^p (1 + δ_h) with known p: exact power laws (constant and
// non-constant ratios), small perturbations, and negative controls whose
// differences do not follow one power law.
#include "sweepcheck/studies/engine/richardson.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <stdexcept>

namespace sweepcheck {
namespace {

// Differences of successive solutions x_h = e(h) (the limit drops out).
std::vector<double> differences(const std::vector<double>& h, const std::function<double(double)>& e) {
  std::vector<double> d;
  for (std::size_t i = 0; i + 1 < h.size(); ++i) d.push_back(std::abs(e(h[i]) - e(h[i + 1])));
  return d;
}

const std::vector<double> halving{0.0125, 0.025, 0.05, 0.1, 0.2};

TEST(Richardson, RecoversTheOrderOfAnExactPowerLawWithHalvedSteps) {
  for (double p : {0.5, 1.0, 2.0, 4.0}) {
    const auto r = richardson_estimate(halving, differences(halving, [p](double h) { return 3 * std::pow(h, p); }), p);
    EXPECT_NEAR(r.order, p, 1e-9) << p;
    EXPECT_NEAR(r.indicator, 1.0, 1e-9) << p;
    EXPECT_TRUE(r.asymptotic) << p;
    EXPECT_EQ(r.verdict, Verdict::pass) << r.reason;
    // GCI = Fs · (true error of the finest solution) for an exact power law.
    EXPECT_NEAR(r.gci, 1.25 * 3 * std::pow(halving[0], p), 1e-9 * r.gci) << p;
  }
}

TEST(Richardson, RecoversTheOrderWithNonConstantRefinementRatios) {
  const std::vector<double> h{0.011, 0.02, 0.027, 0.05, 0.13};
  const auto r = richardson_estimate(h, differences(h, [](double x) { return -2 * std::pow(x, 1.5); }), 1.5);
  ASSERT_EQ(r.triples.size(), 3u);
  for (const auto& t : r.triples) EXPECT_NEAR(t.order, 1.5, 1e-9);
  EXPECT_NEAR(r.indicator, 1.0, 1e-9);
  EXPECT_EQ(r.verdict, Verdict::pass) << r.reason;
}

TEST(Richardson, AClaimAboveTheObservedOrderFailsAndOneBelowItPassesUnlessItIsSharp) {
  const auto d = differences(halving, [](double h) { return std::pow(h, 1.0); });
  EXPECT_EQ(richardson_estimate(halving, d, 2.0).verdict, Verdict::fail);
  EXPECT_EQ(richardson_estimate(halving, d, 0.5).verdict, Verdict::pass);
  EXPECT_EQ(richardson_estimate(halving, d, 0.5, /*sharp*/ true).verdict, Verdict::fail);
  EXPECT_EQ(richardson_estimate(halving, d).verdict, Verdict::none_claimed);
}

TEST(Richardson, SmallPerturbationsOfThePowerLawKeepTheOrderAndTheAsymptoticRange) {
  // δ_h of size 1e-3 with alternating sign: the local orders move by
  // about 2δ/ln 2 ≈ 0.003, far inside the 0.1 tolerance.
  std::vector<double> delta;
  for (std::size_t i = 0; i < halving.size(); ++i) delta.push_back((i % 2 ? -1 : 1) * 1e-3 * (1 + 0.3 * double(i)));
  auto e = [&](double h) {
    for (std::size_t i = 0; i < halving.size(); ++i)
      if (halving[i] == h) return 0.7 * h * (1 + delta[i]);
    return 0.0;
  };
  const auto r = richardson_estimate(halving, differences(halving, e), 1.0);
  EXPECT_NEAR(r.order, 1.0, 0.02);
  EXPECT_TRUE(r.asymptotic) << r.reason;
  EXPECT_EQ(r.verdict, Verdict::pass) << r.reason;
}

TEST(Richardson, NegativeControlANonConvergentSequenceIsFlaggedNotAsymptotic) {
  // Successive differences that do not shrink: an O(1) oscillation.
  const std::vector<double> d{0.3, 0.5, 0.2, 0.4};
  const auto r = richardson_estimate(halving, d, 1.0);
  EXPECT_FALSE(r.asymptotic);
  EXPECT_EQ(r.verdict, Verdict::inconclusive);
  EXPECT_NE(r.reason.find("not in the asymptotic range"), std::string::npos) << r.reason;
}

TEST(Richardson, NegativeControlTwoCompetingPowersAreFlaggedPreAsymptotic) {
  // e = h + 30 h^3: at these steps the h^3 term still dominates the coarse
  // triple, so the two finest triples disagree on the order.
  const auto r = richardson_estimate(halving, differences(halving, [](double h) { return h + 30 * h * h * h; }), 1.0);
  EXPECT_TRUE(std::isfinite(r.order));
  EXPECT_FALSE(r.asymptotic);
  EXPECT_GT(std::abs(std::log(r.indicator)), 0.1 * std::log(2.0));
  EXPECT_EQ(r.verdict, Verdict::inconclusive) << r.reason;
}

TEST(Richardson, ThreeStepSizesGiveAnOrderButNoAsymptoticVerdict) {
  const std::vector<double> h{0.05, 0.1, 0.2};
  const auto r = richardson_estimate(h, differences(h, [](double x) { return x * x; }), 2.0);
  EXPECT_NEAR(r.order, 2.0, 1e-9);
  EXPECT_TRUE(std::isnan(r.indicator));
  EXPECT_EQ(r.verdict, Verdict::inconclusive);
}

TEST(Richardson, DifferencesAtRoundOffLevelAreLeftOut) {
  auto d = differences(halving, [](double h) { return h * h; });
  d[0] = 1e-17;  // the finest pair agrees to round-off
  const std::vector<double> floors(d.size(), 1e-16);
  const auto r = richardson_estimate(halving, d, 2.0, false, {}, floors);
  EXPECT_EQ(r.dropped_floor, 1);
  EXPECT_NEAR(r.order, 2.0, 1e-9);
  EXPECT_EQ(r.triples.front().h_fine, halving[1]);
}

TEST(Richardson, MalformedInputIsRejectedWithAReason) {
  EXPECT_THROW(richardson_estimate({0.1, 0.2}, {0.1, 0.2}), std::invalid_argument);
  EXPECT_THROW(richardson_estimate({0.2, 0.1, 0.05}, {0.1, 0.2}), std::invalid_argument);
  EXPECT_THROW(richardson_estimate({0.05, 0.1, 0.2}, {-1, 0.2}), std::invalid_argument);
  EXPECT_THROW(richardson_order(0.1, 0.1, 0.2, 1, 2), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
