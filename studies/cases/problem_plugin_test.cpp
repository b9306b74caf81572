// Problem plugins: loading (every failure mode named), and studies on them:
// with an exact solution (the 2-d sliding case) the reference-free estimate
// must agree with the referenced fit; without one (examples/external_problem)
// the study is reference-free and PBD's order 1 (seed 000, Theorem 3.8)
// must come out of the ladder alone.
#include <gtest/gtest.h>

#include <cmath>

#include "studies/runs/problem_plugin.hpp"
#include "studies/cases/problem_plugin_study.hpp"

namespace sweepcheck {
namespace {

std::string message_of(const std::string& path) {
  try {
    load_problem_plugin(path);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(ProblemPlugin, MissingFileWrongAbiAndMissingEntryPointAreNamed) {
  EXPECT_NE(message_of("/nonexistent/libnothing.so").find("no such file"), std::string::npos);
  const std::string abi = message_of(FIXTURE_PROBLEM_WRONG_ABI);
  EXPECT_NE(abi.find("ABI version 999"), std::string::npos) << abi;
  const std::string entry = message_of(FIXTURE_NO_ENTRY);
  EXPECT_NE(entry.find("does not export sweepcheck_create_problem"), std::string::npos) << entry;
}

TEST(ProblemPlugin, APluginWithAnExactSolutionIsNotReferenceFree) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_EXACT));
  EXPECT_EQ(p.name, "sliding-circle");
  EXPECT_FALSE(p.reference_free());
  ASSERT_TRUE(p.exact);
  EXPECT_NEAR(p.exact(p.t0)[0], std::sin(0.4), 1e-15);
  EXPECT_TRUE(audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_FREE)).reference_free());
}

PluginStudyOptions short_ladder() {
  PluginStudyOptions o;
  o.h_max = 0.05;
  o.points = 6;
  o.executor.jobs = 2;
  return o;
}

TEST(ProblemPlugin, ReferenceFreeEstimateAgreesWithTheFitAgainstTheExactSolution) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_EXACT));
  const auto s = run_plugin_study(p, {{"pbd", catalog_scheme_factory(parse_scheme_spec("pbd"))}}, short_ladder());
  ASSERT_EQ(s.study.fits.size(), 1u);
  const OrderFit& f = s.study.fits[0].fit;
  EXPECT_EQ(f.verdict, Verdict::pass) << f.reason;
  const RichardsonEstimate& e = s.richardson[0].estimate;
  EXPECT_TRUE(e.asymptotic) << e.reason;
  EXPECT_GE(e.order, f.ci_low) << e.reason;
  EXPECT_LE(e.order, f.ci_high) << e.reason;
  EXPECT_EQ(e.verdict, Verdict::pass) << e.reason;
}

TEST(ProblemPlugin, AReferenceFreeStudyFindsPbdOrderOneFromTheLadderAlone) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_FREE));
  const auto s = run_plugin_study(p, {{"pbd", catalog_scheme_factory(parse_scheme_spec("pbd"))}}, short_ladder());
  EXPECT_TRUE(s.reference_free);
  const RichardsonEstimate& e = s.richardson[0].estimate;
  EXPECT_TRUE(e.asymptotic) << e.reason;
  EXPECT_EQ(e.verdict, Verdict::pass) << e.reason;
  // Rows: the finest run has no finer neighbour, every other one its distance to it.
  int without = 0;
  for (const auto& r : s.study.rows) without += std::isnan(r.error_uniform);
  EXPECT_EQ(without, 1);
}

TEST(ProblemPlugin, NestedLadderRejectsTooFewRungsAndOverflow) {
  PluginStudyOptions o;
  o.points = 2;
  EXPECT_THROW(nested_step_counts(1.0, o), std::invalid_argument);
  o.points = 40;
  EXPECT_THROW(nested_step_counts(1.0, o), std::invalid_argument);
  o.points = 4;
  o.h_max = 0.3;
  EXPECT_EQ(nested_step_counts(1.0, o), (std::vector<std::int64_t>{4, 8, 16, 32}));
}

}  // namespace
}  // namespace sweepcheck
