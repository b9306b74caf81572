#pragma once
// `mpirun -n K sweepcheck ...`: the only code that knows MPI (mpi_session.cpp;
// without Open MPI at build time, mpi_session_none.cpp). When the program was
// started by mpirun it initialises MPI and owns the RunDistributor of
// studies/runs/run_distribution.hpp, which main() hands to the commands in
// their Executor (no process-wide slot); every rank runs the same command, the
// independent runs are split over the ranks, and only rank 0 writes: the
// other ranks' `--out` is replaced by a private scratch folder (removed at
// the end) and their stdout/stderr go to a log there, shown if they fail.
// Started plainly, MPI is never initialised and nothing changes.
#include <memory>
#include <string>
#include <vector>

#include "studies/runs/run_distribution.hpp"

namespace sweepcheck::app {

class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // The arguments this rank runs with (rank 0: unchanged; others: --out
  // pointed at the scratch folder).
  const std::vector<std::string>& args() const { return args_; }
  // The ranks' distributor, owned by this session, for the commands'
  // Executor (null: one process).
  RunDistributor* distributor() const { return distributor_.get(); }
  // Call with the command's exit code; a rank that fails aborts every rank
  // (so none waits forever in a collective) with that code.
  int finish(int exit_code);

 private:
  int rank_ = 0, size_ = 1;
  bool initialised_ = false;
  std::vector<std::string> args_;
  std::string scratch_;
  int saved_stderr_ = -1;
  std::unique_ptr<RunDistributor> distributor_;
};

// True when the environment says an MPI launcher started this process.
bool launched_by_mpirun();

}  // namespace sweepcheck::app
