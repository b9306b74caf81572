#pragma once
// The claims of seed 000, Section 4 (PBD paper), checked on the sliding-case
// and disks studies: structured values (studies/claim.hpp) built from the
// study data only. The thresholds of every criterion are in one struct.
#include <string>
#include <vector>

#include "studies/claim.hpp"
#include "studies/convergence_study.hpp"

namespace sweepcheck {

struct PbdPaperThresholds {
  // "More accurate at the same h" and "smallest error per evaluation" are
  // comparisons over many step sizes: supported when they hold at this
  // fraction of them (a clear majority; a tie-level 50% would be chance).
  double majority = 0.8;
  // Penalty "stalls": the local order between its two smallest ok steps lies
  // below this (half the order PBD reaches; a converging first-order scheme
  // has local orders near 1).
  double stall_local_order = 0.5;

  void validate() const;
};

// The runs of one seeded perturbed start (studies/perturbed_starts.hpp): its
// relative size and its rows (the paper's steps, the schemes the stability
// claims are about). Stability is a response to perturbations (issue 27).
struct PerturbedRuns {
  double size = 0;
  std::vector<RunRow> rows;
};

// Every claim of one problem's study ("sliding" or "disks"): the order of each
// scheme (on the paper's steps and refined), stability at large h (penalty
// and PGS, each judged from the given start and every perturbed start),
// accuracy per step, precision per work, penalty stalling. Stability,
// accuracy, precision–work and penalty use the paper's steps only (refined
// rungs are reported beside them, not mixed in).
std::vector<Claim> pbd_paper_claims(const ConvergenceStudy& s, const std::string& problem,
                                    const PbdPaperThresholds& th = {},
                                    const std::vector<PerturbedRuns>& perturbed = {});

}  // namespace sweepcheck
