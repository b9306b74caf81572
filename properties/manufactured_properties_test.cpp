// Property tests over drawn manufactured problems (issue 56;
// analytic/manufactured/rapidcheck_schedule.hpp): PBD converges at order 1
// on every drawn problem (the claim of seed 000, Theorem 3.8, judged by the
// testing API's rule on a short ladder), and the negative control: a scheme
// that freezes the field at t = 0 fails its claim on every drawn problem
// (every draw's field depends on t: x*' moves along its paths and gaps).
// A failing draw prints as its JSON with its seed and shrinks (fewer
// coordinates, fewer contacts).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "sweepcheck/analytic/manufactured/manufactured_problem.hpp"
#include "sweepcheck/analytic/manufactured/rapidcheck_schedule.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/testing.hpp"

namespace sweepcheck {
namespace {

using manufactured::ManufacturedProblem;
using manufactured::Schedule;

// PBD with the field frozen at t = 0: consistent with nothing once f moves.
struct FrozenFieldPbd {
  static std::string name() { return "frozen-field-pbd"; }
  static double claimed_order() { return 1.0; }
  template <Problem P>
  StepStatus step(const P& p, const double& t, const Vec<double>& x, const double& h, Vec<double>& out,
                  Work& work) const {
    out = x + h * p.f(0.0, x);
    p.constraints().sweep(t + h, out, work);
    return StepStatus::ok;
  }
};

// The ladder: n = 40 ... 1280 (h = T/40 ... T/1280, five halvings), with the
// testing API's refinement within a small budget.
ConvergenceOptions options() {
  ConvergenceOptions o;
  o.steps = Steps::geometric_counts(40, 1280, 6);
  o.refine.budget_work = 2e6;
  return o;
}

RC_GTEST_PROP(ManufacturedProperties, PbdConvergesAtOrderOneOnEveryDrawnProblem, (const Schedule& s)) {
  const ManufacturedProblem<double> p(s);
  const auto r = check_convergence(p, Pbd<double>{}, OrderClaim::at_least(1), options());
  RC_LOG() << r.summary() << "\n";
  RC_ASSERT(r.verdict() == FitVerdict::pass);
}

RC_GTEST_PROP(ManufacturedProperties, AFrozenFieldFailsItsClaimOnEveryDrawnProblem, (const Schedule& s)) {
  const ManufacturedProblem<double> p(s);
  const auto r = check_convergence(p, FrozenFieldPbd{}, OrderClaim::at_least(1), options());
  RC_LOG() << r.summary() << "\n";
  RC_ASSERT(r.verdict() == FitVerdict::fail);
}

}  // namespace
}  // namespace sweepcheck
