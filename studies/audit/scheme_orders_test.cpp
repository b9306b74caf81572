// Every scheme of the catalogue (studies/runs/scheme_catalog.cpp, the one list of
// in-tree schemes) against its own claim on the sliding case, in the manner
// of Boost.Odeint's test/numeric/order_of_convergence.cpp: walk the list,
// fit the order, compare with what the scheme says of itself (claimed order,
// lower-bound flag). Schemes that cannot run on this problem's view must say
// why (the catching-up schemes: a polyhedral set), never be skipped silently. The problem: sliding d = 5, C = 1, α = π/16 (the audit's
// third problem, asymptotic from h ~ 1e-2 on).
#include <gtest/gtest.h>

#include <cmath>

#include "studies/audit/audit.hpp"
#include "sweepcheck/solvers/adapters/polyhedral_stepper.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {
namespace {

TEST(SchemeOrders, EverySchemeOfTheCatalogueMeetsItsOwnClaimOnTheSlidingCaseOrSaysWhyItCannotRun) {
  const AuditProblem p = audit_problems(3).back();
  ASSERT_EQ(p.parameters.rfind("d=5 C=1", 0), 0u) << p.parameters;
  const StepLadder ladder{1e-2, 1e-4, 7};
  int judged = 0;
  for (const SchemeInfo& info : scheme_catalog()) {
    SchemeFactory factory;
    try {
      factory = catalog_scheme_factory(parse_scheme_spec(info.name));
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(info.name.find("catching-up"), std::string::npos) << info.name << " refused: " << e.what();
      EXPECT_NE(std::string(e.what()).find("polyhedron"), std::string::npos) << e.what();
      continue;
    }
    // Schemes that run only on some views (the catching-up schemes: a
    // polyhedron, solvers/adapters/polyhedral_stepper.hpp) say why they cannot run here.
    if (const auto s = factory(); const auto* need = dynamic_cast<const ViewRequirement*>(s.get())) {
      if (!need->runs_on(*p.view)) {
        EXPECT_NE(info.name.find("catching-up"), std::string::npos) << info.name << ": " << need->requirement();
        EXPECT_NE(need->requirement().find("polyhedron"), std::string::npos) << need->requirement();
        continue;
      }
    }
    std::vector<OrderPoint> pts;
    for (auto n : ladder.step_counts(p.t_end - p.t0)) {
      const RunRow r = run_stepper(p, factory, n, 8).row;
      pts.push_back({r.h, r.error_uniform, r.noise_floor, r.status == RunStatus::ok});
    }
    FitOptions o;
    o.expected_order = info.claimed_order;
    o.expected_is_sharp = info.claim_is_sharp;
    const OrderFit fit = fit_order(pts, o);
    if (std::isnan(info.claimed_order)) {
      // No claim (pgs, penalty): nothing to hold it to; the fit is reported.
      EXPECT_EQ(fit.verdict, FitVerdict::none_claimed) << info.name;
    } else {
      EXPECT_EQ(fit.verdict, FitVerdict::pass) << info.name << ": order " << fit.order << " [" << fit.ci_low << ", "
                                            << fit.ci_high << "] vs claim " << (info.claim_is_sharp ? "= " : ">= ")
                                            << info.claimed_order << " (" << fit.reason << ")";
      ++judged;
    }
  }
  EXPECT_EQ(judged, 4);  // pbd, pngs, moreau-euler, venel
}

}  // namespace
}  // namespace sweepcheck
