// Built when Open MPI was not found: the program runs as one process, and
// under mpirun it says so instead of silently repeating every run K times.
#include <cstdlib>
#include <stdexcept>

#include "app/mpi_session.hpp"

namespace sweepcheck::app {

bool launched_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

MpiSession::MpiSession(int& argc, char**& argv) {
  args_.assign(argv, argv + argc);
  const char* n = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (n && std::atoi(n) > 1)
    throw std::runtime_error("started by mpirun, but this sweepcheck was built without MPI (install libopenmpi-dev)");
}
MpiSession::~MpiSession() = default;
int MpiSession::finish(int exit_code) { return exit_code; }

}  // namespace sweepcheck::app
