// The contact frame (issue 57, contact_frame.hpp) on traced runs of small
// steppers whose contact step is known: PBD and PBD with a one-step lag of
// the set (negative controls, within the theory), the motion along the wall
// halved, the correction halved, doubled (a reflection) or reversed, and a
// sweep that stops after one projection.
#include "studies/audit/diagnosis/contact_frame.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "studies/audit/problems/audit_problems.hpp"
#include "studies/runs/child_value.hpp"

namespace sweepcheck {
namespace {

enum class Contact { pbd, lagged, damped_tangent, half_correction, reflection, reversed, one_projection, sticky, late_landing };

class ContactScheme final : public plugin::Stepper {
 public:
  explicit ContactScheme(Contact c) : c_(c) {}
  std::string name() const override { return "contact"; }
  StepStatus step(double t, std::span<const double> x, double h, const plugin::ProblemView& p, std::span<double> out,
                  Work&) override {
    const std::size_t d = x.size();
    p.f(t, x, out);
    for (std::size_t i = 0; i < d; ++i) out[i] = x[i] + h * out[i];
    const std::vector<double> pred(out.begin(), out.end());
    const auto& set = p.constraints();
    const double ts = c_ == Contact::lagged ? t : t + h;
    if (c_ == Contact::one_projection) {
      int worst = -1;
      double dw = 0;
      for (int j = 0; j < set.size(); ++j)
        if (const double dj = set.distance(j, ts, out); dj > dw) dw = dj, worst = j;
      if (worst >= 0) set.project(worst, ts, out);
      return StepStatus::ok;
    }
    if (c_ == Contact::sticky) {
      // PBD, then every constraint active at x put back on its boundary (examples/wrong_sticky_contact.cpp).
      std::vector<int> active;
      for (int j = 0; j < set.size(); ++j)
        if (std::abs(set.value(j, t, x)) <= 1e-9) active.push_back(j);
      for (int j = 0; j < set.size(); ++j) set.project(j, ts, out);
      std::vector<double> g(d);
      for (int j : active) {
        const double v = set.value(j, ts, out);
        if (!(v > 0)) continue;
        set.gradient(j, ts, out, g);
        double n2 = 0;
        for (double gi : g) n2 += gi * gi;
        for (std::size_t i = 0; i < d; ++i) out[i] -= v / n2 * g[i];
      }
      return StepStatus::ok;
    }
    if (c_ == Contact::late_landing) {
      // PBD that retires a constraint whose landing falls in the last 30 % of
      // the step (examples/wrong_drops_late_landing.cpp).
      dropped_.resize(std::size_t(set.size()), 0);
      for (int j = 0; j < set.size(); ++j) {
        if (dropped_[std::size_t(j)]) continue;
        const double before = set.value(j, t, x), after = set.value(j, ts, out);
        if (before > 0 && after < 0 && before / (before - after) > 0.7) {
          dropped_[std::size_t(j)] = 1;
          continue;
        }
        set.project(j, ts, out);
      }
      return StepStatus::ok;
    }
    int moved = -1;
    for (int j = 0; j < set.size(); ++j)
      if (set.project(j, ts, out)) moved = j;
    if (moved < 0) return StepStatus::ok;
    const double k = c_ == Contact::half_correction ? 0.5 : c_ == Contact::reflection ? 2.0 : c_ == Contact::reversed ? -1.0 : 1.0;
    for (std::size_t i = 0; i < d; ++i) out[i] = pred[i] + k * (out[i] - pred[i]);
    if (c_ == Contact::damped_tangent) {
      std::vector<double> g(d);
      set.gradient(moved, ts, out, g);
      double n2 = 0, dot = 0;
      for (std::size_t i = 0; i < d; ++i) n2 += g[i] * g[i], dot += (out[i] - x[i]) * g[i];
      for (std::size_t i = 0; i < d; ++i) out[i] -= 0.5 * ((out[i] - x[i]) - dot / n2 * g[i]);
    }
    return StepStatus::ok;
  }

 private:
  Contact c_;
  std::vector<char> dropped_;  // late_landing: the retired constraints (a fresh instance per run)
};

std::vector<TraceRun> contact_traces(const AuditProblem& p, Contact c) {
  SchemeFactory scheme = [c] { return std::make_shared<ContactScheme>(c); };
  std::vector<TraceRun> runs;
  for (int r = 0; r < 4; ++r) runs.push_back(trace_run(p, scheme, 16 << r, 16 << r));
  return runs;
}

std::string frame_texts(const std::vector<Finding>& fs) {
  std::string s;
  for (const auto& f : fs) s += f.text + " | ";
  return s;
}
bool frame_has(const std::vector<Finding>& fs, const std::string& text) {
  for (const auto& f : fs)
    if (f.defect && f.text.find(text) != std::string::npos) return true;
  return false;
}

AuditProblem frame_wall() { return moving_audit_problems()[0]; }
AuditProblem frame_crease() { return audit_problems(1)[0]; }

TEST(ContactFrame, PbdAndALaggedSetGiveNoFindingOnTheMovingWallOrTheCrease) {
  for (Contact c : {Contact::pbd, Contact::lagged}) {
    const auto w = contact_frame_findings("wall", contact_traces(frame_wall(), c));
    EXPECT_TRUE(w.empty()) << frame_texts(w);
  }
  const auto s = contact_frame_findings("crease", contact_traces(frame_crease(), Contact::pbd));
  EXPECT_TRUE(s.empty()) << frame_texts(s);
  // What PBD measures there: gain and ratio 1 on the flat wall.
  const auto runs = contact_traces(frame_wall(), Contact::pbd);
  ASSERT_GE(runs.back().tangential_gain.size(), 3u);
  ASSERT_GE(runs.back().normal_ratio.size(), 3u);
  EXPECT_NEAR(runs.back().tangential_gain[1], 1, 1e-9);
  EXPECT_NEAR(runs.back().normal_ratio[1], 1, 1e-6);
}

TEST(ContactFrame, TheMotionAlongTheWallHalvedIsNamedWithItsFactor) {
  const auto f = contact_frame_findings("wall", contact_traces(frame_wall(), Contact::damped_tangent));
  EXPECT_TRUE(frame_has(f, "the motion along the active constraint is scaled by 0.5")) << frame_texts(f);
}

TEST(ContactFrame, ANormalShortfallAnOvershootAndAWrongSignAreNamed) {
  const auto half = contact_frame_findings("wall", contact_traces(frame_wall(), Contact::half_correction));
  EXPECT_TRUE(frame_has(half, "a normal shortfall: the step corrects 0.5 of the distance")) << frame_texts(half);
  const auto twice = contact_frame_findings("wall", contact_traces(frame_wall(), Contact::reflection));
  EXPECT_TRUE(frame_has(twice, "a normal overshoot")) << frame_texts(twice);
  EXPECT_TRUE(frame_has(twice, "2: a reflection")) << frame_texts(twice);
  const auto back = contact_frame_findings("wall", contact_traces(frame_wall(), Contact::reversed));
  EXPECT_TRUE(frame_has(back, "a correction of the wrong sign")) << frame_texts(back);
}

TEST(ContactFrame, ASweepThatStopsAfterOneProjectionIsNamedKViolatedOneProjected) {
  const auto f = contact_frame_findings("crease", contact_traces(frame_crease(), Contact::one_projection));
  EXPECT_TRUE(frame_has(f, "\"k violated, 1 projected\"")) << frame_texts(f);
  // On the wall (one constraint) it is PBD: nothing.
  EXPECT_TRUE(contact_frame_findings("wall", contact_traces(frame_wall(), Contact::one_projection)).empty());
}

// The wall with lift-offs (g = 1, issue 55): PBD lets the point leave the wall; a
// contact held as an equality does not.
TEST(ContactFrame, AContactHeldAtALiftOffIsNamedAndPbdLetsThePointLeave) {
  const AuditProblem wall = lift_off_audit_problems()[0];
  const auto sticky = contact_frame_findings("wall", contact_traces(wall, Contact::sticky));
  EXPECT_TRUE(frame_has(sticky, "a contact held as an equality")) << frame_texts(sticky);
  const auto runs = contact_traces(wall, Contact::pbd);
  const auto pbd = contact_frame_findings("wall", runs);
  EXPECT_TRUE(pbd.empty()) << frame_texts(pbd);
  std::int64_t steps = 0, held = 0;
  for (const auto& r : runs) steps += r.liftoff_steps, held += r.liftoff_held;
  EXPECT_GE(steps, 1);  // PBD meets the lift-offs too, and holds none
  EXPECT_EQ(held, 0);
}

// The same wall: its landings after each lift-off. PBD projects every one;
// a step that retires a constraint landed on late in its step leaves them.
TEST(ContactFrame, ALandingLeftUncorrectedIsNamedWithWhereInTheStepItFalls) {
  const AuditProblem wall = lift_off_audit_problems()[0];
  const auto runs = contact_traces(wall, Contact::late_landing);
  const auto late = contact_frame_findings("wall", runs);
  EXPECT_TRUE(frame_has(late, "a landing left uncorrected")) << frame_texts(late);
  EXPECT_TRUE(frame_has(late, "the step decides by where in the step the crossing falls")) << frame_texts(late);
  for (const auto& r : runs)
    for (std::size_t s = 0; s < r.landing_phase.size(); ++s)
      if (r.landing_left[s]) EXPECT_GT(r.landing_phase[s], 0.7) << "h = " << r.h;
  const auto pbd_runs = contact_traces(wall, Contact::pbd);
  std::size_t landings = 0;
  for (const auto& r : pbd_runs) {
    landings += r.landing_phase.size();
    for (char left : r.landing_left) EXPECT_EQ(left, 0) << "h = " << r.h;
  }
  EXPECT_GE(landings, 4u);  // PBD meets the landings too, and leaves none
  const auto pbd = contact_frame_findings("wall", pbd_runs);
  EXPECT_TRUE(pbd.empty()) << frame_texts(pbd);
  // A scheme reading S at the step's start (a one-step lag, a correct scheme:
  // examples/pbd_lagged_set.cpp) leaves the crossings the wall's own motion
  // makes over the step; they are not landings it skipped.
  const auto lagged = contact_frame_findings("wall", contact_traces(wall, Contact::lagged));
  EXPECT_FALSE(frame_has(lagged, "a landing left uncorrected")) << frame_texts(lagged);
}

TEST(ContactFrame, TheMeasuresSurviveTheChildsCodec) {
  const auto runs = contact_traces(frame_wall(), Contact::damped_tangent);
  TraceRun back;
  read_child_value(child_value(runs.back()), back);
  EXPECT_EQ(back.tangential_gain, runs.back().tangential_gain);
  EXPECT_EQ(back.normal_ratio.size(), runs.back().normal_ratio.size());
  EXPECT_EQ(back.violated_before, runs.back().violated_before);
  EXPECT_EQ(back.liftoff_steps, runs.back().liftoff_steps);
  EXPECT_EQ(back.liftoff_held, runs.back().liftoff_held);
  const auto lifted = contact_traces(lift_off_audit_problems()[0], Contact::late_landing);
  read_child_value(child_value(lifted.back()), back);
  EXPECT_EQ(back.landing_phase, lifted.back().landing_phase);
  EXPECT_EQ(back.landing_left, lifted.back().landing_left);
}

}  // namespace
}  // namespace sweepcheck
