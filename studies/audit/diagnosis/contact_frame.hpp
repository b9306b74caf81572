#pragma once
// The contact frame (issue 57, item 4): on the steps where the Euler
// predictor p = x + h f(t_k, x) violates constraints, the step's motion split
// along and across those constraints, against the exact local motion.
//
// Why these measures. A solution of x' ∈ f(t, x) − N(S(t), x) has x' − f in
// the cone of the active constraints' normals (seed 000, (1)); so the part of
// x' orthogonal to those normals is f's own part, whether the set moves or
// not, and a step of size h of a scheme of the seeds moves x along them by
// (h f)_T + O(h^2): its *tangential gain* <Δ_T, (h f)_T> / |(h f)_T|² is
// 1 + O(h) (the O(h): the boundary's curvature over a step). Across them, a
// projection of p onto S_j(t_{k+1}) moves it by exactly the distance p lies
// outside (to first order in the linearisation at p): the *normal ratio*
// <x_{k+1} − p, n> / (−g_j(t_{k+1}, p) / |∇g_j|) is 1 + O(h); 0 is no
// correction (a shortfall: the violation stays), 2 a reflection (an
// overshoot), below 0 a correction of the wrong sign. A set queried at t_k,
// one step late, reads 1 against S_j(t_k) instead and is within the theory
// (examples/pbd_lagged_set.cpp): the ratio is read against both.
// And a step where p violates k >= 2 constraints, the scheme's projections
// move the point for one of them only and x_{k+1} still violates one: "k
// violated, 1 projected", a sweep that stops after one projection.
//
// The rules (written, not tuned): a measure is read per traced run as the
// median over its steps (at least 3 steps); it is off when outside
// [1 − kFrameTolerance, 1 + kFrameTolerance], kFrameTolerance = 0.2 (the
// free-step gain's tolerance, issue 36: an O(h) curvature term at the traced
// h stays well within it), and a defect when it is off at each of the two
// finest traced runs that read it and the finer is not nearer 1 by half (a
// gain tending to 1 is pre-asymptotic, not a defect). One-projection steps: a
// defect when at least 3 steps had k >= 2 violated and at least 80 % of them
// were "k violated, 1 projected, some still violated". Problems in a
// non-identity metric (their projections are not Euclidean: the normals the
// cone is spanned by are P^-1 ∇g_j) are not read.
#include <string>
#include <vector>

#include "studies/audit/diagnosis/audit_trace.hpp"
#include "studies/audit/diagnosis/diagnosis.hpp"

namespace sweepcheck {

inline constexpr double kFrameTolerance = 0.2;

std::vector<Finding> contact_frame_findings(const std::string& problem, const std::vector<TraceRun>& runs);

}  // namespace sweepcheck
