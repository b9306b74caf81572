// A correct problem whose destructor never returns (it joins a thread that
// never ends). Issue 45: reported as a hang "inside value at t = 3", after a
// minute. The problem is now never destroyed where it can hold anything up.
#include <chrono>
#include <thread>

#include "hostile_problem.hpp"

class DestructorHang final : public hostile::HostileDisk {
 public:
  ~DestructorHang() override {
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }

 private:
  std::string what() const override { return "destructor-hang"; }
};
SWEEPCHECK_EXPORT_PROBLEM(DestructorHang)
