// Its constructor crashes (a null pointer where its data should be).
#include "hostile_problem.hpp"

class ConstructorCrash final : public hostile::HostileDisk {
 public:
  ConstructorCrash() { *static_cast<volatile int*>(nullptr) = 1; }

 private:
  std::string what() const override { return "constructor-crash"; }
};
SWEEPCHECK_EXPORT_PROBLEM(ConstructorCrash)
