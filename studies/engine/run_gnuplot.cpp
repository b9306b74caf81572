#include "sweepcheck/studies/engine/run_gnuplot.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

extern char** environ;

namespace sweepcheck {

bool run_gnuplot_script(const std::filesystem::path& folder, const std::string& script, double timeout_seconds) {
  posix_spawn_file_actions_t actions;
  if (posix_spawn_file_actions_init(&actions) != 0) return false;
  // glibc >= 2.29: the child changes folder, the host's working folder stays.
  bool ok = posix_spawn_file_actions_addchdir_np(&actions, folder.c_str()) == 0;
  for (int fd : {0, 1, 2})
    ok = ok && posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) == 0;
  pid_t pid = -1;
  std::string program = "gnuplot", arg = script;
  char* argv[] = {program.data(), arg.data(), nullptr};
  ok = ok && posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ) == 0;
  posix_spawn_file_actions_destroy(&actions);
  if (!ok) return false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  int status = 0;
  for (;;) {
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (r < 0) return false;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace sweepcheck
