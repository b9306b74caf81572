// Siconos cross-check of the catching-up scheme on the ideal-diode circuits of
// seed 002, Example 7.3 (tolerances justified in studies/cases/siconos_compare.hpp).
#include <gtest/gtest.h>

#include "studies/cases/siconos_compare.hpp"
#include "sweepcheck/analytic/lcs_cases.hpp"

namespace sweepcheck {
namespace {

class SiconosCrossCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!siconos_available()) GTEST_SKIP() << siconos_unavailable_reason();
  }
};

TEST_F(SiconosCrossCheck, CatchingUpWithLeftRectangleEqualsSiconosEulerMoreauToRoundOffOnBothCircuits) {
  for (bool disc : {false, true}) {
    CircuitOptions o;
    o.discontinuous = disc;
    for (std::int64_t n : {100, 1000}) {
      const auto c = compare_with_siconos(circuit<double>(o), n, true);
      ASSERT_EQ(c.max_difference.size(), 3u);
      for (int i = 0; i < 3; ++i)
        EXPECT_LT(c.max_difference[i], kSameSchemeTolerance) << "x" << i + 1 << " discontinuous=" << disc << " n=" << n;
      EXPECT_GT(c.max_state, 0.3);  // the trajectories are not trivially zero
    }
  }
}

TEST_F(SiconosCrossCheck, WithTheExactInputIntegralTheDifferenceShrinksLikeTheStep) {
  // Both schemes are first order in h on the continuous circuit, so their
  // distance must fall about tenfold from h = 1e-2 to h = 1e-3 (we ask for 5×).
  const auto coarse = compare_with_siconos(circuit<double>(), 100, false);
  const auto fine = compare_with_siconos(circuit<double>(), 1000, false);
  double dc = 0, df = 0;
  for (int i = 0; i < 3; ++i) {
    dc = std::max(dc, coarse.max_difference[i]);
    df = std::max(df, fine.max_difference[i]);
  }
  EXPECT_GT(dc, 1e-4);  // the quadrature difference is real at h = 1e-2
  EXPECT_LT(df, dc / 5);
}

TEST(SiconosCrossCheckBuild, SaysWhetherSiconosWasBuiltIn) {
  if (siconos_available())
    EXPECT_TRUE(siconos_unavailable_reason().empty());
  else
    EXPECT_NE(siconos_unavailable_reason().find("libsiconos-kernel-dev"), std::string::npos);
}

}  // namespace
}  // namespace sweepcheck
