// The sliding-case convergence study (seed 000, Section 4.2), end to end
// through the engine: the acceptance criterion and the paper's claim.
#include <gtest/gtest.h>

#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"

namespace sweepcheck {
namespace {


ConvergenceStudy sliding_study(double C, const std::string& schemes) {
  SlidingCase<double> p({.d = 3, .C = C, .alpha = kPiOver16, .t_end = 0});
  StudyOptions opt;
  opt.ladder = {0.5, 1e-4, 16};
  opt.executor.jobs = 2;
  auto exact = [&p](double t) { return p.exact(t); };
  return run_convergence("sliding", p, "", exact, parse_scheme_list(schemes), opt);
}

TEST(SlidingStudy, PbdConvergesWithOrderOneInANarrowInterval) {
  const auto s = sliding_study(1.0, "pbd,pngs");
  for (const char* scheme : {"pbd", "pngs"}) {
    const SchemeFit* f = s.find_fit("sliding", scheme);
    ASSERT_NE(f, nullptr);
    // Within the indifference zone of 1 (issue 44: the interval is
    // statistical, with no 0.05 floor; on this deterministic error it is
    // ±0.002 around an order of 1.004 at the finest steps).
    EXPECT_LE(f->fit.ci_low, 1.0 + f->fit.resolution) << scheme;
    EXPECT_GE(f->fit.ci_high, 1.0 - f->fit.resolution) << scheme;
    EXPECT_LT(f->fit.ci_high - f->fit.ci_low, 0.2) << scheme;
    EXPECT_GE(f->fit.points_used, 5) << scheme;
    EXPECT_EQ(f->fit.verdict, FitVerdict::pass) << scheme;
  }
}

TEST(SlidingStudy, PaperParametersOfFigureEightGiveOrderOneForPbd) {
  const auto s = sliding_study(10.0, "pbd");
  const SchemeFit* f = s.find_fit("sliding", "pbd");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->fit.verdict, FitVerdict::pass) << f->fit.reason;
  // The deep valley is pre-asymptotic for large steps: the window must have
  // excluded some of them rather than averaging over them.
  EXPECT_GT(f->fit.dropped_preasymptotic, 0);
}

TEST(SlidingStudy, ConstraintViolationVanishesForPbdAndStaysAtToleranceForPngs) {
  const auto s = sliding_study(1.0, "pbd,pngs");
  double previous = std::numeric_limits<double>::infinity();
  for (const auto& r : s.rows) {
    ASSERT_EQ(r.status, RunStatus::ok);
    if (r.scheme == "pbd") {
      // Seed 000, (13): d_S(Φ_h(x)) < K h. Observed: it shrinks with h.
      EXPECT_LT(r.violation, previous);
      EXPECT_LT(r.violation, r.h);
      previous = r.violation;
    } else {
      // PNGS stops when a sweep moves the point by < abstol + reltol |x|, so the
      // violation left is below that (|x| <= 2 on this problem).
      EXPECT_LE(r.violation, 1e-12 + 1e-10 * 2);
    }
  }
}

TEST(SlidingStudy, PngsSpendsMoreConstraintEvaluationsPerStepThanPbd) {
  const auto s = sliding_study(10.0, "pbd,pngs");
  for (const auto& r : s.rows) {
    if (r.scheme == "pbd") {
      EXPECT_EQ(r.evaluations_per_step(), 2.0);
    } else {
      EXPECT_GT(r.evaluations_per_step(), 4.0);
    }
  }
}

}  // namespace
}  // namespace sweepcheck
