#pragma once
// Inside run_audit (room-internal; the audit's API is audit.hpp). One audit
// is one AuditSession, in four phases, each in its own file:
//   plan     (audit_plan.cpp)     which problems the scheme runs on, their
//                                 starts and sample times, the batch of runs
//                                 (ladders, the reference ladder, large
//                                 steps) and the consistency probes;
//   execute  (audit_execute.cpp)  every run of the audited scheme: isolated
//                                 in a child under the hang and crash budget,
//                                 from the journal when resuming; the one
//                                 batch over the Executor; the determinism
//                                 runs; faults and runs not started recorded;
//   judge    (audit_judge.cpp)    every check of the check list
//                                 (opt.checks; checks/check_list.hpp) on the
//                                 rows, refining where a slope has not settled;
//   diagnose (audit_diagnose.cpp) traced runs and the findings;
//   report   (reports/audit_report.*) prints the AuditResult.
// The plan makes only the runs some check of the list needs (Check::needs).
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "studies/audit/audit_result.hpp"
#include "studies/audit/checks/consistency_probe.hpp"
#include "studies/audit/diagnosis/audit_trace.hpp"
#include "studies/runs/erased_run.hpp"
#include "studies/runs/scheme_factory.hpp"
#include "studies/runs/isolated_run.hpp"
#include "studies/runs/run_codec.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/studies/engine/perturbed_starts.hpp"
#include "sweepcheck/studies/engine/richardson.hpp"

namespace sweepcheck::audit_detail {

// A run kind's name, as RunFault::kind and the runs not started name it
// (checks/check.hpp: the kinds the checks rest on).
inline std::string kind_name(RunKind k) { return std::string(run_kind_name(k)); }

// One independent task of the audit: a ladder / large-step run or a probe.
struct TaskResult {
  RunRow row;
  std::vector<Vec<double>> samples;
  ProbeRow probe;
  RunStatus probe_status = RunStatus::ok;  // not ok: the isolated probe failed as a program
  std::string fault;                       // the cause of a fault (row or probe)
  std::int64_t steps_done = -1;            // steps finished when a faulted run ended (if reported)
};
void encode(codec::Writer& w, const TaskResult& x);
void decode(codec::Reader& r, TaskResult& x);

// A run of the audited scheme as the execute phase returns it.
struct Outcome {
  RunRow row;
  std::vector<Vec<double>> samples;
  std::string fault;  // the cause when row.status is a fault (or why the run was not started)
  std::int64_t steps_done = -1;  // steps finished when a faulted isolated run ended (-1: not known)
};

// One run of the batch: problem index, step count, which scheme, which start.
struct Task {
  std::size_t problem;
  std::int64_t n;
  bool reference;
  std::size_t start = 0;  // check 4: index into starts[problem] (0: the given start)
};

// 1 + sup_t |f(t, x0)| + the set's speed: the velocity scale of the violation
// floor and the large-step bound (audit_judge.cpp).
double velocity_scale(const AuditProblem& p);

class AuditSession {
 public:
  AuditSession(const SchemeFactory& scheme, const AuditOptions& opt);
  AuditResult run(const std::vector<AuditProblem>& all_problems);

 private:
  // --- plan (audit_plan.cpp) ---
  // Whether some check of the list rests on runs of this kind.
  bool needs(RunKind k) const;
  void select_problems(const std::vector<AuditProblem>& all_problems);
  void plan_starts();
  std::vector<PerturbedStart> starts_of(std::size_t i);
  void plan_runs();

  // --- execute (audit_execute.cpp) ---
  ChildResult isolated(const std::function<std::string()>& work, std::int64_t steps, std::size_t problem);
  // rung: a ladder rung, measured over grid phases (AuditThresholds::phases); else one plain grid.
  Outcome fresh_run(std::size_t problem, const AuditProblem& p, std::int64_t n, bool reference, bool rung);
  Outcome scheme_run(std::size_t i, std::int64_t n, std::size_t start, bool rung);
  GridPhases rung_phases(std::size_t i, bool rung) const;
  TaskResult probe_run(std::size_t i, double h);
  std::int64_t probe_steps(const AuditProblem& p) const;
  void run_determinism_first();
  // The determinism runs' fault recorded, or (in process) their second run made.
  void finish_determinism();
  TaskResult run_task(std::size_t k);
  void execute_batch();
  void collect(const std::vector<TaskResult>& results);
  void note_not_run(const std::string& kind, std::size_t problem, const std::string& why);
  void record_fault(RunFault f);
  void record_problem_fault(std::size_t problem, RunFault f);
  void note_problem_not_run(std::size_t problem, const std::string& why);
  void errors_of_reference_free_problems();

  // --- judge (audit_judge.cpp) ---
  // The rows the checks judge problem i on, with refinement through scheme_run and probe_run.
  ProblemRows rows_of(std::size_t i);
  BatteryRows battery_rows() const;
  void refine_and_judge(std::size_t i);
  void explain_gave_up();
  void not_run_if(Judgement j, const std::string& kind, std::size_t i, CheckResult& c);
  // The checks' results in the list's order, from the per-problem outcomes, the faults and the battery rows.
  void judge_checks();
  // The error bound of problem i's large steps, and whether row k of the batch broke it.
  double large_step_bound(std::size_t i) const;
  bool large_step_broke_bound(std::size_t k) const;

  // --- diagnose (audit_diagnose.cpp) ---
  void diagnose();
  TraceRun traced(std::size_t problem, std::int64_t n, std::int64_t steps);
  std::vector<TraceRun> traced_problem(std::size_t problem,
                                       const std::vector<std::pair<std::int64_t, std::int64_t>>& runs);
  void diagnose_growth(std::size_t i, Diagnosis& d);

  const SchemeFactory& scheme_;
  const AuditOptions& opt_;
  const AuditThresholds& th_;
  AuditResult res_;

  // The plan.
  std::vector<AuditProblem> problems_;
  std::vector<std::vector<double>> sample_times_;       // reference-free problems: common sample times
  std::vector<std::vector<AuditProblem>> starts_;       // check 4: the given start, then perturbed ones
  std::vector<std::vector<double>> start_sizes_;
  SchemeFactory reference_;
  std::string reference_name_;
  std::vector<Task> tasks_;  // ladders (scheme, then reference), then large steps
  std::size_t n_ladder_ = 0;
  std::vector<std::pair<std::size_t, double>> probes_;  // (problem, h)

  // Execution state.
  RunBudget budget_;
  // Runs on a problem plugin: their own budget, and per problem the first
  // reason it was not judged (empty: judged). Issue 37.
  RunBudget problem_budget_;
  std::vector<std::string> problem_fault_reason_;
  std::vector<int> constraint_counts_;  // per problem, asked once in the plan
  std::vector<double> velocity_scales_;  // per problem (velocity_scale), computed in the plan
  std::atomic<int> child_runs_{0};
  std::mutex faults_mutex_;  // refined runs of several problems may fault at once
  std::map<std::pair<std::string, std::size_t>, int> not_started_;  // per (kind, problem)
  std::string not_started_reason_;  // the reason of the first one (task order)
  AuditRun determinism_first_, determinism_second_;
  std::string determinism_fault_;
  std::string determinism_fault_sentence_;  // its RunFault's sentence, once recorded (finish_determinism)
  RunStatus determinism_status_ = RunStatus::ok;
  std::int64_t determinism_steps_done_ = -1;
  std::vector<RunRow> rows_;                        // per task
  std::vector<std::vector<Vec<double>>> samples_;   // per task
  std::vector<RichardsonEstimate> estimates_;       // per problem (reference-free ones)

  // Per check of the list (opt.checks), per problem: its outcome (checks judged
  // per problem); and the runs refinement added.
  std::vector<std::vector<CheckOutcome>> outcomes_;
  std::vector<std::vector<RunRow>> refined_;
  std::vector<std::vector<ProbeRow>> refined_probes_;
};

}  // namespace sweepcheck::audit_detail
