// A correct problem whose constructor and f (once per process) fork a helper
// process that sleeps for ten minutes, and f also a daemon that leaves the
// process group (fork, setsid, fork). Issue 45: the helpers outlived the
// audit (42 of them), holding the output folder's lock, so the next audit on
// that --out was refused. Every process the plugin starts is now in a child's
// process group, killed with it (studies/runs/isolated_run.hpp).
#include <unistd.h>

#include "hostile_problem.hpp"

namespace {
void fork_sleeper() {
  if (::fork() == 0) {
    ::sleep(600);
    ::_exit(0);
  }
}
void fork_daemon() {
  if (::fork() == 0) {
    ::setsid();
    if (::fork() == 0) ::sleep(600);
    ::_exit(0);
  }
}
}  // namespace

class Forks final : public hostile::HostileDisk {
 public:
  Forks() { fork_sleeper(); }
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    static pid_t forked_in = -1;
    if (forked_in != ::getpid()) {
      forked_in = ::getpid();
      fork_sleeper();
      fork_daemon();
    }
    HostileDisk::f(t, x, out);
  }

 private:
  std::string what() const override { return "forks"; }
};
SWEEPCHECK_EXPORT_PROBLEM(Forks)
