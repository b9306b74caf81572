#pragma once
// `study pbd-paper` as a value (seed 000, Section 4): five schemes on the
// sliding case (Fig. 8) and the non-overlapping disks (Figs. 9, 10), the
// disks' cached PNGS reference with its error estimate, the reference-free
// cross-check of that reference, and every claim of the section with its
// verdict (studies/pbd_paper_claims.hpp). app/ only parses the options and
// writes the reports; studies/pbd_paper_study_test asserts every verdict.
#include <functional>
#include <string>
#include <vector>

#include "analytic/disks.hpp"
#include "studies/claim.hpp"
#include "studies/convergence_study.hpp"
#include "studies/disks_reference.hpp"
#include "studies/pbd_paper_claims.hpp"
#include "studies/reference_free.hpp"
#include "studies/refinement.hpp"
#include "studies/step_ladder.hpp"

namespace sweepcheck {

struct PbdPaperConfig {
  std::string schemes = "pbd,pngs,pgs,penalty:gamma=10,penalty:gamma=100,penalty:gamma=1000,moreau-euler";
  StepLadder sliding_ladder{0.5, 1e-4, 16};
  // The paper's N = 40, R = 0.1, T = 4, γ = 1. Seed 4: the best-conditioned of
  // seeds 1–5 by measured self-convergence (app/pbd_paper.md); seed 1 passes
  // near an unstable configuration that amplifies every error ~500-fold.
  DisksOptions disks{.seed = 4};
  // The paper's reference: PNGS, h_ref = T / 4e6 = 1e-6, reltol 1e-10,
  // abstol 1e-12 (about 3 CPU-minutes once, then cached; pbd_paper.md).
  DisksReferenceOptions reference{.steps = 4000000, .abstol = 1e-12, .reltol = 1e-10, .samples = 400,
                                  .max_sweeps = 100000};
  StepLadder disks_ladder{0.2, 1e-3, 9};
  std::string disks_schemes = "pbd,pngs,pgs,penalty:gamma=10,penalty:gamma=100,penalty:gamma=1000";
  // Moreau–Euler on the disks solves a certified 80-dimensional projection per
  // step (10–50 ms): it gets its own, coarser ladder.
  std::string disks_exact_schemes = "moreau-euler";
  StepLadder disks_exact_ladder{0.05, 0.0125, 3};
  // Refinement before judging (studies/fit_order.md): the paper's ladders
  // stay as they are; a pre-asymptotic fit gets up to four halvings of its
  // smallest step (16x its steps), Moreau–Euler on the disks (10–50 ms a
  // step) three (8x), never more than `refine`. Never below 10 h_ref on the disks.
  RefineOptions refine{.max_new_rungs = 4, .max_step_factor = 16};
  RefineOptions exact_refine{.max_new_rungs = 3, .max_step_factor = 8};
  // The penalty's breakdown (seed 000, Section 4.3): each γ's disks ladder
  // is extended by halvings of its smallest step until its error stalls
  // (thresholds.stall) or this budget ends, never below 10 h_ref (1e-5 on
  // the paper's disks, which the budget of 8 halvings of h = 1e-3 would pass:
  // the floor ends it at 1.56e-5, 256000 steps, about 13 µs each;
  // app/pbd_paper.md, "Penalty: breakdown by γ").
  StallLadderOptions penalty_ladder{.max_new_rungs = 8};
  PbdPaperThresholds thresholds;
  int jobs = 1;

  // Progress (empty: none): per finished run of a study ("sliding", "disks"),
  // and the fraction of the disks reference computed (only called while it is computed).
  std::function<std::function<void(const RunRow&, int, int)>(const std::string& part)> run_progress;
  ReferenceProgress reference_progress;

  // Names the field and the rule.
  void validate() const;
};

struct PbdPaperStudy {
  ConvergenceStudy sliding, disks;
  CachedReference reference;
  double reference_seconds = 0;
  double reference_error = 0;  // max_i |x_{2 h_ref}(τ_i) − x_{h_ref}(τ_i)|
  // The disks' ladders judged without the reference (studies/richardson.md).
  std::vector<SchemeEstimate> cross_check;
  std::vector<Claim> sliding_claims, disks_claims;
  std::vector<Claim> claims() const;  // sliding's, then the disks'
};

PbdPaperStudy run_pbd_paper_study(const PbdPaperConfig& cfg);

}  // namespace sweepcheck
