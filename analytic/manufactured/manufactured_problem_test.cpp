// The construction's checks (issue 56): on every prepared schedule and on
// drawn ones, x* lies in S(t), the multipliers are >= 0 and complementary to
// the gaps, x* satisfies the inclusion to round-off (its residual,
// analytic/inclusion_residual.hpp), f is continuous at every landing while
// x*' jumps there, and the problem passes the problem validator; known
// answers; and the negative controls: a field with the wrong sign fails the
// residual, a schedule with a negative multiplier is refused naming it.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

#include "sweepcheck/analytic/inclusion_residual.hpp"
#include "sweepcheck/analytic/manufactured/draw.hpp"
#include "sweepcheck/analytic/manufactured/manufactured_problem.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/plugin/problem_validation.hpp"

namespace sweepcheck::manufactured {
namespace {

static_assert(HasExactSolution<ManufacturedProblem<double>>);

using P = ManufacturedProblem<double>;

// The schedules every check runs on: the prepared ones and 40 draws.
std::vector<Schedule> schedules() {
  std::vector<Schedule> out;
  for (const auto& n : prepared_names()) out.push_back(prepared(n));
  for (int k = 0; k < 40; ++k) out.push_back(draw(draw_seed(20261128, k)));
  return out;
}

// Sample times: a uniform grid plus each event time and its neighbours ± 1e-9.
std::vector<double> times(const P& p) {
  std::vector<double> t;
  const double T = p.t_end();
  for (int k = 0; k <= 400; ++k) t.push_back(T * k / 400.0);
  for (const auto& e : p.events())
    for (double d : {-1e-9, 0.0, 1e-9})
      if (e.t + d >= 0 && e.t + d <= T) t.push_back(e.t + d);
  return t;
}

// The residual of the inclusion at (t, x*(t)) with velocity v: feasibility
// and the distance of f − v from the normal cone's negative, over the
// constraints active within 1e-9 (a free gap near a lift-off is below that
// only for 3e-5 time units, where its multiplier is below 1e-4).
double residual(const P& p, double t, const Vec<double>& v, const Vec<double>& f) {
  const Vec<double> x = p.exact(t);
  const auto r = inclusion_residual(p.constraints(), t, x, f, v, 1e-9);
  return std::max(r.infeasibility, r.cone_residual);
}

TEST(ManufacturedProblem, ExactSolutionLiesInTheSetAndGapsMatchTheirClosedForms) {
  for (const auto& s : schedules()) {
    const P p(s);
    for (double t : times(p)) {
      const Vec<double> x = p.exact(t);
      const double tol = 1e-12 * (1 + x.norm());
      ASSERT_LE(p.constraints().max_violation(t, x), tol) << s.name << " at t = " << t;
      const Vec<double> g = p.gaps(t);
      for (int j = 0; j < p.scheduled_constraints(); ++j) {
        ASSERT_GE(g[j], 0) << s.name << " constraint " << j << " at t = " << t;
        ASSERT_NEAR(value(p.constraints()[j], t, x), g[j], tol) << s.name << " constraint " << j << " at t = " << t;
      }
    }
  }
}

TEST(ManufacturedProblem, MultipliersAreNonNegativeAndVanishOffContact) {
  for (const auto& s : schedules()) {
    const P p(s);
    for (double t : times(p)) {
      const Vec<double> mu = p.multipliers(t), g = p.gaps(t);
      for (int j = 0; j < mu.size(); ++j) {
        ASSERT_GE(mu[j], 0) << s.name << " constraint " << j << " at t = " << t;
        if (j < p.scheduled_constraints() && g[j] > 0) {
          ASSERT_EQ(mu[j], 0) << s.name << " " << j << " t = " << t;
        }
      }
    }
  }
}

TEST(ManufacturedProblem, ExactSolutionSatisfiesTheInclusionToRoundOff) {
  for (const auto& s : schedules()) {
    const P p(s);
    double worst = 0;
    for (double t : times(p)) {
      const Vec<double> x = p.exact(t);
      worst = std::max(worst, residual(p, t, p.velocity(t), p.f(t, x)) / (1 + p.velocity(t).norm()));
    }
    EXPECT_LE(worst, 1e-12) << s.name;
  }
}

TEST(ManufacturedProblem, VelocityIsTheDerivativeOfTheExactSolution) {
  // Central differences at times off the events (h = 1e-6: error about 1e-10 h^-1 + h^2).
  for (const auto& s : schedules()) {
    const P p(s);
    const auto ev = p.events();
    for (int k = 1; k < 200; ++k) {
      const double t = p.t_end() * (k + 0.3183) / 200.0, h = 1e-6;
      bool near = false;
      for (const auto& e : ev) near |= std::abs(e.t - t) < 2 * h;
      if (near) continue;
      const Vec<double> fd = (p.exact(t + h) - p.exact(t - h)) / (2 * h);
      ASSERT_LE((fd - p.velocity(t)).norm(), 1e-6 * (1 + fd.norm())) << s.name << " at t = " << t;
    }
  }
}

TEST(ManufacturedProblem, TheExactSolutionAskedAloneIsTheOneComputedWithItsVelocityBitForBit) {
  // exact() skips the rates; the error observers' numbers must not move.
  for (const auto& s : schedules()) {
    const P p(s);
    for (double t : times(p)) {
      Vec<double> x, v;
      p.exact_and_velocity(t, x, v);
      const Vec<double> alone = p.exact(t);
      ASSERT_EQ(alone.size(), x.size());
      for (Eigen::Index i = 0; i < x.size(); ++i)
        ASSERT_EQ(std::bit_cast<std::uint64_t>(alone[i]), std::bit_cast<std::uint64_t>(x[i]))
            << s.name << " at t = " << t << ", component " << i;
      ASSERT_EQ(v, p.velocity(t)) << s.name << " at t = " << t;
    }
  }
}

TEST(ManufacturedProblem, FieldIsContinuousAtLandingsWhereTheVelocityJumps) {
  // The multiplier's jump is what stops the normal velocity: x*' jumps at a
  // landing, f(t, x*(t)) does not; at a lift-off neither does.
  int landings = 0;
  for (const auto& s : schedules()) {
    const P p(s);
    for (const auto& e : p.events()) {
      const double a = e.t - 1e-9, b = e.t + 1e-9;
      const double jump_f = (p.f(b, p.exact(b)) - p.f(a, p.exact(a))).norm();
      const double jump_v = (p.velocity(b) - p.velocity(a)).norm();
      ASSERT_LE(jump_f, 1e-6) << s.name << " event at t = " << e.t;
      if (e.landing) {
        ++landings;
        ASSERT_GE(jump_v, 1e-3) << s.name << " landing at t = " << e.t;
      } else {
        ASSERT_LE(jump_v, 1e-6) << s.name << " lift-off at t = " << e.t;
        ASSERT_LE(p.multipliers(e.t)[e.constraint], 1e-12) << s.name << " lift-off at t = " << e.t;
      }
    }
  }
  EXPECT_GE(landings, 20);
}

TEST(ManufacturedProblem, PassesTheProblemValidator) {
  for (const auto& s : schedules()) {
    const P p(s);
    const auto view = make_problem_view(p);
    const Vec<double> x0 = p.x0();
    ProblemUnderValidation u{*view, 0, p.t_end(), std::span<const double>(x0.data(), std::size_t(x0.size())),
                             [&p](double t, std::span<double> out) {
                               const Vec<double> x = p.exact(t);
                               std::copy(x.begin(), x.end(), out.begin());
                               return true;
                             },
                             1.0};
    const auto v = problem_violations(u);
    EXPECT_TRUE(v.empty()) << s.name << ": " << (v.empty() ? "" : v.front());
  }
}

TEST(ManufacturedProblem, KnownAnswerOneWallInOneDimension) {
  // x >= 0 in R, contact on [0.5, 1], γ0 = 0.5, κ = 1, A = 0 (manufactured.md,
  // "A known answer"): x* = (0.5 − t)(1 + t) before, 0 on the contact,
  // (t − 1)² after; f = −0.5 − 2t, then −3 (1 − t) (μ_s = 1.5, ρ = 2(1 − t)),
  // then 2 (t − 1): the 1-D sweeping process solved by hand.
  Schedule s;
  s.t_end = 1.5;
  s.body_dim = 1;
  s.A = {0, 0, 0};
  WallsComponent w;
  Wall wall;
  wall.normal = {1};
  wall.gap = {{{0.5, 1.0}}, 0.5, 1, 0, 0};
  w.walls.push_back(wall);
  s.components.push_back(w);
  const P p(s);
  const Vec<double> any = Vec<double>::Constant(1, 7.0);  // A = 0: f does not depend on x
  EXPECT_DOUBLE_EQ(p.exact(0.25)[0], 0.3125);
  EXPECT_DOUBLE_EQ(p.f(0.25, any)[0], -1.0);
  EXPECT_DOUBLE_EQ(p.exact(0.75)[0], 0.0);
  EXPECT_DOUBLE_EQ(p.f(0.75, any)[0], -0.75);
  EXPECT_DOUBLE_EQ(p.multipliers(0.5)[0], 1.5);
  EXPECT_DOUBLE_EQ(p.f(0.5, any)[0], -1.5);
  EXPECT_DOUBLE_EQ(p.exact(1.25)[0], 0.0625);
  EXPECT_DOUBLE_EQ(p.f(1.25, any)[0], 0.5);
  // The pair: X_{1,2} = C ± (R + γ/2) u, so |X_1 − X_2| − 2R = γ, and its μ
  // at a landing is −γ'(s−)/2 (|∇g|² = 2).
  Schedule q;
  q.body_dim = 1;
  q.A = {0, 0, 0};
  PairComponent pair;
  pair.radius = 0.5;
  pair.centre = {Path{}};
  pair.p = {1};
  pair.gap = {{{1.0, 2.0}}, 1.0, 1, 0, 0};  // γ'(1−) = −(1/1 + 1) = −2
  q.components.push_back(pair);
  const P pq(q);
  EXPECT_DOUBLE_EQ(pq.multipliers(1.0)[0], 1.0);
  EXPECT_DOUBLE_EQ(pq.exact(0.0)[0], 1.0);  // C + (R + γ0/2) = 0 + 0.5 + 0.5
  EXPECT_DOUBLE_EQ(pq.exact(0.0)[1], -1.0);
}

TEST(ManufacturedProblem, TheWrongSignOfTheMultiplierTermFailsTheInclusion) {
  // Negative control of the residual check: f = x*' + Σ μ ∇g + A (x − x*),
  // the sign a misread normal cone gives, leaves a residual of 2 |Σ μ ∇g|
  // wherever a multiplier is positive.
  const P p(prepared("landings"));
  int seen = 0;
  for (double t : times(p)) {
    const Vec<double> x = p.exact(t), mu = p.multipliers(t);
    if (mu.maxCoeff() < 0.1) continue;
    Vec<double> push = Vec<double>::Zero(x.size()), g;
    for (int j = 0; j < mu.size(); ++j)
      if (mu[j] > 0) {
        gradient(p.constraints()[j], t, x, g);
        push += mu[j] * g;
      }
    const Vec<double> wrong = p.f(t, x) + 2 * push;
    ASSERT_GE(residual(p, t, p.velocity(t), wrong), 0.1) << "t = " << t;
    ++seen;
  }
  EXPECT_GE(seen, 100);
}

// The message of the std::invalid_argument a schedule throws ("" if none).
std::string refusal(const Schedule& s) {
  try {
    const P p(s);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(ManufacturedProblem, AScheduleWithANegativeMultiplierIsRefusedNamingIt) {
  Schedule s = prepared("landings");
  std::get<WallsComponent>(s.components[1]).walls[0].gap.mu0 = -0.5;
  const std::string why = refusal(s);
  EXPECT_NE(why.find("components[1].walls[0].gap.mu0 = -0.5 must be >= 0"), std::string::npos) << why;
  EXPECT_NE(why.find("wrong sign"), std::string::npos) << why;
  Schedule t = prepared("corner");
  std::get<WallsComponent>(t.components[0]).walls[1].gap.press = -5;
  const std::string why2 = refusal(t);
  EXPECT_NE(why2.find("components[0].walls[1].gap.press = -5 makes the multiplier negative"), std::string::npos)
      << why2;
}

TEST(ManufacturedProblem, MalformedSchedulesAreRefusedNamingTheField) {
  Schedule s = prepared("corner");
  std::get<WallsComponent>(s.components[0]).walls[1].normal = {1, 0, 0};  // not orthogonal to wall 0
  EXPECT_NE(refusal(s).find("walls[1].normal must be orthogonal to walls[0].normal"), std::string::npos);
  Schedule c = prepared("landings");
  std::get<WallsComponent>(c.components[0]).walls[0].gap.contacts[1].first = 0.5;  // overlaps contact 0
  EXPECT_NE(refusal(c).find("contacts[1] starts at 0.5, not after"), std::string::npos) << refusal(c);
  Schedule l = prepared("crowd-of-pairs");
  std::get<PairComponent>(l.components[1]).centre = std::get<PairComponent>(l.components[0]).centre;  // one lane
  EXPECT_NE(refusal(l).find("bodies 0 and 2 (of different pairs) come within"), std::string::npos) << refusal(l);
  Schedule o = prepared("obstacle");
  o.components.push_back(prepared("landings").components[0]);
  EXPECT_NE(refusal(o).find("an obstacle must be the schedule's only component"), std::string::npos);
  Schedule k = prepared("landings");
  std::get<WallsComponent>(k.components[0]).walls[0].gap.curvature = 0;
  EXPECT_NE(refusal(k).find("curvature = 0 must be > 0"), std::string::npos);
}

TEST(ManufacturedDraw, ASeedGivesTheSameScheduleAndSeedsDiffer) {
  EXPECT_EQ(draw(7), draw(7));
  EXPECT_FALSE(draw(7) == draw(8));
  EXPECT_EQ(draw(7).seed, 7u);
  EXPECT_NE(draw_seed(1, 0), draw_seed(1, 1));
  EXPECT_NE(draw_seed(1, 0), draw_seed(2, 0));
}

TEST(ManufacturedDraw, DrawsCoverEveryKindAndEvent) {
  int walls = 0, corners = 0, pairs = 0, obstacles = 0, moving = 0, landings = 0, liftoffs = 0;
  for (int k = 0; k < 60; ++k) {
    const P p(draw(draw_seed(3, k)));
    for (const auto& c : p.schedule().components) {
      if (const auto* w = std::get_if<WallsComponent>(&c)) {
        ++walls;
        corners += w->walls.size() == 2;
      }
      pairs += std::holds_alternative<PairComponent>(c);
      obstacles += std::holds_alternative<ObstacleComponent>(c);
    }
    moving += p.set_speed() > 0;
    for (const auto& e : p.events()) (e.landing ? landings : liftoffs)++;
  }
  EXPECT_GE(walls, 10);
  EXPECT_GE(corners, 3);
  EXPECT_GE(pairs, 10);
  EXPECT_GE(obstacles, 3);
  EXPECT_GE(moving, 5);
  EXPECT_GE(landings, 30);
  EXPECT_GE(liftoffs, 30);
}

TEST(ManufacturedDraw, DrawsReachDimensionOneHundredAndStayExact) {
  DrawOptions o;
  o.min_dimension = 100;
  o.max_dimension = 128;
  for (int k = 0; k < 4; ++k) {
    const P p(draw(draw_seed(11, k), o));
    EXPECT_GE(p.dim(), 100);
    EXPECT_LE(p.dim(), 128);
    double worst = 0;
    for (double t : times(p)) {
      const Vec<double> x = p.exact(t);
      worst = std::max(worst, residual(p, t, p.velocity(t), p.f(t, x)) / (1 + p.velocity(t).norm()));
    }
    EXPECT_LE(worst, 1e-12);
  }
}

}  // namespace
}  // namespace sweepcheck::manufactured
