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

#include "analytic/crowd_evacuation.hpp"
#include "studies/reference_free.hpp"
#include "studies/sampled_convergence.hpp"

namespace sweepcheck {

struct CrowdStudyConfig {
  CrowdOptions crowd;                  // the problem (defaults: seed 001's room and crowd)
  std::string schemes = "venel,pbd";   // scheme specs, comma-separated
  SampledStudyOptions sampled;         // steps (seed 001's list), samples (10), jobs, fit
  double paper_reference_h = 0.01;     // seed 001's h_min
  double fine_reference_h = 1e-3;      // the finer reference; 0 leaves it out
  std::function<void(const std::string&)> log;  // progress lines (optional)

  void validate() const {
    crowd.validate();
    sampled.validate();
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
  std::string label;    // "paper" or "fine"
  RunRow row;           // the reference run itself (status, work, violation)
  std::vector<Vec<double>> samples;  // q_ref(t_i), i = 1..m
};

struct CrowdStudy {
  ConvergenceStudy study;                 // rows of both reference choices; fits per (reference, scheme)
  std::vector<CrowdReference> references;
  std::vector<double> sample_times;
  Vec<double> start;                      // q(0)
  std::string paper_parameters, fine_parameters;  // the `parameters` value of each reference's rows
  // Cross-check of the references: each scheme's order from its own ladder
  // alone (Richardson / GCI, studies/richardson.md), no reference involved.
  std::vector<SchemeEstimate> richardson;
};

CrowdStudy run_crowd_study(const CrowdStudyConfig& cfg);

// Findings computed from the data, for summary.md (Markdown bullets).
std::vector<std::string> crowd_findings(const CrowdStudy& s, const CrowdOptions& crowd);

// People beyond the door plane (x > L) in a state.
int evacuated(const Vec<double>& x, const CrowdOptions& crowd);

}  // namespace sweepcheck
