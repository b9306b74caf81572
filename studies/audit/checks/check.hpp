#pragma once
// What a check is: an entry of the check list (checks/check_list.hpp) naming
// it, saying what it rests on, and pointing at its pure function from rows
// (checks/check_rows.hpp) to a judgement, either per problem or over the
// whole battery. The session plans, executes and judges over the list; the
// report and the diagnosis read it.
#include <string>
#include <string_view>
#include <vector>

#include "studies/audit/checks/audit_thresholds.hpp"
#include "studies/audit/checks/check_rows.hpp"
#include "studies/audit/checks/judgement.hpp"

namespace sweepcheck {

// The runs the session makes for the checks (audit_plan.cpp). A check names
// those it needs; only the runs some check of the list needs are made.
enum class RunKind : unsigned {
  ladder = 1,            // every problem's ladder, refined on demand
  large_step = 2,        // the large steps from the given and the perturbed starts
  probe = 4,             // the consistency probes
  reference_ladder = 8,  // the reference scheme's ladder on the first problem
  determinism = 16,      // two runs with fresh instances, first and last
};
constexpr unsigned operator|(RunKind a, RunKind b) { return unsigned(a) | unsigned(b); }
constexpr unsigned operator|(unsigned a, RunKind b) { return a | unsigned(b); }
// The runs' name in a RunFault and in the evidence ("ladder", "large-step", ...).
constexpr std::string_view run_kind_name(RunKind k) {
  switch (k) {
    case RunKind::ladder: return "ladder";
    case RunKind::large_step: return "large-step";
    case RunKind::probe: return "probe";
    case RunKind::reference_ladder: return "reference-ladder";
    case RunKind::determinism: return "determinism";
  }
  return "?";
}

// Tags a check carries; the session, the report and the diagnosis read them.
enum CheckTag : unsigned {
  per_problem = 1,  // judged on each problem, then summarised (else once, over the battery)
  slope = 2,        // judged by the slope rule (checks/slope_rule.hpp), refined when pre-asymptotic
  information = 4,  // never fails (precision-work)
  figure = 8,       // the report draws its figure (reports/audit_report.cpp)
};

// A check's judgement on one problem, or the reason it was not run there.
struct CheckOutcome {
  Judgement judgement;
  std::string skipped;  // non-empty: the check does not apply to this problem, and why
};

// A check over the battery: its result (title, verdict and evidence set) and
// the numbers it adds to the audit's result.
struct BatteryOutcome {
  CheckResult result;
  std::vector<WorkComparison> work;  // precision-work's matched error levels
};

struct Check {
  std::string_view id;       // the stable id in audit.json and the JUnit file: "convergence"
  std::string_view title;    // "Convergence to the known solution"
  std::string_view theorem;  // what it tests: "seed 000, Theorem 2.11 ..."
  unsigned tags = 0;         // CheckTag
  unsigned needs = 0;        // RunKind: the runs it rests on
  // Faults and runs not started of this kind FAIL the check on their problem.
  RunKind rests_on = RunKind::ladder;
  // Exactly one of the two: the judgement on one problem (tag per_problem),
  // or over the battery.
  CheckOutcome (*on_problem)(const ProblemRows&, const AuditThresholds&) = nullptr;
  BatteryOutcome (*on_battery)(const BatteryRows&, const Check&, const AuditThresholds&) = nullptr;

  bool has(CheckTag t) const { return (tags & t) != 0; }
  // A result carrying this check's id, title and theorem, verdict pass (nothing against it yet).
  CheckResult result() const {
    CheckResult c;
    c.id = std::string(id);
    c.title = std::string(title);
    c.theorem = std::string(theorem);
    c.verdict = CheckVerdict::pass;
    return c;
  }
};

}  // namespace sweepcheck
