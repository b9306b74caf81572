#pragma once
// Everything needed to write a problem and a scheme, in one include
// (installed as <sweepcheck/problem_and_scheme.hpp>, target sweepcheck::solvers):
//
//   - scalars and vectors: Vec<T>, epsilon<T>()            (solvers/core/scalar.hpp)
//   - the contracts: Problem, ConstraintSetOf, SchemeFor     (solvers/core/problem.hpp,
//     constraint_set_concept.hpp, scheme_concept.hpp)
//   - what a step reports: Work, StepStatus                  (solvers/core/work.hpp)
//   - the sets: ConstraintSet<T> with HalfSpace (below, above, through),
//     Ball, BallComplement, PairNonOverlap, DiskSegmentWall, each optionally
//     moving with a Translation (drift, oscillation, or following any s(t))
//                                                            (solvers/sets/constraint_set.hpp)
//   - the work axis of comparisons: WorkWeights              (solvers/core/work_weights.hpp)
//
// A problem, with a moving wall x_0 <= 1.5 + 0.3 sin t:
//
//   struct MyProblem {
//     using Scalar = double;
//     sweepcheck::ConstraintSet<double> set{2};
//     MyProblem() { set.add(sweepcheck::HalfSpace<double>::below(0, [](double t) { return 1.5 + 0.3 * std::sin(t); })); }
//     int dim() const { return 2; }
//     sweepcheck::Vec<double> f(double t, const sweepcheck::Vec<double>& x) const { ... }
//     const sweepcheck::ConstraintSet<double>& constraints() const { return set; }
//     sweepcheck::Vec<double> x0() const { ... }
//     double t0() const { return 0; }
//     double t_end() const { return 1; }
//     std::string name() const { return "my-problem"; }
//   };
//   static_assert(sweepcheck::Problem<MyProblem>);
//
// and a scheme: any type with
//   template <sweepcheck::Problem P>
//   sweepcheck::StepStatus step(const P& p, double t, const sweepcheck::Vec<double>& x, double h,
//                               sweepcheck::Vec<double>& out, sweepcheck::Work& work) const;
// (optionally name() and claimed_order()); sweepcheck::SchemeFor<MyScheme, MyProblem> checks it.
// The f calls are counted by the host; a scheme counts its constraint
// evaluations, projections and inner iterations in `work`.
#include "sweepcheck/solvers/core/constraint_set_concept.hpp"
#include "sweepcheck/solvers/core/problem.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/scheme_concept.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/core/work_weights.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"
#include "sweepcheck/solvers/sets/half_space.hpp"
#include "sweepcheck/solvers/sets/translation.hpp"
