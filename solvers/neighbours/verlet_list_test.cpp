#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "sweepcheck/solvers/neighbours/verlet_list.hpp"

namespace sweepcheck {
namespace {

bool contains_all(const std::vector<std::pair<int, int>>& list, const std::vector<std::pair<int, int>>& needed) {
  return std::includes(list.begin(), list.end(), needed.begin(), needed.end());
}

TEST(VerletList, CoversEveryPairWithinTheCutoffAlongARandomWalk) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-3, 3), step(-0.02, 0.02);
  Vec<double> x(200 * 2);
  for (Eigen::Index k = 0; k < x.size(); ++k) x[k] = u(rng);
  VerletList<double> list;
  for (int k = 0; k < 300; ++k) {
    for (Eigen::Index a = 0; a < x.size(); ++a) x[a] += step(rng);
    const auto& covering = list.pairs_covering(x, 2, 0.5, 0.2);
    ASSERT_TRUE(std::is_sorted(covering.begin(), covering.end()));
    // The oracle: a fresh cell list (itself checked against the all-pairs loop
    // in cell_list_test.cpp).
    ASSERT_TRUE(contains_all(covering, CellList::pairs_within(x, 2, 0.5))) << "walk step " << k;
  }
  // Centres move by at most 0.02·√2 per step, so a margin of 0.2 lasts at
  // least 0.1 / 0.0283 > 3 steps; a list rebuilt every step would be a bug.
  EXPECT_LT(list.rebuilds(), 300 / 3);
  EXPECT_GE(list.rebuilds(), 2);  // and it was rebuilt when the walk went far
}

TEST(VerletList, IsReusedWhileCentresMoveLessThanHalfTheMarginAndRebuiltAfter) {
  Vec<double> x(6);
  x << 0, 0, 1, 0, 5, 5;
  VerletList<double> list;
  EXPECT_EQ(list.pairs_covering(x, 2, 1.2, 0.4).size(), 1u);  // built with cutoff 1.6
  EXPECT_EQ(list.rebuilds(), 1);
  x[0] += 0.15;  // 1.2 + 2·0.15 < 1.6: still covers
  list.pairs_covering(x, 2, 1.2, 0.4);
  EXPECT_EQ(list.rebuilds(), 1);
  // Centre 0 moves 0.5 across: 1.2 + 2·0.5 > 1.6, and modulo the best common
  // translation and scaling it still moved ~0.29 (1.2 + 2·0.29 > 1.6 · 0.98):
  // must rebuild.
  x[1] += 0.5;
  list.pairs_covering(x, 2, 1.2, 0.4);
  EXPECT_EQ(list.rebuilds(), 2);
  list.pairs_covering(x, 2, 1.7, 0.4);  // a larger cutoff than built: rebuild
  EXPECT_EQ(list.rebuilds(), 3);
  list.pairs_covering(x.head(4), 2, 1.2, 0.4);  // another number of centres: rebuild
  EXPECT_EQ(list.rebuilds(), 4);
}

TEST(VerletList, RejectsANonFinitePositionInsteadOfReusingTheList) {
  Vec<double> x(4);
  x << 0, 0, 1, 0;
  VerletList<double> list;
  list.pairs_covering(x, 2, 1.2, 0.4);
  x[0] = std::nan("");
  EXPECT_THROW(list.pairs_covering(x, 2, 1.2, 0.4), std::invalid_argument);
}


// A cluster drawn to the origin (x <- 0.995 x per step, f = −γ x with
// γ h = 5e-3) with a small jitter: the outer centres move 0.05 per step, so
// the plain displacement test would rebuild every step; modulo the common
// scaling, neighbours barely move and the list is reused, and it still
// covers every pair within the cutoff.
TEST(VerletList, IsReusedWhileTheCentresContractTogether) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-10, 10), jitter(-1e-3, 1e-3);
  Vec<double> x(400 * 2);
  for (Eigen::Index k = 0; k < x.size(); ++k) x[k] = u(rng);
  VerletList<double> list;
  for (int k = 0; k < 100; ++k) {
    for (Eigen::Index a = 0; a < x.size(); ++a) x[a] = 0.995 * x[a] + jitter(rng);
    const auto& covering = list.pairs_covering(x, 2, 0.5, 0.2);
    ASSERT_TRUE(contains_all(covering, CellList::pairs_within(x, 2, 0.5))) << "step " << k;
  }
  EXPECT_LT(list.rebuilds(), 100 / 4);
}


// The same in 1, 2 and 3 dimensions with a drift, a contraction and a jitter
// large enough that the list is sometimes reused modulo the scaling and
// sometimes rebuilt, and a number of centres that is not a multiple of the
// accumulator lanes of covers_modulo_scaling (every centre must be counted):
// whatever the decision, the list covers every pair within the cutoff.
TEST(VerletList, CoversEveryPairUnderDriftContractionAndJitterInEveryDimension) {
  for (int D = 1; D <= 3; ++D) {
    std::mt19937 rng(static_cast<unsigned>(11 + D));
    const double half = D == 1 ? 60.0 : D == 2 ? 6.0 : 2.5;  // about the same density in every dimension
    std::uniform_real_distribution<double> u(-half, half), jitter(-0.01, 0.01);
    Vec<double> x(303 * D);
    for (Eigen::Index k = 0; k < x.size(); ++k) x[k] = u(rng);
    VerletList<double> list;
    for (int k = 0; k < 150; ++k) {
      for (Eigen::Index a = 0; a < x.size(); ++a) x[a] = 0.997 * x[a] + 0.01 + jitter(rng);
      const auto& covering = list.pairs_covering(x, D, 0.5, 0.2);
      ASSERT_TRUE(contains_all(covering, CellList::pairs_within(x, D, 0.5))) << "D = " << D << ", step " << k;
    }
    // Outer centres move ~0.02 per step: the plain test alone would rebuild
    // every ~3 steps; the jitter (up to 0.017 per step) still forces rebuilds.
    EXPECT_LT(list.rebuilds(), 150 / 4) << "D = " << D;
    EXPECT_GE(list.rebuilds(), 3) << "D = " << D;
  }
}

// pairs_within through the list is exactly the cell list's answer (same
// pairs, same order) along a random walk, while the list is reused.
TEST(VerletList, PairsWithinIsExactlyTheCellListAnswer) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-4, 4), step(-0.01, 0.01);
  Vec<double> x(300 * 2);
  for (Eigen::Index k = 0; k < x.size(); ++k) x[k] = u(rng);
  VerletList<double> list;
  std::vector<std::pair<int, int>> got;
  for (int k = 0; k < 100; ++k) {
    for (Eigen::Index a = 0; a < x.size(); ++a) x[a] += step(rng);
    const double cutoff = k % 2 ? 0.43 : 0.6;  // as the crowd alternates linearise and sweep
    list.pairs_within(x, 2, cutoff, 0.4, got);
    ASSERT_EQ(got, CellList::pairs_within(x, 2, cutoff)) << "step " << k;
  }
  EXPECT_LT(list.rebuilds(), 50);
}

}  // namespace
}  // namespace sweepcheck
