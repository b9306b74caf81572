// The orders of pairs of a sweep (solvers/neighbours/pair_order.hpp): each is a total
// order of the pairs i < j, and every round of the round-robin order is a
// matching (no disk twice), which is what lets a sweep's consecutive
// projections overlap.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "sweepcheck/solvers/neighbours/pair_order.hpp"

namespace sweepcheck {
namespace {

using Key = std::function<std::int64_t(int, int, int)>;

// Empty when `key` gives every pair i < j < N its own key, rounds (key / N)
// below `rounds`, and no disk twice in a round; else what failed.
std::string check_rounds(const Key& key, int N, std::int64_t rounds) {
  std::set<std::int64_t> keys;
  std::vector<std::set<int>> in_round(static_cast<std::size_t>(rounds));
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) {
      const std::int64_t k = key(i, j, N), r = k / N;
      if (!keys.insert(k).second) return "pair " + std::to_string(i) + "," + std::to_string(j) + " repeats a key";
      if (r < 0 || r >= rounds) return "round " + std::to_string(r) + " out of range";
      for (int m : {i, j})
        if (!in_round[static_cast<std::size_t>(r)].insert(m).second)
          return "disk " + std::to_string(m) + " twice in round " + std::to_string(r);
    }
  return "";
}

TEST(PairOrder, EveryRoundRobinRoundIsAMatchingAndEveryPairHasItsOwnKey) {
  const Key rr = [](int i, int j, int N) { return pair_order_key(PairOrder::round_robin, i, j, N); };
  for (int N = 2; N <= 64; ++N) EXPECT_EQ(check_rounds(rr, N, N % 2 == 0 ? N - 1 : N), "") << "N=" << N;
}

// Negative control: the same check rejects a schedule that is not one
// (round (i + j) mod m, without the inverse of 2, puts a disk twice in a
// round).
TEST(PairOrder, TheRoundCheckRejectsAScheduleWhoseRoundsAreNotMatchings) {
  const Key wrong = [](int i, int j, int N) {
    const int m = N % 2 == 0 ? N - 1 : N;
    return std::int64_t((j == N - 1 && N % 2 == 0) ? i : (i + j + i) % m) * N + i;
  };
  EXPECT_NE(check_rounds(wrong, 10, 9), "");
}

TEST(PairOrder, TheIndexOrderIsTheLexicographicOrderOfPairs) {
  const int N = 7;
  std::int64_t last = -1;
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) {
      const std::int64_t k = pair_order_key(PairOrder::index, i, j, N);
      EXPECT_GT(k, last) << i << "," << j;
      last = k;
    }
}

}  // namespace
}  // namespace sweepcheck
