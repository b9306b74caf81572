#pragma once
// The audit's options and its result, as values (run_audit: audit.hpp). The
// report (reports/audit_report.*) prints the result, tests assert on it.
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "studies/audit/checks/check_list.hpp"
#include "studies/audit/diagnosis/diagnosis.hpp"
#include "studies/runs/executor.hpp"
#include "studies/runs/run_budget.hpp"
#include "studies/runs/run_journal.hpp"
#include "sweepcheck/order_claim.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

struct AuditOptions {
  AuditThresholds thresholds;
  // The claim the convergence check tests (sweepcheck/order_claim.hpp): by
  // default the scheme's own, which may be none; at_least(p) or exactly(p)
  // from --claimed-order (exactly with --claim-is-sharp). A claim is
  // one-sided, "order >= p", as a convergence theorem bounds the error from
  // above; exactly fails when exceeded too (fit_order.md). The audit judges
  // to within its thresholds' resolution (thresholds.fit.resolution).
  OrderClaim claim = OrderClaim::schemes_own();
  // Whether the scheme's own claim is exact ("order ="): an in-tree scheme's
  // SchemeInfo::claim_is_sharp, or --claim-is-sharp without --claimed-order.
  bool schemes_claim_is_sharp = false;
  Executor executor;  // threads and MPI ranks for independent runs (studies/runs/executor.hpp)
  std::string reference_scheme = "pbd";  // the precision–work comparison
  // Run every step() of the audited scheme in a child process
  // (studies/runs/isolated_run.hpp): on for plugins, whose code is untrusted. A
  // crash, hang, exception or exit() becomes a run status, not the host's end.
  bool isolate = false;
  // Time limits of isolated runs and when to stop starting runs of a plugin
  // that hangs or crashes on every run (studies/runs/run_budget.hpp; rules and
  // reasons: studies/audit/audit.md, "Time limits and the hang budget").
  // budget.fixed_limit is --run-timeout (0: automatic).
  RunBudgetOptions budget;
  // Finished ladder and large-step runs are recorded here and taken from
  // here on --resume (null: none). Faulted runs are not recorded (they rerun).
  std::shared_ptr<RunJournal> journal;
  // Called after each independent run of this process: (runs done, runs in all).
  std::function<void(int, int)> progress;
  // Print the Diagnosis section (studies/audit/diagnosis/diagnosis.hpp) even when every
  // check passes (--diagnose); it is printed whenever one does not. Its
  // traced runs are made either way: audit.json always holds the stencil and
  // the coverage.
  bool diagnose = false;
  // The checks, in the order the audit judges and reports them: the check
  // list (checks/check_list.hpp); a test may add one (checks/check_list_test.cpp).
  std::vector<Check> checks{std::begin(kCheckList), std::end(kCheckList)};

  void validate() const {
    thresholds.validate();
    claim.validate();
    executor.validate("AuditOptions");
    budget.validate();
    for (std::size_t i = 0; i < checks.size(); ++i) {
      const Check& c = checks[i];
      const std::string name = "AuditOptions: checks[" + std::to_string(i) + "] ('" + std::string(c.id) + "')";
      if (c.id.empty() || c.title.empty()) throw std::invalid_argument(name + ": needs an id and a title");
      if ((c.on_problem != nullptr) == (c.on_battery != nullptr))
        throw std::invalid_argument(name + ": needs exactly one of on_problem and on_battery");
      if (c.has(CheckTag::per_problem) != (c.on_problem != nullptr))
        throw std::invalid_argument(name + ": the per_problem tag is set exactly when on_problem is");
      for (std::size_t k = 0; k < i; ++k)
        if (checks[k].id == c.id) throw std::invalid_argument(name + ": the id is taken by checks[" + std::to_string(k) + "]");
    }
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
  // Steps the run had finished when it failed, when the child reported them
  // (isolated runs of the ladder and large steps); -1: not known.
  std::int64_t steps_done = -1;

  std::string sentence() const;  // "h=0.001 (500 steps) timed-out: ... (in step 2001: 2000 steps done)"
};

// What the audit ran on: each problem with its error measure (exact or
// sampled reference) and where its reference came from.
struct AuditedProblem {
  std::string problem;        // "disks N=40 ..."
  std::string error_measure;  // AuditProblem::error_measure
  std::string notes;          // AuditProblem::notes
};

struct AuditResult {
  std::string scheme;
  // The claim judged, resolved once, when the audit plans (audit_plan.cpp):
  // at_least, exactly, or none. Every problem's rows refer to it (ProblemRows::claim).
  OrderClaim claim = OrderClaim::none();
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
  // Runs where a problem plugin failed, not the scheme (issue 37): it
  // crashed, hung, threw or ran out of memory inside one of its calls, or
  // made a non-finite value (RunStatus::problem_fault). Such a problem is not
  // judged: it is listed here and in every check's skipped problems, and the
  // audit exits 1 (a run-time failure, the problem's).
  std::vector<RunFault> problem_faults;
  std::vector<CheckResult::Skipped> not_judged;
  // Non-empty: the audit stopped starting runs of the plugin (it hangs, or
  // crashes on every run; studies/runs/run_budget.hpp), naming the first run that
  // did; every check resting on the runs not started is FAIL, "not run".
  std::string gave_up;
  int runs_not_started = 0;
  bool isolated = false;         // the scheme's runs went through child processes
  int child_runs = 0;            // how many
  double wall_seconds = 0;
  // What the host saw the scheme do and what the rows show, in words
  // (information, never a verdict; issue 36).
  Diagnosis diagnosis;

  bool any_failed() const {
    for (const auto& c : checks)
      if (c.verdict == CheckVerdict::fail) return true;
    return false;
  }
  // A check whose claim was not shown when refinement ended: its slope had
  // not settled (pre-asymptotic or unsettled), or, on a slope check judged by
  // the verdict rule (convergence, violation (13), step bound (14),
  // consistency (15)), the data showed neither the claim nor its failure
  // (inconclusive; issue 44: "could not tell" is not a pass). Not a fail,
  // and not a pass either: the audit exits 3.
  bool any_undecided() const {
    for (const auto& c : checks) {
      if (c.verdict == CheckVerdict::pre_asymptotic || c.verdict == CheckVerdict::unsettled) return true;
      for (const auto& p : c.per_problem)
        if (undecided_slope(p.judgement)) return true;
    }
    return false;
  }
  static bool undecided_slope(const Judgement& j) {
    return j.verdict == CheckVerdict::inconclusive && j.fit.verdict == FitVerdict::inconclusive &&
           !std::isnan(j.fit.expected_order);
  }
  const CheckResult* find(std::string_view id) const {
    for (const auto& c : checks)
      if (c.id == id) return &c;
    return nullptr;
  }
};

}  // namespace sweepcheck
