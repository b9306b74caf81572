#pragma once
// The cross-check against Siconos (Debian libsiconos-kernel-dev), the field's
// reference simulator for complementarity circuits: the same LCS as a
// FirstOrderLinearDS + FirstOrderLinearTIR + ComplementarityConditionNSL,
// stepped by TimeStepping + EulerMoreauOSI(θ) + LCP (Lemke).
//
// This header does not include Siconos (whose Boost.uBLAS headers do not
// compile as C++20): the implementation lives in siconos_lcs.cpp, built as
// C++17 when Siconos is found, or siconos_lcs_unavailable.cpp otherwise.
//
// Input alignment: EulerMoreauOSI with θ = 0 computes
//   x_{k+1} = x_k + h (A x_k + E u(t_k)) + h B λ_{k+1},
//   0 ≤ λ_{k+1} ⊥ C x_{k+1} + G u(t_{k+1}) + F ≥ 0,
// and u is evaluated at t_k = k h (from the step index, not from Siconos'
// clock, so that both codes see the same input values even where
// sign(sin 4πt) changes sign on a grid point).
#include <cstdint>
#include <string>
#include <vector>

#include "sweepcheck/analytic/lcs.hpp"

namespace sweepcheck {

struct SiconosTrajectory {
  std::vector<double> t;         // t_0 .. t_n
  std::vector<Vec<double>> x;    // x_0 .. x_n (x-coordinates, not z)
};

// True when sweepcheck was built with Siconos.
bool siconos_available();
// Why not, when it was not (empty otherwise).
std::string siconos_unavailable_reason();

// Runs Siconos on the LCS with n uniform steps of EulerMoreauOSI(theta).
// Throws std::runtime_error when Siconos is unavailable or fails.
SiconosTrajectory run_siconos_euler_moreau(const LcsData<double>& lcs, std::int64_t n, double theta = 0.0);

}  // namespace sweepcheck
