// A correct problem whose destructor crashes (a double free in its clean-up).
// Issue 45: it was reported as a failure "inside value at t = 3" (the last
// call the loading child had made), and the host ran it too at exit. The
// host now never destroys the problem, and a crash after the last call is
// named as the problem's clean-up.
#include "hostile_problem.hpp"

class DestructorCrash final : public hostile::HostileDisk {
 public:
  ~DestructorCrash() override { *static_cast<volatile int*>(nullptr) = 1; }

 private:
  std::string what() const override { return "destructor-crash"; }
};
SWEEPCHECK_EXPORT_PROBLEM(DestructorCrash)
