#pragma once
// What the pbd-paper claims read besides a study (pbd_paper_claims.hpp): the
// thresholds of every criterion, in one struct, and the runs of the perturbed
// starts. Values only, so that the claim families (pbd_paper_claim_parts.hpp)
// and the entry point both include them and neither includes the other's header.
#include <vector>

#include "sweepcheck/studies/engine/error_stall.hpp"
#include "sweepcheck/studies/engine/error_tie.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

struct PbdPaperThresholds {
  // "More accurate at the same h" is a comparison over many step sizes:
  // supported when it holds at this fraction of them (a clear majority; a
  // tie-level 50% would be chance).
  double majority = 0.8;
  // Where a penalty method's convergence breaks down (studies/engine/error_stall.hpp:
  // the rule and its reasoning; app/pbd_paper.md, "Penalty: breakdown by γ").
  StallRule stall;
  // When two errors are tied (studies/engine/error_tie.hpp; fit_order.md,
  // "Ties between two errors"): the comparisons count ties apart from
  // exceptions, and a claim is supported when nothing beyond a tie disagrees.
  TieRule ties;

  void validate() const;
};

// The runs of one seeded perturbed start (studies/engine/perturbed_starts.hpp): its
// relative size and its rows (the paper's steps, the schemes the stability
// claims are about). Stability is a response to perturbations (issue 27).
struct PerturbedRuns {
  double size = 0;
  std::vector<RunRow> rows;
};

}  // namespace sweepcheck
