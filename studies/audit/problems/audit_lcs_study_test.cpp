// The circuit as shipped in the audit battery (studies/audit/problems/audit_lcs.hpp): its
// cached exact catching-up reference checked against an independent code
// (Siconos' Euler–Moreau with Lemke's LCP solver, in x coordinates), and a
// wrong example scheme that freezes the source's time failing on it.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_lcs.hpp"
#include "studies/runs/plugin_loader.hpp"
#include "studies/runs/siconos_lcs.hpp"

namespace sweepcheck {
namespace {

const AuditProblem& circuit_problem() {
  static const AuditProblem a = circuit_audit_problem();
  return a;
}

TEST(CircuitAuditProblem, ItsReferenceAgreesWithSiconosWhoseDistanceShrinksAtOrderOne) {
  if (!siconos_available()) GTEST_SKIP() << siconos_unavailable_reason();
  const AuditProblem& a = circuit_problem();
  const CircuitAuditOptions o;
  const LcsSweeping<double> p(circuit<double>(o.circuit));
  // Siconos (θ = 0, the left rectangle for u) on grids whose points include
  // every sample time τ_i = i/1000; the distance to the reference there in
  // z = R x. Both converge at order 1 to the same solution: the distance
  // must shrink like h (4x per 4x smaller step, within the scatter of the
  // error constant) and stay far above the reference's own error estimate.
  std::vector<double> dist;
  for (std::int64_t n : {4000, 16000}) {
    const SiconosTrajectory s = run_siconos_euler_moreau(circuit<double>(o.circuit), n, 0.0);
    ASSERT_EQ(s.x.size(), static_cast<std::size_t>(n) + 1);
    double d = 0;
    for (std::size_t i = 0; i < a.sampled->times.size(); ++i) {
      const auto k = static_cast<std::size_t>(i) * static_cast<std::size_t>(n / o.samples);
      ASSERT_NEAR(s.t[k], a.sampled->times[i], 1e-12);
      d = std::max(d, (p.to_z(s.x[k]) - a.sampled->states[i]).norm());
    }
    dist.push_back(d);
  }
  const double order = std::log(dist[0] / dist[1]) / std::log(4.0);
  std::cout << "Siconos vs the reference: " << dist[0] << " (n = 4000), " << dist[1] << " (n = 16000), order " << order
            << "; reference error estimate " << a.reference_error << "\n";
  EXPECT_GT(order, 0.8) << "distances " << dist[0] << ", " << dist[1];
  EXPECT_LT(order, 1.2) << "distances " << dist[0] << ", " << dist[1];
  EXPECT_GT(dist[1], 10 * a.reference_error);
}

TEST(CircuitAuditProblem, ItsReferenceErrorEstimateIsSmallAgainstTheFinestLadderErrors) {
  const AuditProblem& a = circuit_problem();
  ASSERT_TRUE(a.sampled);
  ASSERT_TRUE(a.ladder);
  EXPECT_GT(a.reference_error, 0);
  // h_ref = 5e-7 (order 1, constant ~1.5): the estimate should be about 1e-6.
  EXPECT_LT(a.reference_error, 5e-6);
  EXPECT_GE(a.ladder->h_min, 10 * 1.0 / CircuitAuditOptions{}.reference_steps);
}

#ifdef FIXTURE_FROZEN_FIELD
TEST(CircuitAuditProblem, TheFrozenFieldExampleFailsOnItWhereTheSourceMatters) {
  // examples/wrong_frozen_field.cpp evaluates f at t = 0: on the circuit the
  // source u(0) = -0.5 instead of 16 sin 6πt - 0.5, a wrong limit.
  AuditOptions opt;
  opt.executor.jobs = 2;
  const AuditResult r = run_audit(load_plugin(FIXTURE_FROZEN_FIELD), {circuit_problem()}, opt);
  for (const Check& c : {kConvergenceCheck, kViolationCheck, kConsistencyCheck})
    std::cout << c.id << ": " << r.find(c.id)->evidence << "\n";
  EXPECT_EQ(r.find(kConvergenceCheck.id)->verdict, CheckVerdict::fail) << r.find(kConvergenceCheck.id)->evidence;
  EXPECT_EQ(r.find(kConsistencyCheck.id)->verdict, CheckVerdict::fail) << r.find(kConsistencyCheck.id)->evidence;
  EXPECT_EQ(r.find(kViolationCheck.id)->verdict, CheckVerdict::pass) << r.find(kViolationCheck.id)->evidence;
}
#endif

}  // namespace
}  // namespace sweepcheck
