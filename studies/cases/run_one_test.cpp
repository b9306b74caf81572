// run_one (studies/cases/run_one.hpp): one run of a catalogue scheme, measured.
#include <gtest/gtest.h>

#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"

namespace sweepcheck {
namespace {

TEST(RunOne, MeasuresErrorViolationAndWork) {
  SlidingCase<double> p({.d = 3, .C = 1, .alpha = kPiOver16, .t_end = 0});
  StudyOptions opt;
  auto exact = [&p](double t) { return p.exact(t); };
  const RunRow r = run_one(p, "", exact, parse_scheme_spec("pbd"), 200, opt);
  EXPECT_EQ(r.status, RunStatus::ok);
  EXPECT_GT(r.error_uniform, 0);
  EXPECT_GE(r.error_uniform, r.error_grid);
  EXPECT_EQ(r.work.constraint_evaluations, 200 * 2);
  EXPECT_GT(r.violation, 0);  // PBD sits slightly off S after one sweep
  EXPECT_LT(r.violation, 1.0);
  EXPECT_NEAR(r.h, to_double(p.t_end()) / 200, 1e-15);
}

}  // namespace
}  // namespace sweepcheck

