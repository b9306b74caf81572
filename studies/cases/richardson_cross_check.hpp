#pragma once
// The reference-free estimate (studies/engine/richardson.md) of each scheme from its
// own ladder, beside a study's referenced fits: each scheme runs the study's
// step list again, recorded at the reference's sample times, and successive
// runs are compared with each other. It needs no reference, so where it
// agrees with the referenced fit the cached reference is not what the fit
// measured; where it does not, the report says which one moved (issue 16).
// The crowd study does the same inside its own runs (crowd_study.cpp).
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "studies/cases/convergence_study.hpp"
#include "studies/runs/parallel_runs.hpp"
#include "sweepcheck/studies/engine/reference_free.hpp"
#include "studies/cases/sampled_convergence.hpp"
#include "sweepcheck/studies/engine/step_ladder.hpp"

namespace sweepcheck {

template <Problem P>
std::vector<SchemeEstimate> richardson_cross_check(const P& problem, const std::string& parameters,
                                                   const std::vector<SchemeSpec>& schemes, const StepLadder& ladder,
                                                   const std::vector<double>& times, const IntegrateOptions& iopt,
                                                   const Executor& executor) {
  const double span = to_double(problem.t_end() - problem.t0());
  const auto counts = ladder.step_counts(span);
  struct Task {
    std::size_t scheme;
    std::int64_t n;
  };
  std::vector<Task> tasks;
  for (std::size_t s = 0; s < schemes.size(); ++s)
    for (auto n : counts) tasks.push_back({s, n});
  // Through run_tasks, as every independent run (threads, and MPI ranks under mpirun).
  const auto runs = run_tasks<SampledRun<double>>(
      tasks.size(), executor,
      [&](std::size_t i) { return run_recorded(problem, parameters, schemes[tasks[i].scheme], tasks[i].n, times, iopt); },
      {});
  std::vector<SchemeEstimate> out;
  for (std::size_t s = 0; s < schemes.size(); ++s) {
    std::vector<LadderRun> ladder_runs;
    double claim = std::numeric_limits<double>::quiet_NaN();
    bool sharp = false;
    for (std::size_t i = 0; i < tasks.size(); ++i)
      if (tasks[i].scheme == s) {
        const RunRow& r = runs[i].row;
        ladder_runs.push_back({r.h, runs[i].samples, r.noise_floor, r.status == RunStatus::ok});
        claim = r.claimed_order;
        sharp = r.claim_is_sharp;
      }
    out.push_back({schemes[s].label(), reference_free_estimate(ladder_runs, claim, sharp)});
  }
  return out;
}

}  // namespace sweepcheck
