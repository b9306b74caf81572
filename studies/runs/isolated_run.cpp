#include "studies/runs/isolated_run.hpp"

#include <cxxabi.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <link.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <new>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace sweepcheck {

namespace {

// Message from child to host: one kind byte ('R' result, 'T' threw), the
// payload's length (8 bytes), the payload. A message shorter than announced
// means the child died while writing it.
constexpr char kResult = 'R';
constexpr char kThrew = 'T';

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t w = ::write(fd, data, size);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    size -= static_cast<std::size_t>(w);
  }
  return true;
}

// The child's answer pipe as it was at fork (issue 60): a plugin that closes
// its inherited descriptors closes it, or puts another file at its number.
struct AnswerPipe {
  int fd = -1;
  dev_t dev = 0;
  ino_t ino = 0;
};
AnswerPipe answer_pipe;  // set in the child only (child_main)

bool answer_pipe_intact() {
  struct stat st {};
  return answer_pipe.fd >= 0 && ::fstat(answer_pipe.fd, &st) == 0 && st.st_dev == answer_pipe.dev &&
         st.st_ino == answer_pipe.ino;
}

void note_answer_pipe_lost();

void send(int fd, char kind, const std::string& payload) {
  const std::uint64_t n = payload.size();
  char header[9];
  header[0] = kind;
  std::memcpy(header + 1, &n, 8);
  if (!answer_pipe_intact() || !write_all(fd, header, 9) || !write_all(fd, payload.data(), payload.size())) {
    if (!answer_pipe_intact()) note_answer_pipe_lost();
    ::_exit(3);
  }
}

std::string current_exception_description() {
  try {
    throw;
  } catch (const std::exception& e) {
    int st = 0;
    std::unique_ptr<char, decltype(&std::free)> name(abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &st),
                                                       &std::free);
    return fmt::format("exception of type {}: {}", st == 0 && name ? name.get() : typeid(e).name(), e.what());
  } catch (...) {
    // Not a std::exception (`throw 42`): name its type through the ABI.
    const std::type_info* t = abi::__cxa_current_exception_type();
    if (!t) return "an exception of unknown type";
    int st = 0;
    std::unique_ptr<char, decltype(&std::free)> name(abi::__cxa_demangle(t->name(), nullptr, nullptr, &st), &std::free);
    return fmt::format("exception of type {}", st == 0 && name ? name.get() : t->name());
  }
}

// What a child tells the host through one shared page: how far it got and
// the problem-plugin call it is in (atomics: the host reads after the child
// ended, but a thread of the child may still be writing when it is killed).
struct ChildPage {
  std::atomic<std::int64_t> progress{-1};
  std::atomic<int> call{-1};
  std::atomic<int> inside{0};
  std::atomic<double> t{0};
  // A fatal signal, as the child's handler saw it (ChildCrash).
  std::atomic<int> crash_seen{0};
  std::atomic<int> crash_run_thread{1};
  std::atomic<int> crash_owner{0};
  std::atomic<int> crash_scheme_code{0};
  // The answer pipe closed by code in the child (ChildChannel).
  std::atomic<int> channel_lost{0};
  std::atomic<int> channel_scheme_code{0};
  std::atomic<int> closed_call{-1};
  std::atomic<double> closed_t{0};
};

// Set in the child only (after fork, where the child is single-threaded), so
// the host's threads never see it non-null.
ChildPage* child_page = nullptr;
bool is_child_run = false;  // likewise: true in a child, whether or not its page could be mapped

// One shared anonymous page per child run: the child writes, the host reads
// after the child has ended.
struct SharedPage {
  void* page = MAP_FAILED;
  SharedPage() {
    page = ::mmap(nullptr, sizeof(ChildPage), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page != MAP_FAILED) new (page) ChildPage();
  }
  ~SharedPage() {
    if (page != MAP_FAILED) ::munmap(page, sizeof(ChildPage));
  }
  ChildPage* get() const { return page == MAP_FAILED ? nullptr : static_cast<ChildPage*>(page); }
};

void read_page(const SharedPage& page, ChildResult& res) {
  if (const auto* w = page.get()) {
    res.progress = w->progress.load();
    res.call = {w->call.load(), w->t.load(), w->inside.load() != 0};
    if (w->crash_seen.load(std::memory_order_acquire) != 0)
      res.crash = {true, w->crash_run_thread.load() != 0, static_cast<CodeOwner>(w->crash_owner.load()),
                   w->crash_scheme_code.load() != 0};
    if (w->channel_lost.load(std::memory_order_acquire) != 0)
      res.channel = {true, w->channel_scheme_code.load() != 0, {w->closed_call.load(), w->closed_t.load(), true}};
  }
}

// The registered plugins' code (register_plugin_code): filled under a lock,
// read by the crash handler without one (entries are complete before the
// count that publishes them grows).
struct CodeRange {
  std::uintptr_t begin = 0, end = 0;
  CodeOwner owner = CodeOwner::unknown;
};
constexpr int kMaxCodeRanges = 64;
CodeRange code_ranges[kMaxCodeRanges];
std::atomic<int> code_range_count{0};
std::mutex code_range_mutex;

// The thread that runs `work` in a child (set after fork, before work).
pid_t run_thread_id = 0;

// Whether a scheme plugin's code is registered (a table read, no lock: the
// child is single-threaded when it asks, the crash handler cannot lock).
bool scheme_code_registered() {
  const int n = code_range_count.load(std::memory_order_acquire);
  for (int i = 0; i < n; ++i)
    if (code_ranges[i].owner == CodeOwner::scheme) return true;
  return false;
}

// In a child run again to find who closed its pipe (run_in_child): the pipe
// is checked around each call into a problem plugin. Two fstat calls per
// call, which made a run with a scheme plugin and a problem plugin minutes
// long when it was always on, so only in that second run: a first run that
// keeps its pipe never pays for the watch.
bool watch_answer_pipe = false;
bool pipe_intact_at_call = true;

void note_answer_pipe_lost() {
  if (ChildPage* p = child_page) {
    p->channel_scheme_code.store(scheme_code_registered() ? 1 : 0);
    p->channel_lost.store(1, std::memory_order_release);
  }
}

std::uintptr_t program_counter(void* context) {
#if defined(__x86_64__)
  return static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return static_cast<std::uintptr_t>(static_cast<ucontext_t*>(context)->uc_mcontext.pc);
#else
  (void)context;
  return 0;
#endif
}

// Async-signal-safe: atomics, a table read, system calls. Records the
// evidence, then ends the process with the same signal (SA_RESETHAND put
// back the default action; SA_NODEFER leaves the signal unblocked), so the
// host sees the status it would have seen without the handler.
void crash_handler(int sig, siginfo_t*, void* context) {
  if (ChildPage* p = child_page) {
    const auto tid = static_cast<pid_t>(::syscall(SYS_gettid));
    const std::uintptr_t pc = program_counter(context);
    CodeOwner owner = pc == 0 ? CodeOwner::unknown : CodeOwner::other;
    bool scheme_code = false;
    const int n = code_range_count.load(std::memory_order_acquire);
    for (int i = 0; i < n; ++i) {
      scheme_code = scheme_code || code_ranges[i].owner == CodeOwner::scheme;
      if (pc >= code_ranges[i].begin && pc < code_ranges[i].end) owner = code_ranges[i].owner;
    }
    p->crash_run_thread.store(tid == run_thread_id ? 1 : 0);
    p->crash_owner.store(static_cast<int>(owner));
    p->crash_scheme_code.store(scheme_code ? 1 : 0);
    p->crash_seen.store(1, std::memory_order_release);
  }
  ::syscall(SYS_tgkill, ::getpid(), ::syscall(SYS_gettid), sig);
}

// In the child, before `work`: the handler for the signals a crash raises,
// with an alternate stack for the run thread (a stack overflow there still
// runs it). A plugin that installs its own handler replaces this one: its
// crashes are then recorded without the evidence (ChildCrash::seen false).
void install_crash_handler() {
  run_thread_id = static_cast<pid_t>(::syscall(SYS_gettid));
  static char alternate[1 << 16];
  stack_t st{};
  st.ss_sp = alternate;
  st.ss_size = sizeof alternate;
  ::sigaltstack(&st, nullptr);
  struct sigaction sa {};
  sa.sa_sigaction = crash_handler;
  sa.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
  ::sigemptyset(&sa.sa_mask);
  for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS}) ::sigaction(sig, &sa, nullptr);
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

// The child's address space now (VmSize), in bytes; 0 when unknown.
double address_space_bytes() {
  std::ifstream in("/proc/self/statm");
  double pages = 0;
  if (!(in >> pages)) return 0;
  return pages * double(::sysconf(_SC_PAGESIZE));
}

// RLIMIT_AS = what the child has + limits.memory_bytes; the limit applied (0: none).
double limit_memory(const ChildLimits& limits) {
  if (!(limits.memory_bytes > 0) || kAddressSanitizer) return 0;
  const double now = address_space_bytes();
  if (!(now > 0)) return 0;
  const double cap = now + limits.memory_bytes;
  rlimit r{};
  r.rlim_cur = r.rlim_max = cap >= double(RLIM_INFINITY) ? RLIM_INFINITY : static_cast<rlim_t>(cap);
  return ::setrlimit(RLIMIT_AS, &r) == 0 ? cap : 0;
}

[[noreturn]] void child_main(int fd, const std::function<std::string()>& work, bool watch_pipe) {
  // The host's handlers (if any) are not the child's business.
  ::signal(SIGPIPE, SIG_DFL);
  // A hanging child must not outlive a host that was killed (it would hold
  // the output folder's lock, inherited through fork, for ever).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  install_crash_handler();
  {
    struct stat st {};
    if (::fstat(fd, &st) == 0) answer_pipe = {fd, st.st_dev, st.st_ino};
  }
  watch_answer_pipe = watch_pipe;
  try {
    const std::string payload = work();
    send(fd, kResult, payload);
  } catch (...) {
    send(fd, kThrew, current_exception_description());
  }
  ::close(fd);
  // _exit: no atexit handlers or static destructors of the host's copy (they
  // belong to the host, which is still running).
  ::_exit(0);
}

using Clock = std::chrono::steady_clock;

// The length a message's header announces (0 before the header is in).
std::uint64_t announced_length(const std::string& message) {
  std::uint64_t n = 0;
  if (message.size() >= 9) std::memcpy(&n, message.data() + 1, 8);
  return n;
}

// A complete message: header + announced length.
bool complete(const std::string& message) {
  return message.size() >= 9 && message.size() - 9 == announced_length(message);
}

// Forks the child that runs `work` (child_main) under the memory limit, the
// progress page shared with it. Returns its pid; read_end: the pipe it answers on.
pid_t fork_child(const std::function<std::string()>& work, const SharedPage& progress, const ChildLimits& limits,
                 bool watch_pipe, int& read_end) {
  int fds[2];
  pid_t pid = -1;
  // Host threads fork concurrently (--jobs). A child forked by another
  // thread between this pipe() and the close() below would inherit this
  // pipe's write end and hold it open: this run would then see no EOF when
  // its own child dies. Creating the pipe, forking and closing the write
  // end under one lock leaves no write end for another child to inherit.
  static std::mutex fork_mutex;
  std::lock_guard lock(fork_mutex);
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot create a pipe for a child run: ") + std::strerror(errno));
  // Buffered output would otherwise be written twice (by host and child).
  std::fflush(nullptr);
  const pid_t host = ::getpid();
  pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(std::string("cannot fork a child run: ") + std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    // Its own process group: whatever the run forks (a plugin's helper
    // processes) is in it, and is killed with it when the run ends.
    ::setpgid(0, 0);
    if (::getppid() != host) ::_exit(4);  // the host died before PDEATHSIG was set
    child_page = progress.get();
    is_child_run = true;
    limit_memory(limits);
    child_main(fds[1], work, watch_pipe);
  }
  ::setpgid(pid, pid);  // also from the host: the group exists before fork_child returns
  ::close(fds[1]);
  read_end = fds[0];
  return pid;
}

// Reaps the child `pid` once it has exited (blocking, or not when `block` is
// false: then returns false while it runs). Before it is reaped, while its
// pid (and so its process group's id) cannot be reused, every process left
// in its group — what the run forked — is killed: no process outlives its
// run, nor holds the output folder's lock it inherited.
bool reap_with_group(pid_t pid, int& status, bool block) {
  siginfo_t info{};
  for (;;) {
    info.si_pid = 0;
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG)) == 0) break;
    if (errno != EINTR) return true;  // not our child any more: nothing to reap
  }
  if (info.si_pid == 0) return false;  // still running
  ::kill(-pid, SIGKILL);
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return true;
}

// A run's time limit. It is never cut short: the deadline is tested on the
// clock itself, and the wait handed to poll() is rounded up to whole
// milliseconds (rounded down, 0.9 ms left became "no time left" and a child
// was killed up to 1 ms before its limit).
struct Deadline {
  Clock::time_point at;
  bool expired() const { return Clock::now() >= at; }
  int remaining_ms() const {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(at - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 1, 1000 * 1000));
  }
};

// What came through the pipe, and whether the deadline or limits.stop ended the wait.
struct Answer {
  std::string message;
  bool timed_out = false, stopped = false;
};

// Reads the child's answer until it is complete, the pipe closes (EOF: the
// child finished or died), the deadline passes or limits.stop asks to stop.
Answer read_answer(int fd, const Deadline& deadline, const ChildLimits& limits) {
  Answer a;
  char buffer[1 << 16];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (deadline.expired()) {
      a.timed_out = true;
      break;
    }
    const int ms = deadline.remaining_ms();
    const int ready = ::poll(&p, 1, limits.stop ? std::min(ms, 250) : ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      if (limits.stop && limits.stop()) {
        a.stopped = true;
        break;
      }
      continue;  // the loop's deadline test decides
    }
    const ssize_t r = ::read(fd, buffer, sizeof buffer);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;  // EOF: the child closed its end (finished or died)
    a.message.append(buffer, static_cast<std::size_t>(r));
    const std::uint64_t announced = announced_length(a.message);
    if (a.message.size() >= 9 && a.message.size() - 9 >= announced) break;  // complete (a grandchild may hold the pipe)
  }
  return a;
}

// The child's wait status once its pipe is done with (0 if it was not
// reaped: timed out or stopped, for the caller to kill).
int wait_for_exit(pid_t pid, Answer& a, const Deadline& deadline) {
  int status = 0;
  if (!a.timed_out && complete(a.message)) {
    // A complete answer: the child is in _exit (child_main), nothing of the
    // scheme runs any more, so a blocking wait cannot hang.
    reap_with_group(pid, status, true);
  } else if (!a.timed_out && !a.stopped) {
    // The pipe is closed; the child exits right after (or is dying). A child
    // that closed the pipe and kept running is held to the same deadline.
    for (;;) {
      if (reap_with_group(pid, status, false)) break;
      if (deadline.expired()) {
        a.timed_out = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  return status;
}

void kill_and_reap(pid_t pid) {
  int status = 0;
  ::kill(pid, SIGKILL);
  reap_with_group(pid, status, true);
}

// What a child that ended by itself left: a signal, an exit before its whole
// answer, an exception, or its payload.
void read_outcome(const std::string& message, int status, ChildResult& res) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    res.status = RunStatus::crashed;
    const char* name = ::sigabbrev_np(sig);
    res.detail = fmt::format("signal {} (SIG{}: {})", sig, name ? name : "?", ::strsignal(sig));
    return;
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (!complete(message) || code != 0) {
    // The facts only: whose act it was is the blame's to say (fault_detail).
    res.status = RunStatus::crashed;
    if (res.channel.lost)
      res.detail = fmt::format("its answer pipe, a descriptor the process inherited, was closed by code running in "
                               "it, so the result could not be sent (exit code {})",
                               code);
    else if (message.empty()) {
      res.exit_code = code;
      res.detail = fmt::format("the process ended with exit code {} before the run finished", code);
    } else
      res.detail = fmt::format("the process ended with exit code {} while sending its result", code);
    return;
  }
  if (message[0] == kThrew) {
    res.status = RunStatus::threw;
    res.detail = message.substr(9);
    return;
  }
  res.payload = message.substr(9);
}

}  // namespace

namespace {

ChildResult run_once(const std::function<std::string()>& work, double time_limit_seconds, const ChildLimits& limits,
                     bool watch_pipe) {
  const SharedPage progress;  // mapped before fork: shared with the child
  const double memory_cap = kAddressSanitizer ? 0 : limits.memory_bytes;
  const auto started = Clock::now();
  int read_end = -1;
  const pid_t pid = fork_child(work, progress, limits, watch_pipe, read_end);
  const Deadline deadline{Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(time_limit_seconds))};
  Answer answer = read_answer(read_end, deadline, limits);
  ::close(read_end);
  const int status = wait_for_exit(pid, answer, deadline);
  ChildResult res;
  res.memory_limit_bytes = memory_cap;
  read_page(progress, res);
  res.wall_seconds = std::chrono::duration<double>(Clock::now() - started).count();
  if (answer.stopped) {
    kill_and_reap(pid);
    read_page(progress, res);
    res.status = RunStatus::not_run;
    res.detail = "stopped while running: no further runs of the plugin are started";
    return res;
  }
  if (answer.timed_out) {
    kill_and_reap(pid);
    read_page(progress, res);  // final: the child is gone
    res.status = RunStatus::timed_out;
    res.detail = fmt::format("killed after its time limit of {:g} s", time_limit_seconds);
    return res;
  }
  read_outcome(answer.message, status, res);
  // A signal: where the child's own handler saw it (its words after the signal's).
  if (res.status == RunStatus::crashed && res.crash.seen) res.detail += ", " + describe(res.crash);
  return res;
}

}  // namespace

ChildResult run_in_child(const std::function<std::string()>& work, double time_limit_seconds,
                         const ChildLimits& limits) {
  if (!(time_limit_seconds > 0)) throw std::invalid_argument("run_in_child: the time limit must be > 0");
  ChildResult first = run_once(work, time_limit_seconds, limits, false);
  // The pipe lost where a scheme plugin's code ran too: either party's code
  // may have closed it. The run is made once more with every call into the
  // problem watched (the runs are deterministic: the audit checks it), and
  // that run's evidence blames; a loss it does not repeat keeps the first
  // run's result, which blames neither party by a call.
  if (!first.channel.lost || !first.channel.scheme_code) return first;
  ChildResult watched = run_once(work, time_limit_seconds, limits, true);
  if (watched.channel.lost) {
    watched.wall_seconds += first.wall_seconds;
    return watched;
  }
  first.detail += " (run again with every call into the problem watched, it kept its answer pipe: the closing did not "
                  "repeat)";
  return first;
}

void report_child_progress(std::int64_t value) {
  if (child_page) child_page->progress.store(value, std::memory_order_relaxed);
}

void report_child_call(int call, double t) {
  if (!child_page) return;
  if (watch_answer_pipe) pipe_intact_at_call = answer_pipe_intact();
  child_page->call.store(call, std::memory_order_relaxed);
  child_page->t.store(t, std::memory_order_relaxed);
  child_page->inside.store(1, std::memory_order_release);
}

void report_child_call_returned() {
  if (!child_page) return;
  // Intact when the call began and gone now: closed inside the call (the
  // first such call is kept).
  if (watch_answer_pipe && pipe_intact_at_call && child_page->closed_call.load() < 0 && !answer_pipe_intact()) {
    child_page->closed_t.store(child_page->t.load());
    child_page->closed_call.store(child_page->call.load());
  }
  child_page->inside.store(0, std::memory_order_release);
}

bool inside_child_run() { return is_child_run; }

ChildCall current_child_call() {
  if (!child_page) return {};
  return {child_page->call.load(), child_page->t.load(), child_page->inside.load() != 0};
}

void register_plugin_code(const void* address, CodeOwner owner) {
  struct Search {
    std::uintptr_t address;
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> code;
  } search{reinterpret_cast<std::uintptr_t>(address), {}};
  // The loaded object one of whose segments holds `address`: its executable segments.
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) -> int {
        auto& s = *static_cast<Search*>(data);
        bool holds = false;
        std::vector<std::pair<std::uintptr_t, std::uintptr_t>> code;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          const std::uintptr_t begin = info->dlpi_addr + ph.p_vaddr, end = begin + ph.p_memsz;
          holds = holds || (s.address >= begin && s.address < end);
          if (ph.p_flags & PF_X) code.emplace_back(begin, end);
        }
        if (!holds) return 0;
        s.code = std::move(code);
        return 1;
      },
      &search);
  const std::lock_guard lock(code_range_mutex);
  for (const auto& [begin, end] : search.code) {
    const int n = code_range_count.load(std::memory_order_relaxed);
    bool known = false;
    for (int i = 0; i < n; ++i) known = known || (code_ranges[i].begin == begin && code_ranges[i].end == end);
    if (known || n == kMaxCodeRanges) continue;
    code_ranges[n] = {begin, end, owner};
    code_range_count.store(n + 1, std::memory_order_release);
  }
}

std::string describe(const ChildCrash& c) {
  if (!c.seen) return {};
  const char* where = c.owner == CodeOwner::problem  ? "in the problem plugin's code"
                      : c.owner == CodeOwner::scheme ? "in the scheme plugin's code"
                      : c.owner == CodeOwner::other  ? "in code of neither plugin (the C library, the harness)"
                                                     : "at an unknown instruction";
  return fmt::format("{}, on {}", where, c.run_thread ? "the run's own thread" : "a thread that is not the run's");
}

void adopt_orphans() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

int kill_adopted_orphans() {
  const pid_t self = ::getpid();
  int killed = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    char state = 0;
    long ppid = 0;
    if (!(rest >> state >> ppid) || ppid != self) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    ++killed;
  }
  return killed;
}

double available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return 0;
}

std::string describe(const ChildResult& r) {
  if (r.status == RunStatus::ok) return "ok";
  return fmt::format("{}: {}", to_string(r.status), r.detail);
}

const char* to_string(Blame b) {
  switch (b) {
    case Blame::scheme: return "the scheme";
    case Blame::problem: return "the problem plugin";
    case Blame::unjudged: return "neither judged";
  }
  return "?";
}

std::string fault_detail(const ChildResult& r, Blame b) {
  if (r.status != RunStatus::crashed || b == Blame::unjudged) return r.detail;
  // An exit before the answer, or a closed pipe: the act, in the blamed code's name.
  if (r.exit_code >= 0)
    return r.detail + (b == Blame::scheme ? " (exit() called inside the scheme?)"
                                          : " (exit() called inside the problem plugin)");
  if (r.channel.lost)
    return r.detail + (b == Blame::scheme ? " (by the scheme plugin's code?)" : " (by the problem plugin's code)");
  return r.detail;
}

}  // namespace sweepcheck
