#pragma once
// What a subset of the battery cannot test (issue 57, item 4). The theory the
// audit checks a scheme against (seed 000: a sweeping process with a moving
// set S(t), a field f(t, x), S an intersection of constraints, prox-regular
// rather than convex) has features a scheme can get wrong while passing every
// problem that lacks them: a frozen or drifting time passes every static set
// and autonomous field, a one-projection sweep every problem with one active
// constraint, a projection that assumes convexity every convex set. An audit
// on a subset (--max-problems N, a chosen list) that holds no problem with
// one of these says so, in the summary and in the result, rather than a bare
// "no check failed". Pure: known answers in law_fit_test.cpp.
#include <map>
#include <string>
#include <vector>

namespace sweepcheck {

// The features, as the battery tags them (AuditProblem::tags), in this order,
// each with the kind of defect only it exposes.
struct TheoryFeature {
  const char* tag;
  const char* exposes;
};
inline constexpr TheoryFeature kTheoryFeatures[] = {
    {"moving set", "the time passed to S (a frozen, lagging or drifting set time)"},
    {"time-dependent field", "the time passed to f (a frozen or drifting field time)"},
    {"several constraints active together", "a sweep that projects onto one constraint where several are violated"},
    {"non-convex set", "a projection that assumes S convex"},
};

// The features no problem of `tags` (problem -> tags, the judged problems)
// carries, by tag. Problems without tags (a problem plugin: not measured) are
// not known to carry any.
std::vector<std::string> untested_features(const std::map<std::string, std::vector<std::string>>& tags);

}  // namespace sweepcheck
