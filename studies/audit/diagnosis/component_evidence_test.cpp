// Per-component evidence (component_evidence.hpp) against known answers: a
// step that moves part of the state, a uniform one (negative control), a
// scalar gain on every coordinate (still a scalar gain), bodies, and the
// traced run's new fields through the child's codec.
#include "studies/audit/diagnosis/component_evidence.hpp"
#include "studies/audit/diagnosis/finding_match_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "studies/runs/child_value.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"

namespace sweepcheck {
// Named (not anonymous): the unit test is one unity batch with diagnosis_test.cpp.
namespace component_evidence_test {

using test_support::any_contains;
std::string all_text(const std::vector<Finding>& fs) {
  std::string s;
  for (const auto& f : fs) s += f.text + " | ";
  return s;
}

// Runs at h = 0.1, 0.05, 0.025 whose five free steps have, per coordinate i,
// h f_i = 1 + i/d and a displacement of gain(i, h) h f_i; `support`: moving
// projections act on every coordinate, and the coordinates with gain 0 are
// still corrected by them (`corrected`) or not.
template <class Gain>
std::vector<TraceRun> runs_with(int d, Gain gain, bool support = false, bool corrected = true) {
  std::vector<TraceRun> runs;
  for (double h : {0.1, 0.05, 0.025}) {
    TraceRun r;
    r.h = h;
    r.steps = 10;
    double num = 0, den = 0;
    r.free_dx_hf.assign(std::size_t(d), 0.0), r.free_hf2 = r.free_dx2 = r.moved = r.correction = r.free_dx_hf;
    r.projected_support.assign(std::size_t(d), support ? 3 : 0);
    for (int i = 0; i < d; ++i) {
      const double hf = h * (1 + double(i) / d), dx = gain(i, h) * hf;
      r.free_dx_hf[std::size_t(i)] = 5 * dx * hf, r.free_hf2[std::size_t(i)] = 5 * hf * hf;
      r.free_dx2[std::size_t(i)] = 5 * dx * dx;
      r.moved[std::size_t(i)] = dx != 0 || (support && corrected) ? 1.0 : 0.0;
      r.correction[std::size_t(i)] = support && corrected ? 0.5 : 0.0;
      num += dx * hf, den += hf * hf;
    }
    r.free_gain.assign(5, num / den);
    runs.push_back(r);
  }
  return runs;
}

TEST(ComponentEvidence, NamesTheCoordinatesAStepLeavesAloneAndTheOnesItMovesByHF) {
  const auto runs = runs_with(80, [](int i, double) { return i < 3 ? 1.0 : 0.0; });
  const auto e = component_evidence(runs, 0);
  ASSERT_TRUE(e.split());
  EXPECT_EQ(e.free_steps, 5);
  EXPECT_DOUBLE_EQ(e.h, 0.025);
  const auto f = free_step_evidence("disks", runs, 0);
  EXPECT_TRUE(any_contains(f, "coordinates 3-79 never move; coordinates 0-2 move by h f (g = 1)", true)) << all_text(f);
  EXPECT_TRUE(any_contains(f, "part of the state only", true));
  EXPECT_TRUE(any_contains(f, "Where to look: the update of x", true));
  // The whole-vector gain (0.04 here) is an average of unlike parts: not reported as a scalar gain.
  EXPECT_FALSE(any_contains(f, "scaled by that factor", true)) << all_text(f);
}

TEST(ComponentEvidence, ARangeSpansTheCoordinatesWhereTheFieldIsTooSmallToTell) {
  // Coordinates 5 and 7: f = 0 (a person walking straight at the door); no
  // finding can say whether they move, and the ranges say so.
  auto runs = runs_with(12, [](int i, double) { return i < 3 ? 1.0 : 0.0; });
  for (auto& r : runs)
    for (std::size_t i : {5u, 7u}) r.free_dx_hf[i] = r.free_hf2[i] = r.free_dx2[i] = 0;
  const auto f = free_step_evidence("crowd", runs, 0);
  EXPECT_TRUE(any_contains(f, "coordinates 3-11 (too small a field to tell at 5, 7) never move; coordinates 0-2 move", true))
      << all_text(f);
  // Not across a unit of another kind: 1 moves, so 0 and 2 stay apart.
  auto apart = runs_with(4, [](int i, double) { return i == 1 ? 1.0 : 0.0; });
  EXPECT_TRUE(any_contains(free_step_evidence("p", apart, 0), "coordinates 0, 2-3 never move; coordinate 1 moves", true))
      << all_text(free_step_evidence("p", apart, 0));
}

TEST(ComponentEvidence, SpeaksOfBodiesWhenEveryBodyMovesAsOne) {
  const auto runs = runs_with(80, [](int i, double) { return i < 2 ? 1.0 : 0.0; });
  const auto e = component_evidence(runs, 2);
  EXPECT_EQ(e.unit_dim, 2);
  ASSERT_EQ(e.units.size(), 40u);
  EXPECT_TRUE(any_contains(component_findings("disks", e),
                           "bodies 1-39 (coordinates 2-79) never move; body 0 (coordinates 0-1) moves by h f", true));
  // A body split inside (coordinates 0-2 move): spoken of in coordinates.
  const auto split = component_evidence(runs_with(80, [](int i, double) { return i < 3 ? 1.0 : 0.0; }), 2);
  EXPECT_EQ(split.unit_dim, 1);
  EXPECT_TRUE(any_contains(component_findings("disks", split), "coordinates 3-79 never move", true));
}

TEST(ComponentEvidence, AUniformConsistentStepGivesNoFinding) {
  // Negative control: g = 1 + h on every coordinate (a consistent scheme's O(h)).
  const auto runs = runs_with(80, [](int, double h) { return 1 + h; }, true);
  EXPECT_FALSE(component_evidence(runs, 2).split());
  EXPECT_TRUE(free_step_evidence("disks", runs, 2).empty()) << all_text(free_step_evidence("disks", runs, 2));
}

TEST(ComponentEvidence, AScalarGainOnEveryCoordinateIsStillCalledAScalarGain) {
  const auto runs = runs_with(80, [](int, double) { return 0.5; });
  EXPECT_FALSE(component_evidence(runs, 2).split());
  const auto f = free_step_evidence("disks", runs, 2);
  EXPECT_TRUE(any_contains(f, "the field is scaled by that factor", true)) << all_text(f);
  EXPECT_FALSE(any_contains(f, "never move", true));
  EXPECT_FALSE(any_contains(f, "part of the state", true));
}

TEST(ComponentEvidence, AnotherGainOnSomeCoordinatesIsNamedWithItsValue) {
  const auto f = free_step_evidence("p", runs_with(5, [](int i, double) { return i >= 3 ? 0.5 : 1.0; }), 0);
  EXPECT_TRUE(any_contains(f, "coordinates 3-4 move by g h f with g = 0.5; coordinates 0-2 move by h f", true))
      << all_text(f);
}

TEST(ComponentEvidence, OneGainThatStraddlesTheToleranceIsNotASplit) {
  // 0.81 and 0.79 on alternate coordinates: one scalar gain near 0.8, on either side of the 0.2 tolerance
  // (measured on a step that ignores h); the whole-vector rule names it.
  const auto runs = runs_with(6, [](int i, double) { return i % 2 ? 0.79 : 0.81; });
  EXPECT_FALSE(component_evidence(runs, 0).split());
  const auto f = free_step_evidence("p", runs, 0);
  EXPECT_FALSE(any_contains(f, "part of the state only", true)) << all_text(f);
}

TEST(ComponentEvidence, SaysWhetherTheProjectionsReachTheCoordinatesTheFieldMisses) {
  const auto gain = [](int i, double) { return i < 3 ? 1.0 : 0.0; };
  EXPECT_TRUE(any_contains(free_step_evidence("p", runs_with(8, gain, true, true), 0),
                           "project() does move them (45 moving projections", true));
  EXPECT_TRUE(any_contains(free_step_evidence("p", runs_with(8, gain, true, false), 0),
                           "Nor do the 45 moving projections of constraints acting on them reach the state", true));
  EXPECT_TRUE(any_contains(free_step_evidence("p", runs_with(8, gain), 0), "No moving projection acted on them", true));
}

TEST(ComponentEvidence, ACoordinateProjectionsActOnThatMovesByHFAloneIsNamedWithoutFreeSteps) {
  TraceRun r;
  r.h = 0.1;
  r.steps = 10;
  r.moved = {1, 1, 2, 0};
  r.correction = {1, 0.5, 1e-16, 0};  // coordinate 2: Δ_2 = h f_2 to round-off in the steps with a projection
  r.projected_support = {4, 4, 4, 0};
  const auto f = component_findings("p", component_evidence({r}, 0));
  EXPECT_TRUE(any_contains(f, "project() moved the point 4 times for constraints acting on coordinate 2", true))
      << all_text(f);
  // Negative control: a point resting on a static wall never changes in the
  // wall's normal coordinate (the projection undoes h f_2 each step).
  r.moved = {1, 1, 0, 0};
  r.correction = {1, 0.5, 0.3, 0};
  EXPECT_TRUE(component_findings("p", component_evidence({r}, 0)).empty());
}

TEST(ComponentEvidence, IndexRangesAreConsecutiveRunsNumberedFromZero) {
  EXPECT_EQ(index_ranges({0, 1, 2, 5, 7, 8}), "0-2, 5, 7-8");
  EXPECT_EQ(index_ranges({}), "");
}

// Euler step on the first `moving` coordinates only (a loop bound hard-coded).
// With `discard`, the projections act on a copy the step then drops.
class PartialEuler final : public plugin::Stepper {
 public:
  explicit PartialEuler(std::size_t moving, bool discard = false) : moving_(moving), discard_(discard) {}
  std::string name() const override { return "partial-euler"; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work&) override {
    p.f(t, x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = i < moving_ ? x[i] + h * out[i] : x[i];
    std::vector<double> copy(out.begin(), out.end());
    const std::span<double> y = discard_ ? std::span<double>(copy) : out;
    for (int j = 0; j < p.constraints().size(); ++j) p.constraints().project(j, t + h, y);
    return StepStatus::ok;
  }

 private:
  std::size_t moving_;
  bool discard_;
};

// x' = (1, 2, ..., d) in R^d, with one wall x_0 >= -100 far behind (every
// step of the traced runs is free of contact) or, `ahead`, the wall
// x_0 <= 0.5 the point reaches at t = 0.5 and then slides along.
class FarWall final : public plugin::ProblemView, private plugin::ConstraintView {
 public:
  explicit FarWall(int d, bool ahead = false) : d_(d), s_(ahead ? -1 : 1), w_(ahead ? -0.5 : 100) {}
  int dim() const override { return d_; }
  void f(double, std::span<const double>, std::span<double> out) const override {
    for (int i = 0; i < d_; ++i) out[std::size_t(i)] = 1 + i;
  }
  const plugin::ConstraintView& constraints() const override { return *this; }

 private:
  int size() const override { return 1; }
  // g(x) = s x_0 + w >= 0.
  double value(int, double, std::span<const double> x) const override { return s_ * x[0] + w_; }
  void gradient(int, double, std::span<const double>, std::span<double> g) const override {
    for (auto& v : g) v = 0;
    g[0] = s_;
  }
  double distance(int, double, std::span<const double> x) const override { return std::max(0.0, -(s_ * x[0] + w_)); }
  bool project(int, double, std::span<double> x) const override {
    if (s_ * x[0] + w_ >= 0) return false;
    x[0] = -w_ / s_;
    return true;
  }
  int d_;
  double s_, w_;
};

TEST(ComponentEvidence, TheTracedRunsSumsSurviveTheChildsCodecAndNameAPartialEulerStep) {
  AuditProblem p;
  p.name = "far-wall";
  p.view = std::make_shared<const FarWall>(4);
  p.x0 = Vec<double>::Zero(4);
  auto traced = [&p](std::size_t moving) {
    std::vector<TraceRun> runs;
    for (int r = 0; r < 4; ++r)
      runs.push_back(trace_run(p, [moving] { return std::make_shared<PartialEuler>(moving); }, 16 << r, 16 << r));
    return runs;
  };
  // Negative control: the whole Euler step.
  const auto whole = traced(4);
  EXPECT_EQ(component_evidence(whole, 0).free_steps, 128);
  EXPECT_FALSE(component_evidence(whole, 2).split());
  EXPECT_TRUE(free_step_evidence("p", whole, 2).empty()) << all_text(free_step_evidence("p", whole, 2));
  // The field applied to the first two coordinates only.
  const auto runs = traced(2);
  ASSERT_EQ(runs.back().free_dx_hf.size(), 4u);
  TraceRun back;
  read_child_value(child_value(runs.back()), back);
  EXPECT_EQ(back.free_dx_hf, runs.back().free_dx_hf);
  EXPECT_EQ(back.free_hf2, runs.back().free_hf2);
  EXPECT_EQ(back.free_dx2, runs.back().free_dx2);
  EXPECT_EQ(back.moved, runs.back().moved);
  EXPECT_EQ(back.correction, runs.back().correction);
  EXPECT_EQ(back.projected_support, runs.back().projected_support);
  EXPECT_TRUE(any_contains(free_step_evidence("p", runs, 0),
                           "coordinates 2-3 never move; coordinates 0-1 move by h f (g = 1)", true))
      << all_text(free_step_evidence("p", runs, 0));
  EXPECT_TRUE(any_contains(free_step_evidence("p", runs, 2),
                           "body 1 (coordinates 2-3) never moves; body 0 (coordinates 0-1) moves by h f", true))
      << all_text(free_step_evidence("p", runs, 2));
}

TEST(ComponentEvidence, AProjectionWhoseResultTheStepDropsIsNamedWithItsConstraint) {
  AuditProblem p;
  p.name = "wall-ahead";
  p.view = std::make_shared<const FarWall>(3, true);
  p.x0 = Vec<double>::Zero(3);
  auto traced = [&p](bool discard) {
    std::vector<TraceRun> runs;
    for (int r = 0; r < 4; ++r)
      runs.push_back(trace_run(p, [discard] { return std::make_shared<PartialEuler>(3, discard); }, 16 << r, 16 << r));
    return runs;
  };
  const auto dropped = traced(true);
  TraceRun back;
  read_child_value(child_value(dropped.back()), back);
  EXPECT_EQ(back.unreached, dropped.back().unreached);
  ASSERT_GT(dropped.back().projections.at(0), 0);
  EXPECT_EQ(dropped.back().unreached.at(0), dropped.back().projections.at(0));
  const auto f = free_step_evidence("p", dropped, 0);
  EXPECT_TRUE(any_contains(f, "for constraints acting on coordinate 0, yet it moves by h f alone", true)) << all_text(f);
  EXPECT_TRUE(any_contains(f, "of constraint 0 (1 of 1) never changed the step's result from x + h f", true))
      << all_text(f);
  // Negative control: PBD, whose projections hold the point on the wall
  // (x_0 then never changes: the projection undoes h f_0 every step).
  const auto kept = traced(false);
  EXPECT_EQ(kept.back().unreached.at(0), 0);
  EXPECT_TRUE(free_step_evidence("p", kept, 0).empty()) << all_text(free_step_evidence("p", kept, 0));
}

// Issue 47, item 5: every defect of the stencil, coverage, free-step,
// per-component and growth rules names where to look and a check to run.
TEST(ComponentEvidence, EveryDefectOfTheDiagnosisRulesSaysWhereToLookAndHowToCheck) {
  std::vector<Finding> all;
  auto law = [](std::string of, std::string kind) {
    StencilLaw l;
    l.of = std::move(of), l.problem = "p", l.kind = std::move(kind);
    return l;
  };
  const StencilLaw never = law("S", "never");
  StencilLaw frozen = law("f", "frozen");
  frozen.frozen_at = {0};
  StencilLaw sqrt_h = law("S", "h-dependent");
  sqrt_h.laws = {{1, 0.1, 0.5, 0}};
  sqrt_h.c_min = 1, sqrt_h.c_max = 1.7, sqrt_h.outside = true;
  for (const auto& l : {never, frozen, sqrt_h})
    for (auto& f : stencil_findings({l})) all.push_back(f);
  auto coverage = [](int m, std::vector<int> never) {
    ConstraintCoverage c;
    c.problem = "p", c.constraints = m, c.runs = 4, c.never = std::move(never);
    return c;
  };
  const auto dropped = coverage(2, {1}), ignored = coverage(2, {0, 1}), some = coverage(20, {3, 4});
  for (auto& f : coverage_findings({dropped, ignored, some})) all.push_back(f);
  for (auto& f : free_step_evidence("p", runs_with(8, [](int, double h) { return h; }), 0)) all.push_back(f);
  for (auto& f : free_step_evidence("p", runs_with(8, [](int, double) { return 0.5; }), 0)) all.push_back(f);
  for (auto& f : free_step_evidence("p", runs_with(8, [](int i, double) { return i < 3 ? 1.0 : 0.0; }), 0))
    all.push_back(f);
  TraceRun r;
  r.moved = {1, 1};
  r.correction = {1, 0};
  r.projected_support = {1, 1};
  for (auto& f : component_findings("p", component_evidence({r}, 0))) all.push_back(f);
  GrowthTrace g;
  g.h = 0.05, g.gap = {1e-12, 3e-12, 9e-12}, g.direction = Vec<double>::Unit(3, 2), g.direction_step = 2;
  all.push_back(growth_finding("p", 1e-12, g));
  GrowthTrace at_once;
  at_once.h = 0.05, at_once.gap = {1e-12, 1};
  all.push_back(growth_finding("p", 1e-12, at_once));
  int defects = 0;
  for (const auto& f : all) {
    if (!f.defect) continue;
    ++defects;
    EXPECT_NE(f.text.find("Where to look:"), std::string::npos) << f.text;
    EXPECT_NE(f.text.find("Check:"), std::string::npos) << f.text;
  }
  EXPECT_EQ(defects, 12) << all_text(all);
}

}  // namespace component_evidence_test
}  // namespace sweepcheck
