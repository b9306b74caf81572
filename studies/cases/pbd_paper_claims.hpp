#pragma once
// The claims of seed 000, Section 4 (PBD paper), checked on the sliding-case
// and disks studies: structured values (studies/cases/paper_claim.hpp) built from the
// study data only. The thresholds of every criterion are in one struct
// (pbd_paper_claim_inputs.hpp).
#include <string>
#include <vector>

#include "studies/cases/convergence_study.hpp"
#include "studies/cases/paper_claim.hpp"
#include "studies/cases/pbd_paper_claim_inputs.hpp"

namespace sweepcheck {

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
// fit's refinement.stop).
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
