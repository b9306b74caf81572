// Problem plugins: loading (every failure mode named), and studies on them:
// with an exact solution (the 2-d sliding case) the reference-free estimate
// must agree with the referenced fit; without one (examples/external_problem)
// the study is reference-free and PBD's order 1 (seed 000, Theorem 3.8)
// must come out of the ladder alone.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "studies/runs/child_value.hpp"
#include "studies/runs/isolated_run.hpp"
#include "studies/runs/problem_plugin.hpp"
#include "studies/cases/problem_plugin_study.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"
#include <sweepcheck/validate_problem.hpp>

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

// A load whose problem this test process may call directly (the program's
// may not: only its children do).
ProblemPluginLoad in_process() {
  ProblemPluginLoad how;
  how.in_process = true;
  return how;
}

// Whether this process has mapped the file at `path` (loaded it).
bool mapped(const std::string& path) {
  std::ifstream maps("/proc/self/maps");
  const std::string name = std::filesystem::canonical(path).string();
  for (std::string line; std::getline(maps, line);)
    if (line.find(name) != std::string::npos) return true;
  return false;
}

TEST(ProblemPlugin, TheLoadingProcessNeverLoadsNorCallsThePluginItsChildrenDo) {
  // Issue 45: a problem plugin's thread crashed the host that constructed it.
  const auto d = load_problem_plugin(FIXTURE_PROBLEM_EXACT);
  EXPECT_FALSE(mapped(FIXTURE_PROBLEM_EXACT));
  // The description answers here; a call into the plugin's code is refused.
  EXPECT_EQ(d->name(), "sliding-circle");
  EXPECT_EQ(d->dim(), 2);
  EXPECT_EQ(d->constraints().size(), 1);
  std::vector<double> x(2), out(2);
  EXPECT_THROW(d->f(d->t0(), x, out), std::logic_error);
  EXPECT_FALSE(mapped(FIXTURE_PROBLEM_EXACT));
  // A child makes the call: it loads and constructs the problem itself.
  const ChildResult c = run_in_child(
      [&] {
        std::vector<double> x0(2), f(2);
        d->x0(x0);
        d->f(d->t0(), x0, f);
        return child_value(mapped(FIXTURE_PROBLEM_EXACT), f[0], f[1]);
      },
      30);
  ASSERT_EQ(c.status, RunStatus::ok) << describe(c);
  bool child_mapped = false;
  double f0 = NAN, f1 = NAN;
  read_child_value(c.payload, child_mapped, f0, f1);
  EXPECT_TRUE(child_mapped);
  EXPECT_TRUE(std::isfinite(f0) && std::isfinite(f1));
  // Negative control: a load that allows it runs the plugin in this process.
  const auto here = load_problem_plugin(FIXTURE_PROBLEM_EXACT, in_process());
  EXPECT_NO_THROW(here->f(here->t0(), x, out));
  EXPECT_TRUE(mapped(FIXTURE_PROBLEM_EXACT));
}

TEST(ProblemPlugin, APluginWithAnExactSolutionIsNotReferenceFree) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_EXACT, in_process()));
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
  EXPECT_EQ(f.verdict, FitVerdict::pass) << f.reason;
  const RichardsonEstimate& e = s.richardson[0].estimate;
  EXPECT_TRUE(e.asymptotic) << e.reason;
  // Agreement within the resolution: the orders the rule does not tell apart
  // (issue 44: the fit's interval is statistical, ±0.002 here, with no 0.05
  // floor, while Richardson's estimate carries its own ±0.05).
  EXPECT_NEAR(e.order, f.order, f.resolution) << e.reason;
  EXPECT_EQ(e.verdict, FitVerdict::pass) << e.reason;
}

TEST(ProblemPlugin, AReferenceFreeStudyFindsPbdOrderOneFromTheLadderAlone) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_FREE));
  const auto s = run_plugin_study(p, {{"pbd", catalog_scheme_factory(parse_scheme_spec("pbd"))}}, short_ladder());
  EXPECT_TRUE(s.reference_free);
  const RichardsonEstimate& e = s.richardson[0].estimate;
  EXPECT_TRUE(e.asymptotic) << e.reason;
  EXPECT_EQ(e.verdict, FitVerdict::pass) << e.reason;
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


// --- Issue 37: a problem plugin cannot crash, hang or fool the host. ---

std::string load_error(const std::string& path, bool validate = true) {
  ProblemPluginLoad how;
  how.validate = validate;
  try {
    load_problem_plugin(path, how);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(ProblemPluginValidation, TheCorrectExamplesPassValidation) {
  EXPECT_EQ(load_error(FIXTURE_PROBLEM_EXACT), "");
  EXPECT_EQ(load_error(FIXTURE_PROBLEM_FREE), "");
}

TEST(ProblemPluginValidation, AWrongExactSolutionIsRejectedNamingThePluginAndTheProperty) {
  const std::string m = load_error(HOSTILE_WRONG_EXACT);
  EXPECT_NE(m.find("libhostile_wrong_exact.so' fails validation"), std::string::npos) << m;
  EXPECT_NE(m.find("exact(t0) must equal x0() to round-off"), std::string::npos) << m;
  EXPECT_NE(m.find("--no-validate"), std::string::npos) << m;
}

TEST(ProblemPluginValidation, AProjectionLandingOutsideTheSetIsRejectedNamingTheProperty) {
  const std::string m = load_error(HOSTILE_BAD_PROJECTION);
  EXPECT_NE(m.find("project(j = 0, t, x) must land in S_j"), std::string::npos) << "[" << m << "]";
  // |P(x)| = 1.05: distance(P(x)) is 0.05, named with the radius.
  EXPECT_NE(m.find("|P(x)| = 1.05"), std::string::npos) << m;
}

TEST(ProblemPluginValidation, NoValidateLoadsTheProblemAndTellsWhatItBreaks) {
  std::string notes;
  ProblemPluginLoad how;
  how.validate = false;
  how.note = [&notes](const std::string& s) { notes += s; };
  EXPECT_NO_THROW(load_problem_plugin(HOSTILE_WRONG_EXACT, how));
  EXPECT_NE(notes.find("exact(t0) must equal x0()"), std::string::npos) << notes;
}

TEST(ProblemPluginValidation, TheMemoryRuleRefusesAHugeDimensionBeforeAllocating) {
  const std::string m = load_error(HOSTILE_HUGE_DIM);
  EXPECT_NE(m.find("dim() = 1000000000 needs about 8e+09 bytes (one state vector)"), std::string::npos) << m;
}

TEST(ProblemPluginValidation, AThrowingConstructorIsNamedWithItsMessage) {
  const std::string m = load_error(HOSTILE_THROWING_CONSTRUCTOR);
  EXPECT_NE(m.find("libhostile_throwing_constructor.so': its constructor threw: cannot open my data file"),
            std::string::npos)
      << m;
}

// A view whose gradient has the wrong sign: validation names it.
class WrongGradientDisk final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  int dim() const override { return 2; }
  void f(double, std::span<const double>, std::span<double> out) const override { out[0] = out[1] = 1; }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  static double norm(std::span<const double> x) { return std::hypot(x[0], x[1]); }
  int size() const override { return 1; }
  double value(int, double, std::span<const double> x) const override { return 1 - norm(x); }
  void gradient(int, double, std::span<const double> x, std::span<double> g) const override {
    g[0] = x[0] / norm(x), g[1] = x[1] / norm(x);  // the sign flipped: pointing out of S
  }
  double distance(int, double, std::span<const double> x) const override { return std::max(0.0, norm(x) - 1); }
  bool project(int, double, std::span<double> x) const override {
    const double r = norm(x);
    if (r <= 1) return false;
    x[0] /= r, x[1] /= r;
    return true;
  }
};

// Issue 60: S = {|x| >= 1}, the outside of the unit disk, whose project()
// sends a point of the hole to the far side of the circle (-x/|x|): on the
// boundary, idempotent, distance() to match, and x - P(x) along the
// normal there (the farthest boundary point is a KKT point too), so only
// a nearer point of S sampled near x shows it is not the nearest.
class FarSideHole final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  int dim() const override { return 2; }
  void f(double, std::span<const double>, std::span<double> out) const override { out[0] = out[1] = 0; }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  static double norm(std::span<const double> x) { return std::hypot(x[0], x[1]); }
  int size() const override { return 1; }
  double value(int, double, std::span<const double> x) const override { return norm(x) - 1; }
  void gradient(int, double, std::span<const double> x, std::span<double> g) const override {
    const double r = norm(x);
    g[0] = r > 0 ? x[0] / r : 1.0;
    g[1] = r > 0 ? x[1] / r : 0.0;
  }
  double distance(int j, double t, std::span<const double> x) const override {
    double p[2] = {x[0], x[1]};
    if (!project(j, t, p)) return 0;
    return std::hypot(x[0] - p[0], x[1] - p[1]);
  }
  bool project(int, double, std::span<double> x) const override {
    const double r = norm(x);
    if (r >= 1) return false;
    if (r == 0) {
      x[0] = -1, x[1] = 0;
      return true;
    }
    x[0] = -x[0] / r, x[1] = -x[1] / r;
    return true;
  }
};

std::string all_of(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

PluginStudyOptions four_rungs() {
  PluginStudyOptions o;
  o.h_max = 0.1;
  o.points = 4;
  o.executor.jobs = 2;
  return o;
}

TEST(ProblemPluginIsolation, ACrashInFIsTheProblemsFaultNamedWithTheCallAndTAndTheRunsAreKept) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(HOSTILE_SEGFAULT_IN_F), "problem plugin 'segv'");
  const auto s = run_plugin_study(p, {{"pbd", catalog_scheme_factory(parse_scheme_spec("pbd"))}}, four_rungs());
  ASSERT_EQ(s.study.rows.size(), 4u);
  int problem_faults = 0;
  for (const auto& r : s.study.rows) problem_faults += r.status == RunStatus::problem_fault;
  EXPECT_GE(problem_faults, 1);
  EXPECT_EQ(s.problem_faults, problem_faults);
  ASSERT_FALSE(s.faults.empty());
  EXPECT_NE(s.faults[0].find("problem plugin 'segv' crashed inside f at t = 1."), std::string::npos) << s.faults[0];
  EXPECT_NE(s.faults[0].find("SIGSEGV"), std::string::npos) << s.faults[0];
}

TEST(ProblemPluginBlame, ANanMadeByTheProblemsFIsTheProblemsFaultNotTheSchemes) {
  const AuditProblem p = audit_problem_from(load_problem_plugin(HOSTILE_NAN_IN_F, in_process()), "problem plugin 'nan'");
  // In process (no child): the guarded view notes the first non-finite value.
  const AuditRun r = run_stepper(p, catalog_scheme_factory(parse_scheme_spec("pbd")), 30, 1);
  EXPECT_EQ(r.row.status, RunStatus::problem_fault);
  EXPECT_NE(r.problem_fault.find("problem plugin 'nan' returned a non-finite value from f at t = 1"),
            std::string::npos)
      << r.problem_fault;
}

TEST(ProblemPluginBlame, ANanTheSchemeMadeIsStillTheSchemes) {
  // The correct example and a scheme fed nothing wrong: status ok, nothing noted.
  const AuditProblem p = audit_problem_from(load_problem_plugin(FIXTURE_PROBLEM_FREE, in_process()));
  const AuditRun r = run_stepper(p, catalog_scheme_factory(parse_scheme_spec("pbd")), 30, 1);
  EXPECT_EQ(r.row.status, RunStatus::ok);
  EXPECT_EQ(r.problem_fault, "");
}

}  // namespace

// Issue 60: a projection to radius 0.5 on the ray (in S, idempotent,
// distance and normal consistent with it) is not the nearest point: it is
// off the boundary, and points of S on the segment to x are nearer. Both
// named; --no-validate loads it and prints them.
TEST(ProblemPluginValidation, AProjectionLandingInsideSOffItsBoundaryIsRejectedNamingBothProperties) {
  const std::string m = load_error(HOSTILE_INNER_PROJECTION);
  EXPECT_NE(m.find("fails validation"), std::string::npos) << m;
  EXPECT_NE(m.find("project(j = 0, t, x) must land on the boundary of S_j for a point x outside it"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("|P(x)| = 0.5"), std::string::npos) << m;
  EXPECT_NE(m.find("must return the nearest point of S_j: a point of S_j on the segment from P(x) to x"),
            std::string::npos)
      << m;
  // What the earlier checks said of it: nothing (the hole this closes).
  EXPECT_EQ(m.find("must land in S_j"), std::string::npos) << m;
  EXPECT_EQ(m.find("idempotent"), std::string::npos) << m;
  EXPECT_EQ(m.find("must be |x - project"), std::string::npos) << m;
  EXPECT_EQ(m.find("-gradient"), std::string::npos) << m;
  std::string notes;
  ProblemPluginLoad how;
  how.validate = false;
  how.note = [&notes](const std::string& s) { notes += s; };
  EXPECT_NO_THROW(load_problem_plugin(HOSTILE_INNER_PROJECTION, how));
  EXPECT_NE(notes.find("must land on the boundary of S_j"), std::string::npos) << notes;
}

// Issue 60: a boundary point that satisfies the normal condition but is
// not the nearest (the far side of a hole) is found by a nearer sample
// point of S.
TEST(ProblemValidationApi, AFarBoundaryPointIsNotTheNearestAndANearerSamplePointOfSShowsIt) {
  const FarSideHole view;
  const double x0[2] = {1.0, 0.0};  // on the circle: about half the samples near it fall in the hole
  const auto v = problem_violations(ProblemUnderValidation{view, 0.0, 1.0, x0, {}, 1.0});
  const std::string all = all_of(v);
  EXPECT_NE(all.find("must return the nearest point of S_j: a point of S_j among the sample points"),
            std::string::npos)
      << all;
  EXPECT_EQ(all.find("-gradient"), std::string::npos) << all;  // the normal condition holds there
  EXPECT_EQ(all.find("boundary"), std::string::npos) << all;   // and P(x) is on the boundary
}

TEST(ProblemValidationApi, AProblemWithAWrongGradientIsNamed) {
  const WrongGradientDisk view;
  const double x0[2] = {0.1, 0.2};
  const auto v = problem_violations(ProblemUnderValidation{view, 0.0, 1.0, x0, {}, 1.0});
  ASSERT_FALSE(v.empty());
  EXPECT_NE(v[0].find("gradient(j = 0, t, x) must match finite differences of value"), std::string::npos) << v[0];
  // Issue 60: x - P(x) and -gradient are opposite here, and the sentence says so with its numbers.
  const std::string all = all_of(v);
  EXPECT_NE(all.find("its direction is 180 degrees off it (cosine -1.000000)"), std::string::npos) << all;
  EXPECT_NE(all.find("they point opposite ways"), std::string::npos) << all;
  // The testing API (<sweepcheck/validate_problem.hpp>): the in-tree sliding
  // case, with its exact solution, is what it says it is.
  const auto none = problem_violations(SlidingCase<double>{});
  EXPECT_TRUE(none.empty()) << none.front();
}

namespace {
}  // namespace
}  // namespace sweepcheck
