// The polyhedral audit problems (studies/audit/problems/audit_lcs.hpp, the moving walls of
// studies/audit/problems/audit_problems.cpp): their views' constraints are the polyhedron's
// rows, the closed-form LCS problem's z(t) solves the sweeping inclusion, and
// an audit of a polyhedral scheme runs on them only, listing the others with
// the reason. The circuit's cached reference is checked against Siconos in
// audit_lcs_study_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "studies/audit/audit.hpp"
#include "studies/audit/problems/audit_lcs.hpp"
#include "sweepcheck/analytic/lcs_residual.hpp"
#include "sweepcheck/solvers/adapters/counting_view.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_stepper.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"

namespace sweepcheck {
namespace {

std::span<const double> cspan(const Vec<double>& x) { return {x.data(), static_cast<std::size_t>(x.size())}; }
std::span<double> mspan(Vec<double>& x) { return {x.data(), static_cast<std::size_t>(x.size())}; }

// Fixed, well-spread points around a base point (no random generator).
Vec<double> spread(const Vec<double>& base, int k, double radius) {
  Vec<double> u(base.size());
  for (Eigen::Index i = 0; i < u.size(); ++i) u[i] = std::sin(1.3 * (k + 1) + 2.1 * double(i + 1) * (k + 2));
  return base + radius * u;
}

// Every polyhedral problem of the battery, built without the circuit's
// reference (its view is the same class as the closed form's).
std::vector<AuditProblem> polyhedral_problems() {
  std::vector<AuditProblem> out;
  for (auto& p : moving_audit_problems())
    if (as_polyhedral(*p.view)) out.push_back(p);
  out.push_back(lcs_closed_form_audit_problem());
  return out;
}

TEST(PolyhedralAuditProblems, AreTheTwoWallsAndTheLcsAndNotTheCurvedSets) {
  std::vector<std::string> names;
  for (const auto& p : moving_audit_problems()) names.push_back(p.name + (as_polyhedral(*p.view) ? " yes" : " no"));
  EXPECT_EQ(names, (std::vector<std::string>{"moving-half-plane yes", "moving-half-plane yes", "dragged-in-ball no",
                                             "pushed-by-obstacle no"}));
  EXPECT_EQ(as_polyhedral(*audit_problems(1).front().view), nullptr);  // two ball complements
  for (const auto& p : polyhedral_problems()) EXPECT_FALSE(p.set_description.empty()) << p.name;
}

TEST(PolyhedralAuditProblems, ViewConstraintsAreTheUnitNormalisedRowsOfThePolyhedron) {
  for (const auto& a : polyhedral_problems()) {
    const plugin::ProblemView& v = *a.view;
    const plugin::ConstraintView& c = v.constraints();
    const PolyhedralView* poly = as_polyhedral(v);
    ASSERT_NE(poly, nullptr) << a.name;
    for (double t : {a.t0, 0.37 * a.t_end, a.t_end}) {
      const Polyhedron<double> s = poly->polyhedron(t);
      ASSERT_EQ(s.rows(), c.size()) << a.name;
      ASSERT_EQ(s.dim(), v.dim()) << a.name;
      for (int k = 0; k < 12; ++k) {
        const Vec<double> z = spread(a.x0, k, 0.8);
        for (int j = 0; j < c.size(); ++j) {
          const double norm = s.M.row(j).norm();
          const double expect = (s.M.row(j).dot(z) + s.b[j]) / norm;
          const double scale = 1 + s.M.row(j).cwiseAbs().dot(z.cwiseAbs()) / norm + std::abs(s.b[j]) / norm;
          EXPECT_NEAR(c.value(j, t, cspan(z)), expect, 1e-14 * scale) << a.name << " j=" << j;
          EXPECT_NEAR(c.distance(j, t, cspan(z)), std::max(0.0, -expect), 1e-14 * scale) << a.name;
          Vec<double> g(v.dim());
          c.gradient(j, t, cspan(z), mspan(g));
          EXPECT_LT((g - s.M.row(j).transpose() / norm).norm(), 1e-15) << a.name;
          // The exact projection onto the half-space: onto its boundary when
          // outside (moved along the normal), unchanged when inside.
          Vec<double> p = z;
          EXPECT_EQ(c.project(j, t, mspan(p)), expect < 0) << a.name;
          if (expect < 0) {
            EXPECT_NEAR((s.M.row(j).dot(p) + s.b[j]) / norm, 0.0, 1e-14 * scale) << a.name;
            EXPECT_LT(((p - z) - (-expect) * s.M.row(j).transpose() / norm).norm(), 1e-14 * scale) << a.name;
          } else {
            EXPECT_EQ(p, z) << a.name;
          }
        }
        // The problem's projector onto the whole polyhedron: feasible, and
        // y − P(y) in the normal cone of the active rows (KKT, by NNLS).
        const Vec<double> p = a.project(t, z);
        EXPECT_LT(s.max_violation(p), 1e-13) << a.name;
        std::vector<int> act;
        for (int j = 0; j < s.rows(); ++j)
          if (s.M.row(j).dot(p) + s.b[j] <= 1e-12 * s.M.row(j).norm()) act.push_back(j);
        if (act.empty()) {
          EXPECT_LT((p - z).norm(), 1e-13) << a.name;
        } else {
          Mat<double> A(v.dim(), static_cast<Eigen::Index>(act.size()));
          for (std::size_t i = 0; i < act.size(); ++i) A.col(static_cast<Eigen::Index>(i)) = s.M.row(act[i]).transpose();
          EXPECT_LT(nnls<double>(A, Vec<double>(p - z)).residual, 1e-12) << a.name;
        }
      }
    }
  }
}

TEST(PolyhedralAuditProblems, TheClosedFormProblemsZSolvesTheSweepingInclusionInZ) {
  // Independent of the closed form's own velocity formula: z'(t) by central
  // differences of the audit problem's exact(t), then the inclusion residual
  // z' ∈ f(t, z) − N(S(t), z) (analytic/lcs_residual.hpp). Away from t*
  // (the velocity jumps there); the difference's error is ~ h² |z'''| + ε/h.
  const AuditProblem a = lcs_closed_form_audit_problem();
  const LcsClosedForm<double> c;
  const LcsSweeping<double> p(c.data());
  EXPECT_LT((a.exact(0) - a.x0).norm(), 1e-15);
  const double ts = c.activation_time(), dh = 1e-5;
  int active = 0;
  for (int i = 1; i < 150; ++i) {
    const double t = a.t_end * i / 150.0;
    if (std::abs(t - ts) < 10 * dh) continue;
    const Vec<double> z = a.exact(t);
    const Vec<double> v = (a.exact(t + dh) - a.exact(t - dh)) / (2 * dh);
    const auto r = lcs_inclusion_residual(p, t, z, v, 1e-12);
    EXPECT_LT(r.infeasibility, 1e-14) << "t=" << t;
    EXPECT_LT(r.cone_residual, 1e-8) << "t=" << t;
    EXPECT_EQ(r.active, t > ts ? 1 : 0) << "t=" << t;
    active += r.active;
  }
  EXPECT_GT(active, 50);
}

TEST(PolyhedralAuditProblems, TheCountingViewPassesThePolyhedronOnAndCountsItsRows) {
  const AuditProblem a = lcs_closed_form_audit_problem();
  const CountingView counting(*a.view);
  ASSERT_NE(as_polyhedral(counting), nullptr);
  const auto stepper = catalog_scheme_factory(parse_scheme_spec("catching-up"))();
  Vec<double> out(a.x0.size());
  Work w;
  EXPECT_EQ(stepper->step(0, cspan(a.x0), 0.1, counting, mspan(out), w), StepStatus::ok);
  EXPECT_EQ(counting.counters().constraint_evaluations, 1);  // one row, read once
  // The same step as the scheme on the problem itself.
  const LcsClosedForm<double> c;
  const LcsSweeping<double> p(c.data());
  Vec<double> direct;
  Work w2;
  ExactCatchingUp<double>{}.step(p, 0.0, p.x0(), 0.1, direct, w2);
  EXPECT_LT((out - direct).norm(), 1e-15);
  // A decorated non-polyhedral view has none.
  const CountingView other(*audit_problems(1).front().view);
  EXPECT_EQ(as_polyhedral(other), nullptr);
}

TEST(PolyhedralAudit, CatchingUpRunsOnThePolyhedralProblemsAndListsTheOthersWithTheReason) {
  // A small battery: one sliding configuration (two ball complements) first,
  // then the closed-form LCS. Precision–work and determinism must use the
  // LCS (the first problem catching-up runs on).
  std::vector<AuditProblem> problems = audit_problems(1);
  problems.push_back(lcs_closed_form_audit_problem());
  AuditOptions opt;
  opt.executor.jobs = 2;
  const AuditResult r = run_audit(catalog_scheme_factory(parse_scheme_spec("catching-up")), problems, opt);
  ASSERT_EQ(r.not_run.size(), 1u);
  EXPECT_EQ(r.not_run[0].problem.rfind("sliding", 0), 0u);
  EXPECT_NE(r.not_run[0].reason.find("needs S(t) as a polyhedron"), std::string::npos) << r.not_run[0].reason;
  EXPECT_NE(r.not_run[0].reason.find("ball complements"), std::string::npos) << r.not_run[0].reason;
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].problem.rfind("lcs-closed-form", 0), 0u);
  for (const auto& c : r.checks) {
    EXPECT_NE(c.verdict, CheckVerdict::fail) << c.id << ": " << c.evidence;
    EXPECT_NE(c.verdict, CheckVerdict::inconclusive) << c.id << ": " << c.evidence;
    if (c.id == kPrecisionWorkCheck.id || c.id == kDeterminismCheck.id) {
      EXPECT_NE(c.evidence.find("lcs-closed-form"), std::string::npos) << c.evidence;
    } else {
      ASSERT_EQ(c.skipped.size(), 1u) << c.id;
      EXPECT_EQ(c.skipped[0].problem, r.not_run[0].problem);
      ASSERT_EQ(c.per_problem.size(), 1u) << c.id;
    }
  }
  for (const auto& row : r.ladder_rows) EXPECT_EQ(row.problem, "lcs-closed-form");
}

TEST(PolyhedralAudit, ASchemeThatRunsOnNoProblemOfTheBatteryIsBadInput) {
  AuditOptions opt;
  try {
    run_audit(catalog_scheme_factory(parse_scheme_spec("inexact-catching-up")), audit_problems(1), opt);
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("can run on none of the 1 problems"), std::string::npos) << e.what();
  }
}

TEST(PolyhedralAudit, OtherSchemesAuditTheSameProblemsAsBefore) {
  // A scheme without a ViewRequirement runs on every problem: nothing listed.
  std::vector<AuditProblem> problems = audit_problems(1);
  problems.push_back(lcs_closed_form_audit_problem());
  AuditOptions opt;
  opt.executor.jobs = 2;
  const AuditResult r = run_audit(catalog_scheme_factory(parse_scheme_spec("pbd")), problems, opt);
  EXPECT_TRUE(r.not_run.empty());
  EXPECT_EQ(r.problems.size(), 2u);
  for (const auto& c : r.checks) EXPECT_TRUE(c.skipped.empty()) << c.id;
  EXPECT_FALSE(r.any_failed());
}

}  // namespace
}  // namespace sweepcheck
