// Each scheme on each problem, as one GoogleTest: the correct scheme must
// show order >= 1, the wrong one must fail its claim on settled evidence.
#include <gtest/gtest.h>

#include <cmath>
#include <sweepcheck/analytic/sliding_case.hpp>
#include <sweepcheck/gtest.hpp>
#include <sweepcheck/solvers/sets/constraint_set.hpp>
#include <sweepcheck/solvers/sets/half_space.hpp>
#include <sweepcheck/testing.hpp>

#include "my_schemes.hpp"
#include "solvers/problem.hpp"  // this project's own solvers/ folder, not sweepcheck's

namespace {

using namespace sweepcheck;

// The project's own problem (the Problem concept, solvers/core/problem.hpp):
// x1' = 1, x2' = -x2 - 1 from (0, 1), kept in the half-plane x2 >= 0.
// Free flight x2 = 2 e^{-t} - 1 until it reaches the wall at t = ln 2, then
// sliding along it: x(t) = (t, max(0, 2 e^{-t} - 1)).
class DecayOntoAWall {
 public:
  using Scalar = double;
  DecayOntoAWall() : set_(2) { set_.add(HalfSpace<double>(Vec<double>::Unit(2, 1), 0.0)); }
  std::string name() const { return "decay-onto-a-wall"; }
  int dim() const { return 2; }
  double t0() const { return 0; }
  double t_end() const { return 1.5; }
  Vec<double> x0() const { return exact(0); }
  Vec<double> f(double, const Vec<double>& x) const { return Vec<double>{{1.0, -x[1] - 1.0}}; }
  const ConstraintSet<double>& constraints() const { return set_; }
  Vec<double> exact(double t) const { return Vec<double>{{t, std::max(0.0, 2 * std::exp(-t) - 1)}}; }

 private:
  ConstraintSet<double> set_;
};
static_assert(HasExactSolution<DecayOntoAWall>);

template <class Scheme>
class MySchemes : public ::testing::Test {};
struct Correct {
  using Scheme = my::SymmetricPbd;
  static constexpr bool correct = true;
};
struct Wrong {
  using Scheme = my::ForgotTheProjection;
  static constexpr bool correct = false;
};
using Schemes = ::testing::Types<Correct, Wrong>;
TYPED_TEST_SUITE(MySchemes, Schemes);

TYPED_TEST(MySchemes, ConvergeAsClaimedOnTheSlidingCaseOfSeed000) {
  typename TypeParam::Scheme scheme;
  const auto r = check_convergence(SlidingCase<double>{}, scheme);
  if (TypeParam::correct)
    EXPECT_ORDER_AT_LEAST(r, 1.0);
  else
    EXPECT_FAILS_ITS_CLAIM(r);
}

TYPED_TEST(MySchemes, ConvergeAsClaimedOnOurOwnProblem) {
  typename TypeParam::Scheme scheme;
  const auto r = check_convergence(DecayOntoAWall{}, scheme);
  if (TypeParam::correct)
    EXPECT_ORDER_AT_LEAST(r, 1.0);
  else
    EXPECT_FAILS_ITS_CLAIM(r);
}

// This project keeps its own solvers/ folder, with headers named as
// sweepcheck's were before they moved under sweepcheck/ (solvers/problem.hpp
// here): both are included above, and each is what its include says.
TEST(OwnSolversFolder, ItsHeadersAreTheProjectsOwnBesideSweepchecksInstalledOnes) {
  constexpr my::Problem mine{"decay-onto-a-wall", 2};
  static_assert(sweepcheck::Problem<DecayOntoAWall>);
  const my::Real span = DecayOntoAWall{}.t_end() - DecayOntoAWall{}.t0();
  EXPECT_EQ(mine.dim, DecayOntoAWall{}.dim());
  EXPECT_EQ(span, 1.5);
}

}  // namespace
