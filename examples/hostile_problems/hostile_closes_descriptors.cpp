// Closes every file descriptor it inherited above stderr inside f once
// t > 1 (issue 60), as a "daemon-style" library tidying up might: the run's
// answer pipe with them. Every run that reaches t = 1 then cannot send its
// result; the problem's fault, never the scheme's.
#include <linux/close_range.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "hostile_problem.hpp"

class ClosesDescriptors final : public hostile::HostileDisk {
 public:
  void f(double t, std::span<const double> x, std::span<double> out) const override {
    if (t > 1) ::syscall(SYS_close_range, 3u, ~0u, 0u);
    HostileDisk::f(t, x, out);
  }

 private:
  std::string what() const override { return "closes-descriptors"; }
};
SWEEPCHECK_EXPORT_PROBLEM(ClosesDescriptors)
