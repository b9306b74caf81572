#pragma once
// What a check says: its verdict vocabulary, its judgement on one problem,
// and its result over the battery (studies/audit/audit.md). Values only.
#include <string>
#include <vector>

#include "sweepcheck/studies/engine/fit_order.hpp"

namespace sweepcheck {

// The verdict of an audit check (not a fit's, FitVerdict, nor a paper
// claim's, ClaimVerdict: studies/engine/fit_order.hpp names the three): info
// for a check that only informs (precision-work). pre_asymptotic and
// unsettled: a slope whose local orders had not settled when the refinement
// budget ended, moving toward the claim or away from it (fit_order.md,
// "Verdicts"). Neither is a pass: the audit exits 3 on them.
enum class CheckVerdict { pass, fail, inconclusive, info, pre_asymptotic, unsettled };
std::string to_string(CheckVerdict v);
// A slope check's verdict from its fit's (none claimed: information).
CheckVerdict check_verdict(FitVerdict v);
// fail > unsettled > pre-asymptotic > inconclusive > pass > info: the verdict
// of a check over several problems.
CheckVerdict worst(CheckVerdict a, CheckVerdict b);

struct Judgement {
  CheckVerdict verdict = CheckVerdict::inconclusive;
  std::string evidence;  // one sentence with the numbers
  OrderFit fit;          // the slope fit the verdict rests on (when there is one)
};

// Per problem, the verdict of one check and its evidence.
struct ProblemJudgement {
  std::string problem;  // "sliding d=3 C=10 alpha=0.19635"
  Judgement judgement;
  // Some runs the judgement needs were not started (the hang or crash budget,
  // studies/runs/run_budget.hpp): the verdict is FAIL and says why.
  bool not_run = false;
};

struct CheckResult {
  std::string id;       // the check list's id (checks/check_list.hpp): "convergence", ...
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
  // Non-empty: on some problems the check was not run, because the plugin
  // hangs or crashes on every run (AuditResult::gave_up).
  std::string not_run;
};

}  // namespace sweepcheck
