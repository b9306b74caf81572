#include <gtest/gtest.h>

#include <random>

#include "sweepcheck/solvers/neighbours/cell_list.hpp"

namespace sweepcheck {
namespace {

std::vector<std::pair<int, int>> brute_force(const Vec<double>& x, int D, double cutoff) {
  std::vector<std::pair<int, int>> out;
  const int N = static_cast<int>(x.size() / D);
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j)
      if ((x.segment(i * D, D) - x.segment(j * D, D)).norm() < cutoff) out.emplace_back(i, j);
  return out;
}

TEST(CellList, FindsExactlyThePairsTheAllPairsLoopFinds) {
  std::mt19937 rng(11);
  for (int D : {2, 3}) {
    for (double spread : {0.5, 3.0, 20.0}) {
      std::uniform_real_distribution<double> u(-spread, spread);
      Vec<double> x(300 * D);
      for (Eigen::Index k = 0; k < x.size(); ++k) x[k] = u(rng);
      EXPECT_EQ(CellList::pairs_within(x, D, 0.7), brute_force(x, D, 0.7)) << "D=" << D << " spread=" << spread;
    }
  }
}

TEST(CellList, PairsAreSortedAndDeterministic) {
  Vec<double> x(8);
  x << 0, 0, 0.1, 0, 5, 5, 0.05, 0.05;
  const auto p = CellList::pairs_within(x, 2, 0.2);
  const std::vector<std::pair<int, int>> expected = {{0, 1}, {0, 3}, {1, 3}};
  EXPECT_EQ(p, expected);
}

TEST(CellList, RejectsBadInput) {
  Vec<double> x(4);
  x << 0, 0, std::nan(""), 1;
  EXPECT_THROW(CellList::pairs_within(x, 2, 1.0), std::invalid_argument);
  x << 0, 0, 1, 1;
  EXPECT_THROW(CellList::pairs_within(x, 2, 0.0), std::invalid_argument);
  EXPECT_THROW(CellList::pairs_within(x, 3, 1.0), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
