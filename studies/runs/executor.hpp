#pragma once
// Where independent runs execute, as a value the caller passes in: the
// threads of this process and, under mpirun, the ranks. The ranks are a
// RunDistributor owned by whoever started MPI (the program's MPI session,
// app/mpi_session.hpp) or a test's fake; nothing is process-wide. Results
// never depend on either (parallel_runs.hpp).
#include <stdexcept>
#include <string>

#include "studies/runs/run_distribution.hpp"

namespace sweepcheck {

struct Executor {
  int jobs = 1;                     // threads of this process, >= 1
  RunDistributor* ranks = nullptr;  // null: this process alone

  // Spread over several ranks (each rank does its share, all get every result).
  bool distributed() const { return ranks != nullptr && ranks->size() > 1; }
  void validate(const std::string& who) const {
    if (jobs < 1) throw std::invalid_argument(who + ": jobs must be >= 1, got " + std::to_string(jobs));
  }
};

}  // namespace sweepcheck
