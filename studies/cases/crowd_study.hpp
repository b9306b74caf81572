#pragma once
// The crowd-evacuation convergence study of seed 001, Section 5 (Figure 1):
// each scheme's runs at the paper's step list, error (24) against a
// reference run of the same scheme at the paper's h_min = 0.01, and the same
// rows again against a much finer reference (default h = 1e-3) to show what
// the paper's choice of reference does to the observed order.
#include <fmt/format.h>

#include <functional>
#include <string>
#include <vector>

#include "sweepcheck/analytic/crowd_evacuation.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "studies/cases/sampled_convergence.hpp"
#include "studies/runs/scheme_catalog.hpp"

namespace sweepcheck {

struct CrowdStudyConfig {
  CrowdOptions crowd;                  // the problem (defaults: seed 001's room and crowd)
  std::vector<SchemeSpec> schemes{{"venel", {}}, {"pbd", {}}};  // parsed where the program receives them (app/)
  SampledStudyOptions sampled;         // steps (seed 001's list), samples (10), jobs, fit
  double paper_reference_h = 0.01;     // seed 001's h_min
  // The finer reference; 0 leaves it out. Its own error is estimated by a run
  // at 2 × fine_reference_h (order 1: e(2h) − e(h) ≈ e(h)) and added to the
  // noise floor of its rows, so no fitted error is comparable to it.
  double fine_reference_h = 1e-4;
  // Refinement of the fits against the finer reference (fit_order.md): the
  // paper's list ends at 0.02, before Venel's asymptotic range (local orders
  // reach ~1 near h = 0.0025); halvings within the budget, never below
  // 10 × fine_reference_h (0.00125 with the default 1e-4).
  RefineOptions refine{.budget_work = kStudyRefineWork};
  std::function<void(const std::string&)> log;  // progress lines (optional)

  void validate() const {
    if (schemes.empty()) throw std::invalid_argument("crowd study: no scheme given");
    crowd.validate();
    sampled.validate();
    refine.validate();
    const double T = crowd.t_end;
    (void)steps_for(T, paper_reference_h);
    if (fine_reference_h != 0) (void)steps_for(T, fine_reference_h);
    // "finer": the second reference must use a smaller step than the paper's.
    if (fine_reference_h != 0 && !(fine_reference_h < paper_reference_h))
      throw std::invalid_argument(fmt::format(
          "crowd study: the fine reference step (--h-fine {:g}) must be smaller than the paper's reference step "
          "(--h-ref {:g}), or 0 for none",
          fine_reference_h, paper_reference_h));
    for (double h : sampled.steps)
      if (!(h > paper_reference_h))
        throw std::invalid_argument(fmt::format(
            "crowd study: every step must be larger than the reference step {:g} (got {:g})", paper_reference_h, h));
  }
};

struct CrowdReference {
  std::string scheme;   // scheme label
  std::string label;    // "paper", "fine", or "fine-check" (2 × the fine step, for the fine one's error)
  RunRow row;           // the reference run itself (status, work, violation)
  std::vector<Vec<double>> samples;  // q_ref(t_i), i = 1..m
};

struct CrowdStudy {
  ConvergenceStudy study;                 // rows of both reference choices; fits per (reference, scheme)
  std::vector<CrowdReference> references;
  // Per scheme label: max_i |q_{2 h_fine}(t_i) − q_{h_fine}(t_i)|, the finer reference's error estimate.
  std::vector<std::pair<std::string, double>> fine_reference_error;
  std::vector<double> sample_times;
  Vec<double> start;                      // q(0)
  std::string paper_parameters, fine_parameters;  // the `parameters` value of each reference's rows
  // Cross-check of the references: each scheme's order from its own ladder
  // alone (Richardson / GCI, studies/engine/richardson.md), no reference involved.
  std::vector<SchemeEstimate> richardson;
};

CrowdStudy run_crowd_study(const CrowdStudyConfig& cfg);

// The order claims (seed 001, Theorem 3.4) of every scheme with a claimed
// order, against each reference, as values (the refined fit's verdict).
std::vector<Claim> crowd_claims(const CrowdStudy& s);

// Findings computed from the data, for summary.md (Markdown bullets).
std::vector<std::string> crowd_findings(const CrowdStudy& s, const CrowdOptions& crowd);

// People beyond the door plane (x > L) in a state.
int evacuated(const Vec<double>& x, const CrowdOptions& crowd);

}  // namespace sweepcheck
