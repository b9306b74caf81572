// The sampled error (studies/engine/sampled_error.hpp): sample times, the
// interpolant at them, the observer against a brute force; the paper's step list.
#include <gtest/gtest.h>

#include "sweepcheck/studies/engine/sampled_error.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"
#include "sweepcheck/studies/engine/step_list.hpp"

namespace sweepcheck {
namespace {

Vec<double> v1(double a) {
  Vec<double> x(1);
  x << a;
  return x;
}

TEST(SampledError, SampleTimesAreEquallySpacedAndEndAtT) {
  const auto t = equally_spaced_samples(0, 10, 10);
  ASSERT_EQ(t.size(), 10u);
  EXPECT_DOUBLE_EQ(t[0], 1);
  EXPECT_DOUBLE_EQ(t[4], 5);
  EXPECT_EQ(t[9], 10);
  EXPECT_THROW(equally_spaced_samples(0, 1, 0), std::invalid_argument);
}

// Grid 0, 0.8, 1.6 with x = 0, 8, 4: the interpolant at t = 1 is 8 + (0.2/0.8)(4 − 8) = 7,
// at 0.8 the grid value 8 itself.
TEST(SampledError, RecordsThePiecewiseLinearInterpolantAtTheSampleTimes) {
  SampleRecorder<double> rec({0.8, 1.0, 1.6});
  rec(0, 0.0, v1(0));
  rec(1, 0.8, v1(8));
  rec(2, 1.6, v1(4));
  ASSERT_TRUE(rec.complete());
  EXPECT_EQ(rec.samples()[0][0], 8);
  EXPECT_NEAR(rec.samples()[1][0], 7, 1e-14);
  EXPECT_EQ(rec.samples()[2][0], 4);
  // (24): the largest of the distances 1, 0 and 3.
  EXPECT_NEAR(max_sample_distance(rec.samples(), {v1(9), v1(7), v1(1)}), 3, 1e-14);
}

TEST(SampledError, AnIncompleteRunIsNotComplete) {
  SampleRecorder<double> rec({0.5, 1.0});
  rec(0, 0.0, v1(0));
  rec(1, 0.6, v1(1));
  EXPECT_FALSE(rec.complete());
}

// The reference-sampled error against a hand computation: grid x_k = t_k on
// t = 0, 0.3, 0.6, 0.9 (0.3 = 3 × 0.1 in floating point, so grid times and
// sample times differ by round-off), reference x_ref(τ) = τ² at τ = 0.2, 0.3,
// 0.9. Interpolant values 0.2, 0.3, 0.9 (the grid is linear), distances
// 0.2 − 0.04 = 0.16, 0.3 − 0.09 = 0.21, 0.9 − 0.81 = 0.09: the error is 0.21,
// and every sample is seen although 0.1 + 0.1 + 0.1 != 0.3.
TEST(SampledError, TheObserverComparesTheInterpolantAtEverySampleTime) {
  SampledReference<double> ref;
  ref.times = {0.2, 0.3, 0.9};
  for (double t : ref.times) ref.states.push_back(v1(t * t));
  SampledErrorObserver<double> err(ref);
  double t = 0;
  for (int k = 0; k <= 3; ++k) {
    err(k, t, v1(t));
    t += 0.1 + 0.1 + 0.1;
  }
  EXPECT_EQ(err.samples_seen(), 3u);
  EXPECT_NEAR(err.uniform_error(), 0.21, 1e-15);
  EXPECT_EQ(err.uniform_error(), err.grid_error());
}

// GCC 12 at -O2, inlining the observer's Eigen loops on these 1-vectors in
// this unity batch, warns "iteration 9223372036854775807 invokes undefined
// behavior" (-Waggressive-loop-optimizations) on a loop whose bound is the
// vector's size, 1: a known false positive of that pass on Eigen's dynamic
// loops; the test's values are checked below and by the sanitizer job.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif

// Against an independent brute force on an uneven grid: the observer's error
// is the maximum over the sample times of |interpolant − reference|.
TEST(SampledError, TheObserverAgreesWithABruteForceOnAnUnevenGrid) {
  std::vector<double> grid = {0, 0.07, 0.31, 0.5, 0.52, 0.9, 1.0};
  auto x = [](double t) { return std::sin(7 * t) + t; };  // the scheme's grid values
  SampledReference<double> ref;
  for (int i = 1; i <= 10; ++i) {
    ref.times.push_back(0.1 * i);
    ref.states.push_back(v1(std::cos(3 * ref.times.back())));
  }
  SampledErrorObserver<double> err(ref);
  for (std::size_t k = 0; k < grid.size(); ++k) err(static_cast<std::int64_t>(k), grid[k], v1(x(grid[k])));
  double expected = 0;
  for (std::size_t i = 0; i < ref.times.size(); ++i) {
    const double tau = ref.times[i];
    std::size_t k = 1;
    while (grid[k] < tau - 1e-12) ++k;
    const double s = (tau - grid[k - 1]) / (grid[k] - grid[k - 1]);
    const double xi = x(grid[k - 1]) + s * (x(grid[k]) - x(grid[k - 1]));
    expected = std::max(expected, std::abs(xi - ref.states[i][0]));
  }
  EXPECT_EQ(err.samples_seen(), ref.times.size());
  EXPECT_NEAR(err.uniform_error(), expected, 1e-14);
  EXPECT_GT(expected, 0.1);  // the data are not trivially equal
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

TEST(StepList, EveryPaperStepDividesTen) {
  for (double h : {0.02, 0.025, 0.04, 0.05, 0.0625, 0.08, 0.1, 0.2, 0.5}) EXPECT_EQ(double(steps_for(10, h)) * h, 10);
  EXPECT_EQ(steps_for(10, 0.0625), 160);
}

TEST(StepList, RejectsAStepThatDoesNotDivideTOrIsNotPositive) {
  EXPECT_THROW(steps_for(10, 0.03), std::invalid_argument);
  EXPECT_THROW(steps_for(10, 0), std::invalid_argument);
  EXPECT_THROW(steps_for(10, -0.1), std::invalid_argument);
  EXPECT_THROW(steps_for(10, std::nan("")), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
