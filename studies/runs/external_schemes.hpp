#pragma once
// Schemes from outside the catalogue inside a named study (issue 49:
// `sweepcheck study sliding --schemes pbd,python:my_schemes:MyPbd`): the
// study's problem seen through its plugin view (an AuditProblem with the
// study's reference), and every run of such a scheme in a child process
// under a RunBudget, as the audit runs a plugin's (studies/runs/isolated_run.hpp,
// run_budget.hpp). An exception (a Python one named with its traceback's last
// frames), a crash or a hang ends that run with its status, recorded against
// the scheme; the study, its other schemes and its files go on.
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "studies/runs/erased_run.hpp"
#include "studies/runs/run_budget.hpp"
#include "studies/runs/run_codec.hpp"
#include "studies/runs/scheme_factory.hpp"
#include "sweepcheck/solvers/adapters/problem_view_of.hpp"
#include "sweepcheck/studies/engine/grid_phases.hpp"
#include "sweepcheck/studies/engine/sampled_reference.hpp"

namespace sweepcheck {

struct ExternalSchemes {
  std::vector<NamedScheme> schemes;  // labels as the user gave them ("python:my_schemes:MyPbd")
  AuditProblem problem;              // the study's problem and reference (external_problem)
  RunBudgetOptions budget;           // time limits and the hang / crash budget (--run-timeout)
  // Called on the study's calling thread, once per run that failed as a
  // program or was not started, with a sentence naming the run and the cause.
  std::function<void(const std::string&)> fault;
};

// One run's row (its status says how it ended) and its cause when it failed.
struct ExternalRun {
  RunRow row;
  std::string fault;
};
// Bit-exact encoding for MPI ranks (studies/runs/run_codec.hpp); found by ADL.
inline void encode(codec::Writer& w, const ExternalRun& x) { codec::encode(w, x.row), codec::encode(w, x.fault); }
inline void decode(codec::Reader& r, ExternalRun& x) { codec::decode(r, x.row), codec::decode(r, x.fault); }

// Run `n` steps of schemes.schemes[scheme] in a child under `budget`; the
// row labelled as given, its noise floor raised by `reference_error` (as
// run_one does), the fault a sentence naming scheme, h and cause.
// `phases`: the rung's grid phases (studies/engine/grid_phases.hpp), in the one child.
ExternalRun run_external(const ExternalSchemes& schemes, std::size_t scheme, std::int64_t n, int points_per_step,
                         double reference_error, RunBudget& budget, const GridPhases& phases = GridPhases::none());

// A study's problem and reference as an AuditProblem (double precision only):
// `reference` is x(t) (any callable) or a SampledReference<double>. The
// problem is copied into the view; a callable reference is copied as it is
// (one capturing by reference must outlive the study).
template <class P, class Reference>
AuditProblem external_problem(const P& problem, const std::string& parameters, const Reference& reference) {
  static_assert(std::same_as<typename P::Scalar, double>, "schemes from outside the catalogue run in double precision");
  AuditProblem a;
  a.name = problem.name();
  a.parameters = parameters;
  a.x0 = problem.x0();
  a.t0 = problem.t0();
  a.t_end = problem.t_end();
  if constexpr (std::same_as<Reference, SampledReference<double>>) {
    a.sampled = std::make_shared<const SampledReference<double>>(reference);
  } else {
    a.exact = reference;
  }
  a.view = make_problem_view(problem);
  return a;
}

}  // namespace sweepcheck
