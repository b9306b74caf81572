#pragma once
// The parts the pbd-paper claim families share, internal to studies/cases
// (the entry point is pbd_paper_claims.hpp): rows by scheme and step, the
// runs a comparison is judged on (Footing), small words of the claims, and
// each family's claims, one file per family:
//   pbd_paper_stability_claims.cpp       stability at large h, accuracy per step
//   pbd_paper_precision_work_claims.cpp  precision per work (Figs. 8 and 10, right)
//   pbd_paper_penalty_claims.cpp         the penalty paragraph (Section 4.3) and PBD below the penalty
#include <cstdint>
#include <string>
#include <vector>

#include "studies/cases/paper_claim.hpp"
#include "studies/cases/convergence_study.hpp"
#include "studies/cases/pbd_paper_claim_inputs.hpp"
#include "sweepcheck/studies/engine/error_stall.hpp"
#include "sweepcheck/studies/engine/error_tie.hpp"

namespace sweepcheck::pbd_paper {

// The row of `scheme` at `steps` among the paper's steps (not refined), or null.
const RunRow* row_at(const ConvergenceStudy& s, const std::string& scheme, std::int64_t steps);
// The rows of `scheme` on the paper's steps (not refined), in the study's order.
std::vector<const RunRow*> rows_of(const ConvergenceStudy& s, const std::string& scheme);

// The scheme a row's label names, without its parameters: "pngs" for
// "pngs:abstol=1e-15:reltol=1e-13" (studies/runs/scheme_catalog.hpp, SchemeSpec::label).
std::string scheme_family(const std::string& label);
// The labels of the rows on the paper's steps whose scheme is `family`, in the study's order.
std::vector<std::string> labels_of(const ConvergenceStudy& s, const std::string& family);

ClaimVerdict yes_no(bool b);
ErrorValue value(const RunRow& r);  // its error and noise floor, for the tie rule
void quote(Claim& c, const char* text, const char* source);
bool is_penalty(const std::string& scheme);
// The methods seed 000 compares PBD with (Section 4, first paragraph): PNGS, PGS and the penalty method.
bool paper_compares(const std::string& scheme);
std::string join(const std::vector<std::string>& v, const char* sep = ", ");

// The runs the Figure 8/10 comparisons (accuracy per step, precision–work,
// PBD below the penalty) are judged on, the words that say so in each
// criterion, and the problem's scale D for the tie rule.
struct Footing {
  ConvergenceStudy runs;
  std::string words;
  bool missing = false;  // no runs from the start asked for
  double start = 0;      // its perturbation size (0: the given start)
  double scale = 0;      // D = 2 max|x| of the finest ok PBD run (0: no PBD run)
};
Footing footing(const ConvergenceStudy& s, const std::vector<PerturbedRuns>& perturbed, double start);
// A claim left inconclusive because the runs of its footing are missing.
bool footing_missing(Claim& c, const Footing& f);

// Stability and accuracy (pbd_paper_stability_claims.cpp).
Claim claim_stability(const ConvergenceStudy& s, const std::vector<PerturbedRuns>& perturbed,
                      const std::string& problem, const std::string& family, const std::string& family_name,
                      const std::string& id_suffix);
Claim claim_accuracy_per_step(const Footing& f, const std::string& problem, const PbdPaperThresholds& th);

// Precision–work (pbd_paper_precision_work_claims.cpp).
Claim claim_precision_work(const Footing& f, const std::string& problem, const TieRule& rule);

// The penalty paragraph (pbd_paper_penalty_claims.cpp): the breakdown by γ
// on the disks (three claims, one per statement of Section 4.3), and PBD's
// error below the penalty's.
std::vector<Claim> penalty_breakdown_claims(const ConvergenceStudy& s, const std::string& problem,
                                            const StallRule& rule);
Claim claim_pbd_below_penalty(const Footing& f, const std::string& problem, const TieRule& rule);

}  // namespace sweepcheck::pbd_paper
