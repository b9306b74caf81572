#pragma once
// `sweepcheck audit`: the battery of checks any scheme is put through (what
// each tests and why: studies/audit.md). The result is a value; reports/
// audit_report.* prints it, tests assert on it.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "studies/audit_checks.hpp"
#include "studies/audit_problems.hpp"
#include "studies/run_row.hpp"
#include "studies/scheme_factory.hpp"

namespace sweepcheck {

struct AuditOptions {
  AuditThresholds thresholds;
  // Claimed order to test against; NaN: the scheme's own claim (which may be none).
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  int jobs = 1;                 // threads for independent runs (results do not depend on it)
  std::string reference_scheme = "pbd";  // the precision–work comparison
  // Only the first `max_problems` audit problems (0: all); for short CI variants.
  int max_problems = 0;
  // Called under a lock after each independent run: (runs done, runs in all).
  std::function<void(int, int)> progress;

  void validate() const {
    thresholds.validate();
    if (jobs < 1) throw std::invalid_argument("AuditOptions: jobs must be >= 1");
    if (max_problems < 0) throw std::invalid_argument("AuditOptions: max_problems must be >= 0");
  }
};

// Per problem, the verdict of one check and its evidence.
struct ProblemJudgement {
  std::string problem;  // "sliding d=3 C=10 alpha=0.19635"
  Judgement judgement;
};

struct CheckResult {
  std::string id;       // "convergence", "violation", ...
  std::string title;    // "Convergence on problems with known solutions"
  std::string theorem;  // "seed 000, Theorem 2.11 / 3.8"
  CheckVerdict verdict = CheckVerdict::inconclusive;
  std::string evidence;  // the summary sentence
  std::vector<ProblemJudgement> per_problem;
  // Problems the check cannot run on, each with the reason (never silent).
  struct Skipped {
    std::string problem, reason;
  };
  std::vector<Skipped> skipped;
  std::vector<std::string> figures;  // figure stems written by the report
};

// What the audit ran on: each problem with its error measure (exact or
// sampled reference) and where its reference came from.
struct AuditedProblem {
  std::string problem;        // "disks N=40 ..."
  std::string error_measure;  // AuditProblem::error_measure
  std::string notes;          // AuditProblem::notes
};

struct ProbeRow {
  std::string problem;
  double h = 0;
  double defect = 0;        // max over probe points of dist(r, −N_band)
  double floor = 0;         // round-off level of r
  double max_residual = 0;  // max |r|, r = (Φ_h(y) − y)/h − f(y)
  int points = 0;
};

struct WorkComparison {
  double error = 0;         // matched error level
  double work_scheme = 0;   // constraint evaluations (counted by the host) to reach it
  double work_reference = 0;
};

struct AuditResult {
  std::string scheme;
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  std::vector<AuditedProblem> problems;
  std::vector<CheckResult> checks;
  // The data the checks rest on (figures and audit.json read these).
  std::vector<RunRow> ladder_rows;      // the scheme on every problem's ladder
  std::vector<RunRow> reference_rows;   // the reference scheme on the first problem
  std::vector<RunRow> large_step_rows;
  std::vector<ProbeRow> probe_rows;
  std::vector<WorkComparison> work;
  std::uint64_t determinism_hash[2] = {0, 0};
  double wall_seconds = 0;

  bool any_failed() const {
    for (const auto& c : checks)
      if (c.verdict == CheckVerdict::fail) return true;
    return false;
  }
  const CheckResult* find(const std::string& id) const {
    for (const auto& c : checks)
      if (c.id == id) return &c;
    return nullptr;
  }
};

AuditResult run_audit(const SchemeFactory& scheme, const std::vector<AuditProblem>& problems, const AuditOptions& opt);

// Helpers exposed for tests.
// One run of a stepper with n steps (a fresh instance from the factory);
// host-side counted work; the FNV-1a hash of every state's bytes.
struct AuditRun {
  RunRow row;
  std::uint64_t hash = 0;
};
AuditRun run_stepper(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step);

// max over probe points of dist((Φ_h(y) − y)/h − f(y), −N_band(S, P_S(y))).
ProbeRow consistency_probe(const AuditProblem& problem, const SchemeFactory& scheme, double h,
                           const AuditThresholds& th);

}  // namespace sweepcheck
