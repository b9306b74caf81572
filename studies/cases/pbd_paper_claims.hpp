#pragma once
// The claims of seed 000, Section 4 (PBD paper), checked on the sliding-case
// and disks studies: structured values (studies/cases/claim.hpp) built from the
// study data only. The thresholds of every criterion are in one struct.
#include <string>
#include <vector>

#include "studies/cases/claim.hpp"
#include "sweepcheck/studies/engine/error_stall.hpp"
#include "sweepcheck/studies/engine/error_tie.hpp"
#include "studies/cases/convergence_study.hpp"

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

// Every claim of one problem's study ("sliding" or "disks"): the order of each
// scheme (on the paper's steps and refined), stability at large h (penalty
// and PGS, each judged from the given start and every perturbed start),
// accuracy per step, precision per work against the methods the paper
// compares, and the paper's sentences on the penalty method (disks: its
// breakdown by γ, split into the statements of Section 4.3; both: PBD's error
// below the penalty's at a fixed step). Each claim quotes the sentence it
// tests. Stability, accuracy and precision–work use the paper's steps only;
// the penalty's breakdown also the rungs its ladder was extended by (refined
// rows of a penalty scheme, with the extension's stop reason in the penalty
// fit's refinement_stop).
//
// The comparisons (accuracy per step, precision–work, PBD below the
// penalty) are judged on the runs from one start: the given one
// (comparison_start = 0, the study's rows) or the perturbed start of that
// size among `perturbed` (issue 34: on the sliding case the given start is
// exactly symmetric, and the explicit penalty stays on a measure-zero
// trajectory there); with no runs from that start they are inconclusive.
std::vector<Claim> pbd_paper_claims(const ConvergenceStudy& s, const std::string& problem,
                                    const PbdPaperThresholds& th = {},
                                    const std::vector<PerturbedRuns>& perturbed = {},
                                    double comparison_start = 0);

}  // namespace sweepcheck
