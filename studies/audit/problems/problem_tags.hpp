#pragma once
// Tags measured from a battery problem (issue 47): its dimension class, its
// number of bodies, its state scale class and the stiffness of its field, so
// the diagnosis's pattern rule (studies/audit/diagnosis/diagnosis.hpp,
// pattern_findings) can say "fails on every problem tagged 'd >= 40'".
//
// The classes are chosen to separate the battery (measured on it: d is 2 on
// the moving sets and the closed-form LCS, 3 and 5 on the sliding cases, 80
// on the disks, 40 on the crowd): a tag every problem has, or none, cannot
// set failing problems apart, and a class per problem would tag each with a
// name of its own. The bounds and why:
// - dimension: "d <= 5" (a point or a few coordinates) and "d >= 40" (many
//   bodies: a per-coordinate or per-body defect shows here, issue 47), else
//   "5 < d < 40";
// - bodies, where the problem has bodies (the disks, the crowd): "several
//   bodies". Not the count: a count the battery has once ("40 bodies") is a
//   problem's name under another word, and with the pattern rule's "either of
//   two tags" any two failing problems with a name each are "set apart"
//   (diagnosis_test.cpp's negative control);
// - state scale, max ‖x‖ over the start and the reference: "|x| <= 1",
//   "1 < |x| <= 10", "|x| > 10" (a floor relative to ‖x‖, such as round-off,
//   grows with it; an absolute tolerance does not);
// - the field: "f constant in x" when no direction changes it (L T below
//   1e-6, the finite difference's own round-off), else "L T < 10" or
//   "stiff field (L T >= 10)", L a finite-difference Lipschitz estimate at
//   the start and the reference's states, T the interval's length: an
//   explicit step's stability and the Gronwall factor e^{LT} of the error
//   depend on it.
#include <vector>
#include <string>

#include "studies/runs/erased_run.hpp"

namespace sweepcheck {

struct ProblemFeatures {
  int dim = 0;
  int bodies = 0;          // 0: the problem has no bodies
  double state_scale = 0;  // max ‖x‖ over the start and the reference's states
  double lipschitz = 0;    // max |f(t, x + δv) − f(t, x)| / δ over the states and a few directions
  double span = 0;         // t_end − t0
};

// The tags of `f` (pure: a known answer per class in problem_tags_test.cpp).
std::vector<std::string> feature_tags(const ProblemFeatures& f);

// The features of an in-tree problem, measured through its view (its f is
// trusted code; never call this on a problem plugin: nothing is known of it).
// Its bodies: dim / AuditProblem::body_dim where that is set (the disks, the
// crowd), else none.
ProblemFeatures measure_features(const AuditProblem& a);

// Appends feature_tags(measure_features(a)) to a.tags.
void add_feature_tags(AuditProblem& a);

}  // namespace sweepcheck
