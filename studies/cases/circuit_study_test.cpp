// Issue 6's acceptance: the exact and inexact catching-up converge with order
// 1 (seed 002 proves convergence; order 1 is the catching-up algorithm's
// order for Lipschitz solutions, seed 000 (3)) with a narrow interval, on the
// closed-form LCS (exact error) and on the circuit (fine reference); the
// inexact iterates stay within η of the set and the exact ones in it.
#include <gtest/gtest.h>

#include "studies/cases/circuit_study.hpp"

namespace sweepcheck {
namespace {

const CircuitStudy& study() {
  static const CircuitStudy s = [] {
    CircuitStudyConfig c;
    c.study.executor.jobs = 2;
    return run_circuit_study(c);
  }();
  return s;
}

TEST(CircuitStudy, BothVariantsHaveOrderOneWithANarrowIntervalOnTheClosedFormCaseAndTheCircuit) {
  for (const char* problem : {"lcs-closed-form", "circuit"}) {
    for (const char* scheme : {"catching-up", "inexact-catching-up"}) {
      const SchemeFit* f = study().convergence.find_fit(problem, scheme);
      ASSERT_NE(f, nullptr) << problem << " " << scheme;
      EXPECT_EQ(f->fit.verdict, FitVerdict::pass) << problem << " " << scheme << ": " << f->fit.reason;
      // Within the indifference zone of 1 (issue 44: the interval is
      // statistical, with no 0.05 floor; on these nearly deterministic
      // errors it is ±0.002 around a finest-step order of 1.004).
      EXPECT_LE(f->fit.ci_low, 1.0 + f->fit.resolution) << problem << " " << scheme;
      EXPECT_GE(f->fit.ci_high, 1.0 - f->fit.resolution) << problem << " " << scheme;
      EXPECT_LT(f->fit.ci_high - f->fit.ci_low, 0.3) << problem << " " << scheme;
      EXPECT_GE(f->fit.points_used, 5) << problem << " " << scheme;
    }
  }
}

TEST(CircuitStudy, InexactIteratesStayWithinEtaAndExactOnesWithinRoundOff) {
  int inexact = 0;
  for (const auto& v : study().violations) {
    if (v.eta > 0) {
      ++inexact;
      EXPECT_LE(v.violation, v.eta * (1 + 1e-9)) << v.problem << " h=" << v.h;
      EXPECT_GT(v.inner_per_step, 0) << v.problem << " h=" << v.h;
    } else {
      EXPECT_LT(v.violation, 1e-12) << v.problem << " h=" << v.h;
    }
  }
  EXPECT_GE(inexact, 10);
  for (const auto& r : study().convergence.rows) EXPECT_EQ(r.status, RunStatus::ok) << r.problem << " " << r.scheme << " h=" << r.h;
}

TEST(CircuitStudy, RecordsTheTrajectoriesOfFiguresTwoAndThreeOnThePapersGrid) {
  ASSERT_EQ(study().trajectories.size(), 4u);
  for (const auto& tr : study().trajectories) {
    ASSERT_EQ(tr.t.size(), 101u);
    EXPECT_DOUBLE_EQ(tr.t.back(), 1.0);
    // Diode constraints hold up to η = 1e-4 (inexact) on x-coordinates: x₂ − x₃ ≥ 0, x₂ (+u) ≥ 0.
    for (std::size_t k = 0; k < tr.x.size(); ++k) EXPECT_GE(tr.x[k][1] - tr.x[k][2], -1e-3) << tr.problem << " k=" << k;
  }
}

TEST(CircuitStudy, ComparesWithSiconosOnTheSameGridsOrSaysWhyNot) {
  if (!siconos_available()) {
    EXPECT_FALSE(study().siconos_note.empty());
    return;
  }
  ASSERT_EQ(study().siconos.size(), 8u);
  for (const auto& s : study().siconos) {
    if (s.comparison.left_rectangle) {
      for (double d : s.comparison.max_difference) EXPECT_LT(d, kSameSchemeTolerance) << s.problem;
    }
  }
}

}  // namespace
}  // namespace sweepcheck
