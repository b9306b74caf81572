#pragma once
// Build time (issue 58): an LCS's constructor and its validation run Eigen's
// SelfAdjointEigenSolver (P's square root; P positive definite) on double and
// on Float50; clang's -ftime-trace found them instantiated again in every
// translation unit that builds an LCS (1.6-4.1 s of front end per scalar and
// unit, and their code generation). Declared here as explicit instantiations
// found elsewhere (lcs_instances.cpp, library sweepcheck_lcs_instances), as
// solvers/projection/projection_instances.hpp does for the projections: a
// unit that sees this header compiles neither; one that does not (a user of
// the installed headers) instantiates them itself. The same code either way.
// The test programs get it through their shared precompiled header, the
// libraries that build an LCS through sweepcheck_use_lcs_instances
// (top-level CMakeLists.txt).
#include "sweepcheck/analytic/lcs.hpp"
#include "sweepcheck/solvers/core/multiprecision.hpp"

// SWEEPCHECK_LCS_INSTANCES(extern) declares, (empty) defines.
#define SWEEPCHECK_LCS_INSTANCES(EXTERN, T)          \
  EXTERN template void LcsData<T>::validate() const; \
  EXTERN template LcsSweeping<T>::LcsSweeping(LcsData<T>);

#ifndef SWEEPCHECK_DEFINE_LCS_INSTANCES
namespace sweepcheck {
SWEEPCHECK_LCS_INSTANCES(extern, double)
SWEEPCHECK_LCS_INSTANCES(extern, Float50)
}  // namespace sweepcheck
#endif
