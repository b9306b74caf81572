#pragma once
// This project's own solvers/scalar.hpp (see solvers/problem.hpp here).
namespace my {
using Real = double;
}  // namespace my
