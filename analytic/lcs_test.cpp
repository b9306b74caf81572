#include <gtest/gtest.h>

#include <boost/math/constants/constants.hpp>

#include "sweepcheck/analytic/lcs.hpp"
#include "sweepcheck/analytic/lcs_cases.hpp"
#include "sweepcheck/analytic/lcs_residual.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"

namespace sweepcheck {
namespace {

constexpr double kPi = boost::math::constants::pi<double>();

std::string message_of(const LcsData<double>& d) {
  try {
    LcsSweeping<double> p(d);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(LcsReformulation, CircuitMatricesSatisfyPBEqualsCTransposeWithTheDiagonalP) {
  const auto d = circuit<double>();
  // P B = diag(1, 2, 1) [[0,0],[1/2,1/2],[-1,0]] = [[0,0],[1,1],[-1,0]] = Cᵀ by hand.
  Mat<double> expected(3, 2);
  expected << 0, 0, 1, 1, -1, 0;
  EXPECT_LT((d.P * d.B - expected).norm(), 1e-15);
  EXPECT_LT((d.C.transpose() - expected).norm(), 1e-15);
  EXPECT_NO_THROW(LcsSweeping<double>{d});
}

TEST(LcsReformulation, RejectsAMissingPAWrongPANonSymmetricPAndAnInfeasibleStart) {
  auto d = circuit<double>();
  d.P.resize(0, 0);
  EXPECT_NE(message_of(d).find("no P given"), std::string::npos) << message_of(d);
  d = circuit<double>();
  d.P(1, 1) = 3;  // L3 = 2 is the only value that makes P B = Cᵀ
  EXPECT_NE(message_of(d).find("P B"), std::string::npos) << message_of(d);
  d = circuit<double>();
  d.P(0, 1) = 0.5;
  EXPECT_NE(message_of(d).find("not symmetric"), std::string::npos) << message_of(d);
  d = circuit<double>();
  d.P(0, 0) = -1;
  EXPECT_NE(message_of(d).find("positive definite"), std::string::npos) << message_of(d);
  d = circuit<double>();
  d.x0[1] = -0.1;  // x₂ ≥ 0 is the second diode
  EXPECT_NE(message_of(d).find("initial state"), std::string::npos) << message_of(d);
}

TEST(LcsReformulation, RIsTheSymmetricSquareRootOfPAndTheSetIsRTimesK) {
  const LcsClosedForm<double> c;
  const LcsSweeping<double> p(c.data());
  EXPECT_LT((p.R() * p.R() - c.data().P).norm(), 1e-14);
  EXPECT_LT((p.R() - p.R().transpose()).norm(), 1e-15);
  // z ∈ S(t) iff R⁻¹ z ∈ K(t) = { x₁ ≥ 0 }.
  for (double x1 : {-0.3, 0.0, 0.7}) {
    Vec<double> x(2);
    x << x1, 5.0;
    const double g = p.polyhedron(0.0).value(p.to_z(x))[0];
    EXPECT_NEAR(g, x1, 1e-14);
  }
}

TEST(LcsInputs, AntiderivativesMatchHandComputedIntegrals) {
  const LcsInput sine{LcsInput::Kind::sine, 16.0, 6 * kPi, -0.5};
  // Over one half period 1/6 of sin(6πt): ∫ sin = 2/(6π).
  EXPECT_NEAR(sine.integral(0.0, 1.0 / 6), 16 * 2 / (6 * kPi) - 0.5 / 6, 1e-14);
  EXPECT_NEAR(sine.integral(0.0, 1.0 / 3), -0.5 / 3, 1e-14);
  const LcsInput sq{LcsInput::Kind::sign_sine, 1.0, 4 * kPi, 0.0};
  EXPECT_NEAR(sq.integral(0.0, 0.25), 0.25, 1e-15);
  EXPECT_NEAR(sq.integral(0.0, 0.5), 0.0, 1e-15);
  EXPECT_NEAR(sq.integral(0.2, 0.3), 0.05 - 0.05, 1e-15);
  EXPECT_NEAR(sq.integral(0.3, 0.45), -0.15, 1e-15);
  EXPECT_NEAR(sq.integral(0.6, 0.7), 0.1, 1e-14);
  EXPECT_EQ(sq.value(0.1), 1.0);
  EXPECT_EQ(sq.value(0.3), -1.0);
}

TEST(LcsClosedFormCase, StartsAtX0AndActivatesAtLogThreeHalves) {
  const LcsClosedForm<double> c;
  EXPECT_NEAR(c.activation_time(), std::log(1.5), 1e-16);
  EXPECT_LT((c.x(0.0) - c.data().x0).norm(), 1e-15);
  EXPECT_NEAR(c.x(c.activation_time())[0], 0.0, 1e-15);
  // x₂(t*) = (1 − 4/9)/2 = 5/18 from both formulas.
  EXPECT_NEAR(c.x(c.activation_time())[1], 5.0 / 18, 1e-15);
  EXPECT_NEAR(c.x(c.activation_time() + 1e-13)[1], 5.0 / 18, 1e-12);
}

TEST(LcsClosedFormCase, SolvesTheComplementaritySystemInXCoordinates) {
  const LcsClosedForm<double> c;
  const auto& d = c.data();
  int active = 0;
  for (int i = 0; i <= 1500; ++i) {
    const double t = 1.5 * i / 1500;
    const Vec<double> x = c.x(t), v = c.velocity(t), zeta = c.zeta(t);
    const Vec<double> w = d.C * x + d.G * d.input.value(t) + d.F;
    EXPECT_LT((v - d.A * x - d.B * zeta - d.E * d.input.value(t)).norm(), 1e-14) << t;
    EXPECT_GE(zeta.minCoeff(), 0.0);
    EXPECT_GE(w.minCoeff(), -1e-15) << t;
    EXPECT_LT(std::abs(zeta.dot(w)), 1e-14) << t;
    if (zeta[0] > 0) ++active;
    // The velocity is the derivative of the position (away from t*).
    if (std::abs(t - c.activation_time()) > 1e-3) {
      const double e = 1e-6;
      EXPECT_LT(((c.x(t + e) - c.x(t - e)) / (2 * e) - v).norm(), 1e-8) << t;
    }
  }
  EXPECT_GT(active, 700);  // t* ≈ 0.405: most of [0, 1.5] is on the constraint
  EXPECT_LT(active, 1200);
}

TEST(LcsClosedFormCase, SatisfiesTheSweepingInclusionInZCoordinates) {
  const LcsClosedForm<double> c;
  const LcsSweeping<double> p(c.data());
  int active = 0;
  for (int i = 0; i <= 1500; ++i) {
    const double t = 1.5 * i / 1500;
    const auto r = lcs_inclusion_residual(p, t, p.to_z(c.x(t)), Vec<double>(p.R() * c.velocity(t)), 1e-12);
    EXPECT_LT(r.infeasibility, 1e-14);
    EXPECT_LT(r.cone_residual, 1e-13) << t;
    active += r.active;
  }
  EXPECT_GT(active, 700);
  // A wrong velocity (the free one, ζ = 0) on the constrained arc is detected.
  const double t = 1.0;
  const Vec<double> z = p.to_z(c.x(t));
  const Vec<double> free_v = p.f(t, z);
  Vec<double> wrong = free_v;
  wrong += p.R() * Vec<double>::Constant(2, 0.1);
  EXPECT_GT(lcs_inclusion_residual(p, t, z, wrong, 1e-12).cone_residual, 1e-3);
}

TEST(LcsReformulation, WorksWithFiftyDigitScalars) {
  const LcsClosedForm<Float50> c;
  const LcsSweeping<Float50> p(c.data());
  EXPECT_LT(static_cast<double>((p.R() * p.R() - c.data().P).norm()), 1e-45);
  const auto cd = circuit<Float50>();
  EXPECT_NO_THROW(LcsSweeping<Float50>{cd});
}

}  // namespace
}  // namespace sweepcheck
