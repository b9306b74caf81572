#pragma once
// An example of a new check (checks/check_list_test.cpp, README "Add a
// check"): this one file, and one line in the check list. Every ladder run
// of the audited scheme on a problem finished (no divergence, no inner
// solver cap, no fault): a scheme of the seeds has a Φ_h for every h > 0
// (seed 000, Definition 2.8).
#include <fmt/format.h>

#include "studies/audit/checks/check.hpp"

namespace sweepcheck {
namespace finished_runs_check {

inline CheckOutcome on_problem(const ProblemRows& p, const AuditThresholds&) {
  Judgement j;
  j.verdict = p.ladder.empty() ? CheckVerdict::inconclusive : CheckVerdict::pass;
  j.evidence = fmt::format("all {} ladder runs finished", p.ladder.size());
  for (const auto& r : p.ladder)
    if (r.status != RunStatus::ok) {
      j.verdict = CheckVerdict::fail;
      j.evidence = fmt::format("the run with h = {:.3g} ended {}", r.h, to_string(r.status));
      break;
    }
  return {j, {}};
}

}  // namespace finished_runs_check

inline constexpr Check kFinishedRunsCheck{
    .id = "finished-runs",
    .title = "Every ladder run finished",
    .theorem = "seed 000, Definition 2.8: Phi_h is defined for every h > 0",
    .tags = unsigned(per_problem),
    .needs = unsigned(RunKind::ladder),
    .rests_on = RunKind::ladder,
    .on_problem = finished_runs_check::on_problem,
};

}  // namespace sweepcheck
