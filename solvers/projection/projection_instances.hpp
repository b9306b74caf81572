#pragma once
// Build time (issue 33): the exact and approximate polyhedron projections
// (NNLS, least distance programming, project_exact, project_dual_gradient)
// instantiated on double and on Float50 pull in Eigen's QR, LU and LDLT on
// both scalars, and were instantiated again in every translation unit that
// called them. Declared here as explicit instantiations found elsewhere
// (projection_instances.cpp, library sweepcheck_projection_instances), so a
// translation unit that sees this header compiles none of them (measured on
// the heaviest test batch, solvers_test's second: 56 s -> 26 s of CPU). A unit
// that does not include it still instantiates them itself (weak symbols:
// both may link together). The reference projector's project_onto
// (reference_projector.hpp) on double too: clang's -ftime-trace found it
// instantiated in nine units, 13.7 s of front end in all (issue 58; with GCC
// and Float50 as well it was a net loss, README). The same code either
// way, compiled here with the libraries' -O3 instead of the tests' -O1; no
// level reassociates floating-point arithmetic, so including it changes
// speed, not results (the whole suite and the gold files pass unchanged). The
// test programs get it through their shared precompiled header
// (CMakeLists.txt).
#include <vector>

#include "sweepcheck/solvers/core/multiprecision.hpp"
#include "sweepcheck/solvers/projection/approximate_projection.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"
#include "sweepcheck/solvers/projection/nnls.hpp"
#include "sweepcheck/solvers/projection/polyhedron_projection.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"

// SWEEPCHECK_PROJECTION_INSTANCES(extern) declares, (empty) defines.
#define SWEEPCHECK_PROJECTION_INSTANCES(EXTERN, T)                                                                  \
  EXTERN template NnlsResult<T> nnls<T>(const Mat<T>&, const Vec<T>&, int, const std::vector<Eigen::Index>*,      \
                                        NnlsFactorisation);                                                        \
  EXTERN template LeastDistanceSolution<T> least_distance<T>(const Mat<T>&, const Vec<T>&,                         \
                                                             const std::vector<Eigen::Index>*, NnlsFactorisation); \
  EXTERN template PolyhedronProjection<T> project_onto_polyhedron<T>(const Mat<T>&, const Vec<T>&, const Vec<T>&); \
  EXTERN template ExactProjection<T> project_exact<T>(const Polyhedron<T>&, const Vec<T>&, Work*);                 \
  EXTERN template ApproximateProjection<T> project_dual_gradient<T>(const Polyhedron<T>&, const Vec<T>&, const T&, \
                                                                    const T&, const DualGradientOptions&);
// The reference projector on double only: on Float50 two units instantiate
// it (5.8 s of front end between them), and an earlier GCC attempt that
// compiled both scalars here, with the KKT certificate, was a net loss (README).
#define SWEEPCHECK_REFERENCE_PROJECTOR_INSTANCES(EXTERN)                                                        \
  EXTERN template ProjectionResult<double> project_onto<double>(const ConstraintSet<double>&, const double&,     \
                                                                const Vec<double>&,                             \
                                                                const ReferenceProjectorOptions<double>&, Work&);

#ifndef SWEEPCHECK_DEFINE_PROJECTION_INSTANCES
namespace sweepcheck {
SWEEPCHECK_PROJECTION_INSTANCES(extern, double)
SWEEPCHECK_PROJECTION_INSTANCES(extern, Float50)
SWEEPCHECK_REFERENCE_PROJECTOR_INSTANCES(extern)
}  // namespace sweepcheck
#endif
