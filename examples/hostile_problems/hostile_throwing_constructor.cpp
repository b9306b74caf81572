// Throws in its constructor (a data file it needs is missing).
#include <stdexcept>

#include "hostile_problem.hpp"

class ThrowingConstructor final : public hostile::HostileDisk {
 public:
  ThrowingConstructor() { throw std::runtime_error("cannot open my data file"); }

 private:
  std::string what() const override { return "throwing-constructor"; }
};
SWEEPCHECK_EXPORT_PROBLEM(ThrowingConstructor)
