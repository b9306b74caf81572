// Known answers of error_floor (error_floor.hpp).
#include "sweepcheck/studies/engine/error_floor.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace sweepcheck {
namespace {

std::vector<OrderPoint> series(const std::vector<double>& errors, double h0 = 0.1) {
  std::vector<OrderPoint> out;
  double h = h0;
  for (double e : errors) {
    out.push_back({h, e, 1e-14, true, 0, 0});
    h /= 2;
  }
  return out;
}

TEST(ErrorFloor, DistancesThatScatterAtOneLevelWhateverHAreAFloorAtTheFinestRunsLargestValue) {
  // Order 1 down to 1.25e-2, then runs that disagree by up to 3e-4 whatever h,
  // one pair agreeing by chance (local orders of +5 and -6.2).
  const auto p = series({1e-2, 5e-3, 2.5e-3, 2e-4, 6e-6, 3e-4, 1e-4});
  const ErrorFloor f = error_floor(p);
  ASSERT_TRUE(f.found());
  EXPECT_DOUBLE_EQ(f.level, 3e-4);  // the fine block {0.1/32, 0.1/64}'s largest
  EXPECT_DOUBLE_EQ(f.low, 6e-6);
  EXPECT_DOUBLE_EQ(f.h_hi, 0.1 / 8);
  EXPECT_DOUBLE_EQ(f.h_lo, 0.1 / 64);
  EXPECT_EQ(f.points, 4);
  EXPECT_FALSE(f.roundoff);
  RunRow r;
  r.status = RunStatus::ok, r.steps = 100, r.work.inner_iterations = 700;
  const std::string w = error_floor_words(f, {&r, &r}, "the distances of successive runs");
  EXPECT_NE(w.find("the distances of successive runs stop shrinking at about 0.0003"), std::string::npos) << w;
  EXPECT_NE(w.find("not round-off"), std::string::npos) << w;
  EXPECT_NE(w.find("takes 7-7 iterations per step at every h"), std::string::npos) << w;
}

TEST(ErrorFloor, ASeriesOfOrderOneHalfOrMoreHasNoFloorEvenWithScatter) {
  // Negative controls: order 1/2, the smallest claimed, and order 1 with ±30 % scatter.
  std::vector<double> half, one;
  for (int k = 0; k < 8; ++k) {
    const double h = 0.1 / std::pow(2.0, k);
    half.push_back(std::sqrt(h));
    one.push_back(h * (k % 2 ? 1.3 : 0.7));
  }
  EXPECT_FALSE(error_floor(series(half)).found());
  EXPECT_FALSE(error_floor(series(one)).found());
  // Too few points for three halvings: nothing said.
  EXPECT_FALSE(error_floor(series({1e-3, 1e-3, 1e-3})).found());
}

TEST(ErrorFloor, ALevelAtTheNoiseFloorIsRoundOffAndIsSaidSo) {
  auto p = series({1e-13, 2e-13, 1e-13, 1.5e-13});
  for (auto& q : p) q.noise_floor = 1e-13;
  const ErrorFloor f = error_floor(p);
  ASSERT_TRUE(f.found());
  EXPECT_TRUE(f.roundoff);
  EXPECT_NE(error_floor_words(f, {}, "the errors").find("round-off, within 10 x"), std::string::npos);
}

TEST(ErrorFloor, AFloorIsNamedBesideAVerdictThatIsNeitherAPassNorUnclaimed) {
  const auto p = series({1e-2, 5e-3, 2.5e-3, 2e-4, 6e-6, 3e-4, 1e-4});
  OrderFit fit;
  fit.verdict = FitVerdict::pass;
  fit.reason = "shown";
  name_error_floor(fit, p, {}, "the errors");
  EXPECT_EQ(fit.reason, "shown");
  fit.verdict = FitVerdict::none_claimed;
  name_error_floor(fit, p, {}, "the errors");
  EXPECT_EQ(fit.reason, "shown");
  fit.verdict = FitVerdict::unsettled;
  name_error_floor(fit, p, {}, "the errors");
  EXPECT_NE(fit.reason.find("shown; the errors stop shrinking at about 0.0003"), std::string::npos) << fit.reason;
}

}  // namespace
}  // namespace sweepcheck
