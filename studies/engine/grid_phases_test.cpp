// Grid phases (studies/engine/grid_phases.hpp, issue 55): the phased grid
// the driver steps, the event observer that decides where phases are spent,
// and the rung's row as the worst over its phases.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sweepcheck/analytic/moving_sets.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/studies/engine/error_observers.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/integrate.hpp"
#include "sweepcheck/studies/engine/measure_run.hpp"

namespace sweepcheck {
namespace {

constexpr double kTwoPi = 6.283185307179586;

// The audit's oscillating wall: g = 4 presses throughout, g = 1 lifts off and lands each period.
MovingHalfPlane<double> wall(double g) {
  return MovingHalfPlane<double>({.A = 0.5, .omega = kTwoPi, .g = g, .a = 0, .u = 1, .b = 0, .t_end = 2.5, .kappa = 1});
}

TEST(GridPhases, ThePhasedDriverTakesAFirstStepOfPhiHThenHAndEndsExactlyAtTEnd) {
  const auto p = wall(4);
  IntegrateOptions o;
  o.phase = 0.25;
  std::vector<double> ts;
  const auto r = integrate(p, Pbd<double>{}, 10, [&](std::int64_t, double t, const Vec<double>&) { ts.push_back(t); }, o);
  EXPECT_EQ(r.steps, 10);
  ASSERT_EQ(ts.size(), 12u);  // n + 1 steps
  EXPECT_DOUBLE_EQ(ts[1], 0.25 * 0.25);
  for (std::size_t k = 1; k + 2 < ts.size(); ++k) EXPECT_NEAR(ts[k + 1] - ts[k], 0.25, 1e-14);
  EXPECT_EQ(ts.back(), 2.5);
  o.phase = 1.0;
  EXPECT_THROW(o.validate(), std::invalid_argument);
}

TEST(GridPhases, AnEventWithAVelocityJumpIsSeenAndAContactHeldThroughoutIsNot) {
  for (double g : {1.0, 4.0}) {
    const auto p = wall(g);
    ActiveSetObserver<double, ConstraintSet<double>> events(p.constraints());
    integrate(p, Pbd<double>{}, 2000, [&](std::int64_t k, double t, const Vec<double>& x) { events(k, t, x); });
    EXPECT_EQ(events.has_event(), g == 1.0 ? 1 : 0) << "g = " << g;
  }
}

TEST(GridPhases, TheRungsRowIsTheWorstPhasesWithTheBandAndEveryPhasesWork) {
  std::vector<RunRow> rows(4);
  const std::vector<double> phases{0, 0.25, 0.5, 0.75};
  for (std::size_t i = 0; i < 4; ++i) {
    rows[i].error_uniform = 1.0 + double(i % 3);  // 1, 2, 3, 1
    rows[i].violation = 0.1 * double(i);
    rows[i].steps = 100;
  }
  const RunRow r = worst_over_phases(rows, phases);
  EXPECT_EQ(r.error_uniform, 3.0);
  EXPECT_EQ(r.phase, 0.5);
  EXPECT_EQ(r.phases, 4);
  EXPECT_EQ(r.error_phase_best, 1.0);
  EXPECT_NEAR(r.violation, 0.3, 1e-15);
  EXPECT_EQ(r.rung_work_units(), 4 * rows[0].work_units());
  // A phase that did not finish is the rung's result, whatever the others measured.
  rows[3].status = RunStatus::diverged;
  EXPECT_EQ(worst_over_phases(rows, phases).status, RunStatus::diverged);
}

TEST(GridPhases, MeasureRungSpendsPhasesOnlyWhereThePlainGridHadAnEvent) {
  for (double g : {1.0, 4.0}) {
    const auto p = wall(g);
    std::vector<double> asked;
    const RunRow r = measure_rung(GridPhases{}, [&](double phase) {
      asked.push_back(phase);
      IntegrateOptions o;
      o.phase = phase;
      return measure_run(p, Pbd<double>{}, [&p](double t) { return p.exact(t); }, 500, 8, o);
    });
    EXPECT_EQ(asked.size(), g == 1.0 ? 4u : 1u) << "g = " << g;
    EXPECT_EQ(r.phases, int(asked.size()));
  }
  // never: the plain grid alone, events or not.
  const auto p = wall(1);
  int runs = 0;
  measure_rung(GridPhases::none(), [&](double phase) {
    ++runs;
    IntegrateOptions o;
    o.phase = phase;
    return measure_run(p, Pbd<double>{}, [&p](double t) { return p.exact(t); }, 500, 8, o);
  });
  EXPECT_EQ(runs, 1);
}

// A phase that does not finish ends the rung: its run is the result as it
// is, and no later phase is run.
TEST(GridPhases, MeasureRungStopsAtAPhaseThatDoesNotFinish) {
  std::vector<double> asked;
  const RunRow r = measure_rung(GridPhases{4, GridPhases::When::always}, [&](double phase) {
    asked.push_back(phase);
    RunRow row;
    row.status = phase == 0.5 ? RunStatus::diverged : RunStatus::ok;
    row.error_uniform = 1.0;
    return row;
  });
  EXPECT_EQ(r.status, RunStatus::diverged);
  EXPECT_EQ(asked, (std::vector<double>{0.0, 0.25, 0.5}));
}

}  // namespace
}  // namespace sweepcheck
