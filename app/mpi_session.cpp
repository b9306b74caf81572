#include "app/mpi_session.hpp"

#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "studies/runs/run_distribution.hpp"

namespace sweepcheck::app {

namespace {

class MpiDistributor final : public RunDistributor {
 public:
  MpiDistributor(int rank, int size) : rank_(rank), size_(size) {}
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::vector<std::string> all_gather(const std::string& mine) override {
    // Sizes first (as long long: a study's results may exceed 2 GiB in
    // principle, but one rank's share sent as bytes must fit an int count).
    if (mine.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
      throw std::runtime_error("MPI: one rank's results exceed 2 GiB");
    int n = static_cast<int>(mine.size());
    std::vector<int> sizes(static_cast<std::size_t>(size_)), offsets(static_cast<std::size_t>(size_));
    MPI_Allgather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
    long long total = 0;
    for (int r = 0; r < size_; ++r) {
      offsets[std::size_t(r)] = static_cast<int>(total);
      total += sizes[std::size_t(r)];
    }
    if (total > std::numeric_limits<int>::max()) throw std::runtime_error("MPI: gathered results exceed 2 GiB");
    std::string all(static_cast<std::size_t>(total), '\0');
    MPI_Allgatherv(mine.data(), n, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR, MPI_COMM_WORLD);
    std::vector<std::string> out;
    for (int r = 0; r < size_; ++r) out.push_back(all.substr(std::size_t(offsets[std::size_t(r)]), std::size_t(sizes[std::size_t(r)])));
    return out;
  }

 private:
  int rank_, size_;
};

}  // namespace

bool launched_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

MpiSession::MpiSession(int& argc, char**& argv) {
  args_.assign(argv, argv + argc);
  if (!launched_by_mpirun()) return;
  int provided = 0;
  // Runs use threads, but only the main thread calls MPI.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  initialised_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  args_.assign(argv, argv + argc);
  if (size_ < 2) return;
  distributor_ = std::make_unique<MpiDistributor>(rank_, size_);
  if (rank_ == 0) return;

  // Ranks other than 0 write nothing the user sees.
  char tmpl[] = "/tmp/sweepcheck-rank-XXXXXX";
  if (!::mkdtemp(tmpl)) throw std::runtime_error("MPI rank: cannot create a scratch folder in /tmp");
  scratch_ = tmpl;
  bool has_out = false;
  for (std::size_t i = 1; i < args_.size(); ++i) {
    if (args_[i] == "--out" && i + 1 < args_.size()) {
      args_[i + 1] = scratch_ + "/out";
      has_out = true;
    } else if (args_[i].rfind("--out=", 0) == 0) {
      args_[i] = "--out=" + scratch_ + "/out";
      has_out = true;
    }
  }
  // `report` has a default --out (report/): point it at the scratch folder too.
  if (!has_out)
    for (std::size_t i = 1; i < args_.size(); ++i)
      if (args_[i] == "report") {
        args_.insert(args_.begin() + std::ptrdiff_t(i) + 1, {"--out", scratch_ + "/out"});
        break;
      }
  std::fflush(stdout);
  std::fflush(stderr);
  saved_stderr_ = ::dup(STDERR_FILENO);
  const int log = ::open((scratch_ + "/log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (log >= 0) {
    ::dup2(log, STDOUT_FILENO);
    ::dup2(log, STDERR_FILENO);
    ::close(log);
  }
}

int MpiSession::finish(int exit_code) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  if (!scratch_.empty()) {
    if (exit_code != 0 && saved_stderr_ >= 0) {
      std::ifstream in(scratch_ + "/log");
      std::stringstream ss;
      ss << "sweepcheck MPI rank " << rank_ << " failed (exit " << exit_code << "); its output:\n" << in.rdbuf();
      const std::string s = ss.str();
      (void)!::write(saved_stderr_, s.data(), s.size());
    }
    std::error_code ec;
    std::filesystem::remove_all(scratch_, ec);
    scratch_.clear();
  }
  if (initialised_ && size_ > 1 && exit_code != 0) MPI_Abort(MPI_COMM_WORLD, exit_code);
  return exit_code;
}

MpiSession::~MpiSession() {
  if (!scratch_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch_, ec);
  }
  if (initialised_) {
    distributor_.reset();
    MPI_Finalize();
  }
}

}  // namespace sweepcheck::app
