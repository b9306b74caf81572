#pragma once
// `sweepcheck audit`: the battery of checks any scheme is put through (what
// each tests and why: studies/audit.md). The result is a value; reports/
// audit_report.* prints it, tests assert on it.
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <functional>
#include <string>
#include <vector>

#include "studies/audit_checks.hpp"
#include "studies/audit_problems.hpp"
#include "studies/run_journal.hpp"
#include "studies/run_row.hpp"
#include "studies/scheme_factory.hpp"

namespace sweepcheck {

struct AuditOptions {
  AuditThresholds thresholds;
  // Claimed order to test against; NaN: the scheme's own claim (which may be none).
  double claimed_order = std::numeric_limits<double>::quiet_NaN();
  // The claim is sharp ("order = claimed_order": failed when exceeded too);
  // by default a claim is one-sided, "order >= claimed_order", as a
  // convergence theorem bounds the error from above (fit_order.md).
  bool claim_is_sharp = false;
  int jobs = 1;                 // threads for independent runs (results do not depend on it)
  std::string reference_scheme = "pbd";  // the precision–work comparison
  // Only the first `max_problems` audit problems (0: all); for short CI variants.
  int max_problems = 0;
  // Run every step() of the audited scheme in a child process
  // (studies/isolated_run.hpp): on for plugins, whose code is untrusted. A
  // crash, hang, exception or exit() becomes a run status, not the host's end.
  bool isolate = false;
  // Time limit of one isolated run in seconds; 0: derived from the run's size,
  // run_time_base + run_time_per_evaluation · steps · (constraints + 1), i.e.
  // 30 s plus 20 µs per constraint evaluation a sweep-per-step scheme makes
  // (PBD needs ~0.01-0.05 µs per evaluation here: the limit leaves a slow but
  // honest scheme three orders of magnitude, and stops a hang in bounded time).
  double run_time_limit = 0;
  double run_time_base = 30;
  double run_time_per_evaluation = 2e-5;
  // Finished ladder and large-step runs are recorded here and taken from
  // here on --resume (null: none). Faulted runs are not recorded (they rerun).
  std::shared_ptr<RunJournal> journal;
  // Called after each independent run of this process: (runs done, runs in all).
  std::function<void(int, int)> progress;

  void validate() const {
    thresholds.validate();
    if (jobs < 1) throw std::invalid_argument("AuditOptions: jobs must be >= 1");
    if (max_problems < 0) throw std::invalid_argument("AuditOptions: max_problems must be >= 0");
    if (!(run_time_limit >= 0 && std::isfinite(run_time_limit)))
      throw std::invalid_argument("AuditOptions: run_time_limit must be a finite number >= 0 (0: automatic)");
    if (!(run_time_base > 0 && std::isfinite(run_time_base)) ||
        !(run_time_per_evaluation >= 0 && std::isfinite(run_time_per_evaluation)))
      throw std::invalid_argument("AuditOptions: run_time_base must be > 0 and run_time_per_evaluation >= 0");
  }
  // The limit of an isolated run of `steps` steps on a problem with `constraints` constraints.
  double time_limit(std::int64_t steps, int constraints) const {
    if (run_time_limit > 0) return run_time_limit;
    return run_time_base + run_time_per_evaluation * double(steps) * double(constraints + 1);
  }
};

// A run of the audited scheme that failed as a program (RunStatus::is_fault):
// which run, and the cause. Every check resting on it FAILs naming it.
struct RunFault {
  std::string kind;     // "ladder", "large-step", "probe", "determinism"
  std::string problem;  // "sliding d=3 C=10 alpha=0.19635"
  double h = 0;
  std::int64_t steps = 0;
  RunStatus status = RunStatus::ok;
  std::string detail;  // "signal 11 (SIGSEGV: Segmentation fault)", "exception of type int", ...

  std::string sentence() const;  // "h=0.001 (500 steps) crashed: signal 11 (...)"
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
  bool claim_is_sharp = false;
  std::vector<AuditedProblem> problems;
  // Problems of the battery the scheme cannot run on, each with the reason
  // (a scheme with a ViewRequirement, e.g. catching-up: a polyhedron). They
  // are also listed as skipped in checks 1-5; checks 6-7 use the first
  // problem it runs on.
  std::vector<CheckResult::Skipped> not_run;
  std::vector<CheckResult> checks;
  // The data the checks rest on (figures and audit.json read these).
  std::vector<RunRow> ladder_rows;      // the scheme on every problem's ladder
  std::vector<RunRow> reference_rows;   // the reference scheme on the first problem
  std::vector<RunRow> large_step_rows;
  std::vector<ProbeRow> probe_rows;
  std::vector<WorkComparison> work;
  std::uint64_t determinism_hash[2] = {0, 0};
  std::vector<RunFault> faults;  // faulted runs of the audited scheme, in task order
  bool isolated = false;         // the scheme's runs went through child processes
  int child_runs = 0;            // how many
  double wall_seconds = 0;

  bool any_failed() const {
    for (const auto& c : checks)
      if (c.verdict == CheckVerdict::fail) return true;
    return false;
  }
  // A check whose slope had not settled when the budget ended (pre-asymptotic
  // or unsettled): not a fail, and not a pass either (the audit exits 3).
  bool any_undecided() const {
    for (const auto& c : checks)
      if (c.verdict == CheckVerdict::pre_asymptotic || c.verdict == CheckVerdict::unsettled) return true;
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
// With sample_times, the states x_h(τ_i) are recorded too (the piecewise-
// linear interpolant; empty if the run diverged). A reference-free problem
// gets error NaN: its errors come from comparing runs (studies/richardson.md).
struct AuditRun {
  RunRow row;
  std::uint64_t hash = 0;
  std::vector<Vec<double>> samples;
};
AuditRun run_stepper(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, int points_per_step,
                     const std::vector<double>& sample_times = {});

// max over probe points of dist((Φ_h(y) − y)/h − f(y), −N_band(S, P_S(y))).
ProbeRow consistency_probe(const AuditProblem& problem, const SchemeFactory& scheme, double h,
                           const AuditThresholds& th);

}  // namespace sweepcheck
