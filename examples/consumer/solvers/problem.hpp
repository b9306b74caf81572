#pragma once
// This project's own solvers/ folder, with the names sweepcheck's headers
// used before they moved under sweepcheck/ (issue 38): the project root is on
// this project's include path, ahead of the installed package, and an
// installed header that said #include "solvers/problem.hpp" would have got
// this file. Now every sweepcheck include starts with sweepcheck/, and both
// live side by side (convergence_test.cpp uses this one).
#include "solvers/scalar.hpp"

namespace my {

// The project's own idea of a problem: a name and a dimension.
struct Problem {
  const char* name;
  int dim;
};

}  // namespace my
