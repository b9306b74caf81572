// The catching-up schemes of solvers/schemes/catching_up.hpp on the LCS problems of
// analytic/: the violation bounds of the exact and inexact variants, inner
// iteration counts, cap reporting, and the scheme/problem dispatch guard.
#include <gtest/gtest.h>

#include <limits>

#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/analytic/lcs_cases.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"

namespace sweepcheck {
namespace {

struct Trace {
  double max_distance = 0;   // max_k d_{S(t_k)}(z_k), exact distance by the exact projection
  double max_ratio = 0;      // max_k d_S(z_k) / η
  int outside = 0;           // steps with d_S(z_k) > 0
  RunSummary summary;
};

template <class Scheme>
Trace trace(const LcsSweeping<double>& p, const Scheme& scheme, std::int64_t n, double eta) {
  Trace tr;
  auto obs = [&](std::int64_t, double t, const Vec<double>& z) {
    const auto s = p.polyhedron(t);
    const double d = (z - project_exact(s, z).z).norm();
    tr.max_distance = std::max(tr.max_distance, d);
    if (eta > 0) tr.max_ratio = std::max(tr.max_ratio, d / eta);
    if (d > 0) ++tr.outside;
  };
  tr.summary = integrate(p, scheme, n, obs);
  return tr;
}

TEST(ExactCatchingUp, NeverLeavesTheMovingSetBeyondRoundOffOnBothCircuits) {
  for (bool disc : {false, true}) {
    CircuitOptions o;
    o.discontinuous = disc;
    const LcsSweeping<double> p(circuit<double>(o));
    for (std::int64_t n : {100, 1000}) {
      const Trace tr = trace(p, ExactCatchingUp<double>{}, n, 0);
      EXPECT_EQ(tr.summary.status, RunStatus::ok);
      // Round-off: the KKT tolerance is 256 ulps of the problem scale (|z| ≲ 10 here).
      EXPECT_LT(tr.max_distance, 1e-12) << "discontinuous=" << disc << " n=" << n;
    }
  }
}

TEST(InexactCatchingUp, IteratesLeaveTheSetByAtMostEtaAndSomeDoLeaveIt) {
  for (bool disc : {false, true}) {
    CircuitOptions o;
    o.discontinuous = disc;
    const LcsSweeping<double> p(circuit<double>(o));
    for (std::int64_t n : {100, 400}) {
      const InexactSchedule sched;
      const double h = 1.0 / double(n);
      const Trace tr = trace(p, InexactCatchingUp<double>{DualGradientProjector<double>{sched}}, n, sched.eta(h));
      ASSERT_EQ(tr.summary.status, RunStatus::ok);
      EXPECT_LE(tr.max_ratio, 1.0 + 1e-9) << "discontinuous=" << disc << " n=" << n;
      EXPECT_GT(tr.outside, 0) << "the bound is not vacuous: some iterates are outside S";
      EXPECT_GT(tr.summary.work.inner_iterations, n) << "inner iterations are recorded";
    }
  }
}

TEST(InexactCatchingUp, ALooseEtaScheduleLetsIteratesFurtherOutButStillWithinEta) {
  const LcsSweeping<double> p(circuit<double>());
  InexactSchedule sched;
  sched.eta_power = 1.5;
  sched.eps_power = 2.5;
  const std::int64_t n = 200;
  const Trace tr = trace(p, InexactCatchingUp<double>{DualGradientProjector<double>{sched}}, n, sched.eta(1.0 / n));
  EXPECT_LE(tr.max_ratio, 1.0 + 1e-9);
  EXPECT_GT(tr.max_distance, 1e-7);  // far above round-off: the inexactness is real
}

TEST(InexactCatchingUp, ReportsInnerCapHitsInsteadOfClaimingCertifiedSteps) {
  const LcsSweeping<double> p(circuit<double>());
  InexactSchedule sched;
  sched.max_iterations = 2;
  sched.eps_coef = 1e-6;
  const auto s = integrate(p, InexactCatchingUp<double>{DualGradientProjector<double>{sched}}, 100,
                           [](std::int64_t, double, const Vec<double>&) {});
  EXPECT_EQ(s.status, RunStatus::inner_cap_hit);
  EXPECT_GT(s.inner_cap_hits, 0);
}

TEST(CatchingUp, IsGenericOnTheScalarAndAgreesInFiftyDigits) {
  const LcsClosedForm<Float50> c;
  const LcsSweeping<Float50> p(c.data());
  Vec<Float50> last_exact, last_inexact;
  integrate(p, ExactCatchingUp<Float50>{}, 50, [&](std::int64_t, const Float50&, const Vec<Float50>& z) { last_exact = z; });
  integrate(p, InexactCatchingUp<Float50>{}, 50, [&](std::int64_t, const Float50&, const Vec<Float50>& z) { last_inexact = z; });
  // h = 0.03: η = 9e-4 bounds the last step's distance; the difference is O(√ε + η) per step.
  EXPECT_LT(static_cast<double>((last_exact - last_inexact).norm()), 0.05);
  EXPECT_LT(static_cast<double>((p.to_x(last_exact) - c.x(Float50(1.5))).norm()), 0.1);
  // Genericity, measured: the same exact scheme in double agrees with the
  // 50-digit run to round-off. Each step is an affine map and an exact
  // projection (a small KKT solve), so it adds a few ulps of the state times
  // the KKT system's condition; 1000 ulps of (1 + |z|) per step covers a
  // condition up to ~100, and the projections do not amplify (nonexpansive).
  const LcsClosedForm<double> cd;
  const LcsSweeping<double> pd(cd.data());
  Vec<double> last_double;
  integrate(pd, ExactCatchingUp<double>{}, 50, [&](std::int64_t, double, const Vec<double>& z) { last_double = z; });
  Vec<double> as_double(last_exact.size());
  for (Eigen::Index i = 0; i < as_double.size(); ++i) as_double[i] = static_cast<double>(last_exact[i]);
  const double scale = 1 + as_double.norm();
  EXPECT_LE((last_double - as_double).norm(), 50 * 1000 * std::numeric_limits<double>::epsilon() * scale);
  // The 50-digit run is not a double run in disguise (a computation rounded
  // to double inside the Float50 instantiation would leave no digits beyond
  // double): its residual from the rounded state is non-zero and below an ulp.
  Vec<Float50> rest = last_exact;
  for (Eigen::Index i = 0; i < rest.size(); ++i) rest[i] -= Float50(as_double[i]);
  EXPECT_GT(static_cast<double>(rest.norm()), 0.0);
  EXPECT_LT(static_cast<double>(rest.norm()), std::numeric_limits<double>::epsilon() * scale);
}

TEST(SchemeDispatch, CatchingUpOnTheSlidingCaseAndPbdOnACircuitAreClearErrors) {
  StudyOptions opt;
  opt.ladder = {0.1, 0.1, 1};
  const SlidingCase<double> sliding;
  auto ex = [&](double t) { return sliding.exact(t); };
  EXPECT_THROW(run_one(sliding, "", ex, parse_scheme_spec("catching-up"), 10, opt), std::invalid_argument);
  const LcsClosedForm<double> c;
  const LcsSweeping<double> p(c.data());
  auto ref = [&](double t) { return Vec<double>(p.to_z(c.x(t))); };
  try {
    run_one(p, "", ref, parse_scheme_spec("pbd"), 10, opt);
    FAIL() << "pbd on an LCS problem must throw";
  } catch (const std::invalid_argument& e) {
    // Refused with what PBD needs (its category, solvers/schemes/scheme_traits.hpp).
    EXPECT_NE(std::string(e.what()).find("'pbd' cannot run on problem 'lcs-closed-form': it needs a set that sweeps"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(run_one(p, "", ref, parse_scheme_spec("inexact-catching-up"), 10, opt));
}

}  // namespace
}  // namespace sweepcheck
