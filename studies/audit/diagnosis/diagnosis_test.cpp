// The audit's diagnosis (issue 36): each rule against known answers, on
// synthetic data and on traced runs of small schemes whose defect is known.
#include "studies/audit/diagnosis/diagnosis.hpp"
#include "studies/audit/diagnosis/finding_match_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "studies/audit/problems/audit_problems.hpp"
#include "studies/audit/diagnosis/audit_trace.hpp"

namespace sweepcheck {
namespace {

using test_support::any_contains;

// PBD through the view, with the time the set and the field are queried at
// given as functions of (t_k, h), and the constraints swept from `first` to
// size() - drop: the defects of examples/ reduced to their stencil.
class StencilScheme final : public plugin::Stepper {
 public:
  using When = double (*)(double t, double h);
  StencilScheme(When f_at, When s_at, int drop = 0) : f_at_(f_at), s_at_(s_at), drop_(drop) {}
  std::string name() const override { return "stencil-scheme"; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work&) override {
    p.f(f_at_(t, h), x, out);
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = x[i] + h * out[i];
    for (int j = 0; j + drop_ < p.constraints().size(); ++j) p.constraints().project(j, s_at_(t, h), out);
    return StepStatus::ok;
  }

 private:
  When f_at_, s_at_;
  int drop_;
};

std::vector<TraceRun> traces(const AuditProblem& p, StencilScheme::When f_at, StencilScheme::When s_at, int drop = 0,
                             std::int64_t n0 = 16) {
  SchemeFactory scheme = [=] { return std::make_shared<StencilScheme>(f_at, s_at, drop); };
  std::vector<TraceRun> runs;
  for (int r = 0; r < 4; ++r) runs.push_back(trace_run(p, scheme, n0 << r, n0 << r));
  return runs;
}

double at_start(double t, double) { return t; }
double at_end(double t, double h) { return t + h; }
double at_zero(double, double) { return 0; }
double sqrt_early(double t, double h) { return t + h - 0.5 * std::sqrt(h); }

AuditProblem moving_wall() { return moving_audit_problems()[0]; }
AuditProblem sliding() { return audit_problems(1)[0]; }

TEST(Diagnosis, FitsTheOffsetLawOfAStencilThatIsNotAFractionOfTheStep) {
  std::vector<double> h{0.1, 0.05, 0.025, 0.0125}, o;
  for (double x : h) o.push_back(x - 0.5 * std::sqrt(x));
  const auto law = fit_offset_law(h, o);
  EXPECT_NEAR(law.q, 0.5, 0.011);
  EXPECT_NEAR(law.a, 1.0, 0.02);
  EXPECT_NEAR(law.b, -0.5, 0.01);
  EXPECT_LT(law.rms, 1e-3);
}

TEST(Diagnosis, PbdsStencilIsFieldAtTheStartAndSetAtTheEndOfTheStep) {
  const auto runs = traces(moving_wall(), at_start, at_end);
  const auto f = fit_stencil("f", "wall", runs), s = fit_stencil("S", "wall", runs);
  ASSERT_EQ(f.kind, "fixed");
  ASSERT_EQ(s.kind, "fixed");
  ASSERT_EQ(f.c.size(), 1u);
  ASSERT_EQ(s.c.size(), 1u);
  EXPECT_NEAR(f.c[0], 0, 1e-9);
  EXPECT_NEAR(s.c[0], 1, 1e-9);
  EXPECT_FALSE(f.outside || s.outside);
  const auto found = stencil_findings({f, s});
  for (const auto& x : found) EXPECT_FALSE(x.defect) << x.text;
}

TEST(Diagnosis, ATimeFrozenAtZeroIsNamedWhateverTheStep) {
  const auto runs = traces(moving_wall(), at_zero, at_zero);
  const auto f = fit_stencil("f", "wall", runs);
  EXPECT_EQ(f.kind, "frozen");
  ASSERT_EQ(f.frozen_at.size(), 1u);
  EXPECT_EQ(f.frozen_at[0], 0.0);
  EXPECT_TRUE(any_contains(stencil_findings({f}), "f always queried at t = 0 whatever t_k", true));
}

TEST(Diagnosis, ASetQueriedAtTheStepsStartIsANoteWithinTheTheoryNotADefect) {
  const auto runs = traces(moving_wall(), at_start, at_start);
  const auto s = fit_stencil("S", "wall", runs);
  ASSERT_EQ(s.kind, "fixed");
  const auto found = stencil_findings({s});
  EXPECT_TRUE(any_contains(found, "one-step lag", false));
  EXPECT_TRUE(any_contains(found, "keeps the violation O(h)", false));
}

TEST(Diagnosis, ASetQueriedHalfARootOfHBeforeTheStepsEndIsFittedAndNamed) {
  const auto runs = traces(moving_wall(), at_start, sqrt_early, 0, 64);
  const auto s = fit_stencil("S", "wall", runs);
  ASSERT_EQ(s.kind, "h-dependent") << s.law;
  ASSERT_EQ(s.laws.size(), 1u);
  EXPECT_NEAR(s.laws[0].q, 0.5, 0.011);
  EXPECT_NEAR(s.laws[0].b, -0.5, 0.01);
  EXPECT_TRUE(any_contains(stencil_findings({s}), "O(h^0.5) away", true));
}

TEST(Diagnosis, ADroppedConstraintIsNeverEvaluatedAndNamed) {
  const auto runs = traces(sliding(), at_start, at_end, 1);
  const auto c = coverage_of("sliding", runs);
  ASSERT_EQ(c.constraints, 2);
  ASSERT_EQ(c.never, std::vector<int>{1});
  EXPECT_GT(c.evaluations[0], 0);
  EXPECT_TRUE(any_contains(coverage_findings({c}), "constraint 1 of 2 (the last) never evaluated", true));
  // Negative control: the whole sweep covers both.
  const auto whole = coverage_of("sliding", traces(sliding(), at_start, at_end));
  EXPECT_TRUE(whole.never.empty());
  EXPECT_TRUE(coverage_findings({whole}).empty());
}

TEST(Diagnosis, AFreeStepScaledByHTwiceIsNamedAndAConsistentOneIsNot) {
  auto run_with = [](std::vector<std::pair<double, double>> hg) {
    std::vector<TraceRun> runs;
    for (auto [h, g] : hg) {
      TraceRun r;
      r.h = h;
      r.steps = 10;
      r.free_gain.assign(5, g);
      runs.push_back(r);
    }
    return runs;
  };
  EXPECT_TRUE(any_contains(free_step_findings("p", run_with({{0.1, 0.1}, {0.05, 0.05}, {0.025, 0.025}})),
                           "multiplied by h twice", true));
  EXPECT_TRUE(free_step_findings("p", run_with({{0.1, 1.1}, {0.05, 1.05}, {0.025, 1.025}})).empty());
  // Two traced h (the audit traces two on some problems): no law is supported,
  // yet the gains' slope still names the units slip; a fixed factor does not.
  EXPECT_TRUE(any_contains(free_step_findings("p", run_with({{0.00125, 0.00125}, {0.000625, 0.000625}})),
                           "multiplied by h twice", true));
  EXPECT_FALSE(any_contains(free_step_findings("p", run_with({{0.1, 2.0}, {0.05, 2.0}})), "multiplied by h twice",
                            true));
}

RunRow row(double h, double error, double violation) {
  RunRow r;
  r.h = h;
  r.error_uniform = error;
  r.violation = violation;
  r.scale = 1;
  r.noise_floor = 1e-14;
  return r;
}

TEST(Diagnosis, AnErrorStallingAtAFixedLevelIsNamedWithItsLevel) {
  std::vector<RunRow> stall, floor32, order1;
  for (double h : {0.1, 0.05, 0.025, 0.0125, 0.00625}) {
    stall.push_back(row(h, 1e-4 * (1 + 0.01 * h), 0));
    floor32.push_back(row(h, 2e-7, 0));
    order1.push_back(row(h, h, 0));
  }
  EXPECT_TRUE(any_contains(row_findings("p", stall, true, false, nullptr), "slack of about 0.0001", true));
  EXPECT_TRUE(any_contains(row_findings("p", floor32, true, false, nullptr),
                           "single-precision round-off in the state or in the step", true));
  EXPECT_FALSE(any_contains(row_findings("p", stall, true, false, nullptr), "round-off in the state", true));
  EXPECT_TRUE(row_findings("p", order1, true, true, nullptr).empty());
}

TEST(Diagnosis, AViolationThatSettlesIsNamedWithTheConstraintCarryingIt) {
  std::vector<RunRow> rows;
  for (double h : {0.1, 0.05, 0.025, 0.0125}) rows.push_back(row(h, h, 0.02));
  ConstraintCoverage c;
  c.constraints = 40;
  c.carrier = 39;
  c.carrier_violation = 0.02;
  const auto f = row_findings("p", rows, false, true, &c);
  EXPECT_TRUE(any_contains(f, "violation settles at 0.02", true));
  EXPECT_TRUE(any_contains(f, "carried by constraint 39 of 40", true));
}

TEST(Diagnosis, AViolationAtFloatsFloorIsNamedRoundOffWithItsFactorAndWhereToLook) {
  // examples/wrong_float_state.cpp on the translating ball: 1.17e-7 with ‖x‖ = 2.4.
  std::vector<RunRow> fl, slack, tiny;
  for (double h : {1e-4, 5e-5, 2.5e-5, 1.25e-5}) {
    fl.push_back(row(h, h, 1.17e-7));
    fl.back().scale = 2.4;
    slack.push_back(row(h, h, 1e-3));
    tiny.push_back(row(h, h, 1e-11));
  }
  const auto f = row_findings("ball", fl, false, true, nullptr);
  EXPECT_TRUE(any_contains(f, "single-precision round-off in the state or in the step (a factor 0.41", true));
  EXPECT_TRUE(any_contains(f, "Where to look: the update of x", true));
  EXPECT_TRUE(any_contains(f, "run the scheme in long double", true));
  // Negative controls: a slack of 1e-3, and 1e-11 (neither precision's floor), are not round-off.
  const auto s = row_findings("p", slack, false, true, nullptr);
  EXPECT_TRUE(any_contains(s, "a regularised one, a slack", true));
  EXPECT_TRUE(any_contains(s, "far above single-precision round-off", true));
  EXPECT_FALSE(any_contains(s, "single-precision round-off in the state", true));
  const auto t = row_findings("p", tiny, false, true, nullptr);
  EXPECT_TRUE(any_contains(t, "neither single- nor double-precision", true));
  EXPECT_TRUE(any_contains(t, "Where to look: project()", true));
}

TEST(Diagnosis, AnErrorGrowingLikeTheStepCountAtFloatsFloorIsAccumulatedRoundOff) {
  // One rounding of a unit state per step, biased: e = 0.3 ε_f n over n = 1/h.
  std::vector<RunRow> fl, order1;
  for (double h : {1e-4, 5e-5, 2.5e-5, 1.25e-5}) {
    const auto n = std::int64_t(std::llround(1 / h));
    fl.push_back(row(h, 0.3 * 1.19e-7 * double(n), 0));
    fl.back().steps = n;
    order1.push_back(row(h, 1e-2 * h * double(n) * h, 0));  // shrinking: no growth
    order1.back().steps = n;
  }
  EXPECT_TRUE(any_contains(row_findings("p", fl, true, false, nullptr),
                           "accumulated single-precision round-off in the state or in the step", true));
  // Negative control: an error growing far above n roundings is not called round-off.
  for (auto& r : fl) r.error_uniform *= 1e3;
  EXPECT_FALSE(any_contains(row_findings("p", fl, true, false, nullptr), "round-off", true));
  EXPECT_TRUE(row_findings("p", order1, true, false, nullptr).empty());
}

TEST(Diagnosis, AConsistencyDefectTimesHSettlingAtFloatsFloorIsAStepsRoundOff) {
  // A float state: each step is off by one rounding, 0.5 ε_f ‖x‖ = 6e-8, so the defect is 6e-8 / h.
  std::vector<std::pair<double, double>> fl, offset, sqrt_law;
  for (double h : {1e-3, 1e-4, 5e-5, 2.5e-5, 1.25e-5}) {
    fl.push_back({h, 6e-8 / h});
    offset.push_back({h, 1e-3 / h});
    sqrt_law.push_back({h, 1e-3 / std::sqrt(h)});
  }
  const auto f = step_floor_findings("p", fl, 1);
  EXPECT_TRUE(any_contains(f, "single-precision round-off in the state or in the step (a factor 0.5", true));
  EXPECT_TRUE(any_contains(f, "Where to look: the update of x", true));
  // Negative controls: a fixed offset of 1e-3 per step is no round-off, a defect like h^-1/2 no fixed displacement.
  EXPECT_TRUE(step_floor_findings("p", offset, 1).empty());
  EXPECT_TRUE(step_floor_findings("p", sqrt_law, 1).empty());
}

TEST(Diagnosis, AConsistencyDefectSettlingAtFloatsFloorOfTheFieldIsTheIncrementsRoundOff) {
  // f rounded to float: each step's increment is off by one relative rounding of h f, so the defect
  // settles at about 0.25 ε_f |f| (|f| = 2) whatever h; measured on a held-out scheme: 2.77e-8 for |f| = 1.
  std::vector<std::pair<double, double>> fl, tenth, doubles;
  for (double h : {1e-3, 1e-4, 5e-5, 2.5e-5, 1.25e-5}) {
    fl.push_back({h, 6e-8});
    tenth.push_back({h, 0.2});     // a field scaled by 0.9: |r| = 0.1 |f|
    doubles.push_back({h, 1e-16});  // double's own rounding
  }
  const auto f = step_floor_findings("p", fl, 1, 2);
  EXPECT_TRUE(any_contains(f, "single-precision round-off in the field's increment", true)) << f.size();
  EXPECT_TRUE(any_contains(f, "Where to look: the call of f(t, x, out) and the increment", true));
  // Negative controls: a 10 % error of the field is no round-off; double's rounding neither; without the
  // field's size nothing is said of a settled defect.
  EXPECT_TRUE(step_floor_findings("p", tenth, 1, 2).empty());
  EXPECT_TRUE(step_floor_findings("p", doubles, 1, 2).empty());
  EXPECT_TRUE(step_floor_findings("p", fl, 1, 0).empty());
}

TEST(Diagnosis, APatternOnTheMeasuredTagsNamesTheDimensionAndWhereToLook) {
  std::map<std::string, std::vector<std::string>> tags{
      {"disks", {"d >= 40", "several bodies", "1 < |x| <= 10", "L T < 10"}},
      {"crowd", {"d >= 40", "several bodies", "|x| > 10", "stiff field (L T >= 10)"}},
      {"sliding", {"d <= 5", "|x| <= 1", "f constant in x"}},
      {"wall", {"d <= 5", "1 < |x| <= 10", "L T < 10"}}};
  const auto f =
      pattern_findings("consistency", {{"disks", true}, {"crowd", true}, {"sliding", false}, {"wall", false}}, tags);
  EXPECT_TRUE(any_contains(f, "fails on every problem tagged 'd >= 40' (2/2) and passes every one without (2/2). "
                              "Where to look: what depends on the size of x",
                           false));
  EXPECT_TRUE(any_contains(f, "tagged 'several bodies' (2/2)", false));
  // Negative control: failing on one problem of each class, no tag (nor either of two) separates.
  const auto none =
      pattern_findings("consistency", {{"disks", true}, {"crowd", false}, {"sliding", true}, {"wall", false}}, tags);
  EXPECT_FALSE(any_contains(none, "fails on every problem tagged", false));
}

TEST(Diagnosis, APatternNamesTheTagEveryFailingProblemHasAndNoPassingOne) {
  std::map<std::string, std::vector<std::string>> tags{
      {"a", {"moving set"}}, {"b", {"moving set", "curved boundary"}}, {"c", {"curved boundary"}}, {"d", {"d <= 5"}}};
  const auto f = pattern_findings("violation", {{"a", true}, {"b", true}, {"c", false}, {"d", false}}, tags);
  EXPECT_TRUE(any_contains(f, "fails on every problem tagged 'moving set' (2/2) and passes every one without (2/2)",
                           false));
  // Either of two tags.
  std::map<std::string, std::vector<std::string>> t2{
      {"a", {"moving set"}}, {"b", {"time-dependent field"}}, {"c", {"curved boundary"}}};
  EXPECT_TRUE(any_contains(pattern_findings("convergence", {{"a", true}, {"b", true}, {"c", false}}, t2),
                           "'moving set' or 'time-dependent field' (2/2)", false));
  // Negative control: no tag separates them.
  std::map<std::string, std::vector<std::string>> t3{{"a", {"x"}}, {"b", {"x"}}, {"c", {"x"}}, {"d", {"x"}}};
  EXPECT_TRUE(pattern_findings("convergence", {{"a", true}, {"b", false}, {"c", true}, {"d", false}}, t3).empty());
}

TEST(Diagnosis, APatternSaysNothingOfAProblemWithoutTagsNorOfAFeatureTheFailingOnesLack) {
  // Issue 57: a problem plugin (no measured tags, 2-dimensional) fails, the tagged battery passes. Before:
  // "convergence fails only on problems not tagged 'd <= 5'". Now no line: the plugin is left out, and no
  // tagged problem fails.
  std::map<std::string, std::vector<std::string>> tags{
      {"sliding", {"d <= 5", "curved boundary"}}, {"wall", {"d <= 5", "moving set"}}, {"plugin", {}}};
  EXPECT_TRUE(
      pattern_findings("convergence", {{"sliding", false}, {"wall", false}, {"plugin", true}}, tags).empty());
  // A tagged failing problem beside it: the line speaks of the tagged ones and says who was left out.
  const auto f =
      pattern_findings("convergence", {{"sliding", false}, {"wall", true}, {"plugin", true}}, tags);
  EXPECT_TRUE(any_contains(f, "tagged 'moving set' (1/1) and passes every one without (1/1) (plugin left out",
                           false));
  // A feature only the passing problems have ('curved boundary') gives no "fails only where absent" line.
  for (const auto& x : f) EXPECT_EQ(x.text.find("not tagged"), std::string::npos) << x.text;
  // Negative control of the separation: failing and passing problems share every tag: nothing said.
  std::map<std::string, std::vector<std::string>> same{{"a", {"d <= 5"}}, {"b", {"d <= 5"}}};
  EXPECT_TRUE(pattern_findings("convergence", {{"a", true}, {"b", false}}, same).empty());
}

TEST(Diagnosis, AGrowthFromAPerturbedStartIsNamedWithItsFactorAndDirection) {
  GrowthTrace g;
  g.h = 0.05;
  for (int k = 0; k <= 6; ++k) g.gap.push_back(1e-12 * std::pow(3.0, k));
  g.direction = Vec<double>::Unit(3, 2);
  g.direction_step = 6;
  const Finding f = growth_finding("sliding", 1e-12, g);
  EXPECT_TRUE(f.defect);
  EXPECT_NE(f.text.find("factor 3 per step"), std::string::npos) << f.text;
  EXPECT_NE(f.text.find("along x_3"), std::string::npos) << f.text;
  Vec<double> mixed(3);
  mixed << 0.6, 0.0, 0.8;
  EXPECT_EQ(direction_words(mixed), "x_3 (0.80) and x_1 (0.60)");
}

}  // namespace
}  // namespace sweepcheck
