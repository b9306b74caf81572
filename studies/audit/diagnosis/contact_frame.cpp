// The contact frame's findings (contact_frame.hpp).
#include "studies/audit/diagnosis/contact_frame.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace sweepcheck {

namespace {

// The median of the finite values, NaN when fewer than 3.
double frame_median(std::vector<double> v) {
  std::erase_if(v, [](double x) { return !std::isfinite(x); });
  if (v.size() < 3) return std::nan("");
  std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
  return v[v.size() / 2];
}

bool frame_off(double g) { return std::isfinite(g) && std::abs(g - 1) > kFrameTolerance; }

// (h, median) of the runs reading `of`, finest last.
template <class Of>
std::vector<std::pair<double, double>> frame_per_run(const std::vector<TraceRun>& runs, Of of) {
  std::vector<std::pair<double, double>> out;
  for (const auto& r : runs)
    if (const double m = frame_median(of(r)); std::isfinite(m)) out.push_back({r.h, m});
  std::sort(out.begin(), out.end(), [](auto a, auto b) { return a.first > b.first; });
  return out;
}

// Off at each of the two finest runs, and the finer not nearer 1 by half.
bool frame_stays_off(const std::vector<std::pair<double, double>>& g) {
  if (g.size() < 2) return false;
  const double c = g[g.size() - 2].second, f = g.back().second;
  return frame_off(c) && frame_off(f) && std::abs(f - 1) >= 0.5 * std::abs(c - 1);
}

}  // namespace

std::vector<Finding> contact_frame_findings(const std::string& problem, const std::vector<TraceRun>& runs) {
  std::vector<Finding> out;
  // 1. "k violated, 1 projected".
  std::int64_t several = 0, one = 0, k_max = 0, left_max = 0;
  for (const auto& r : runs)
    for (std::size_t s = 0; s < r.violated_before.size(); ++s) {
      if (r.violated_before[s] < 2) continue;
      ++several;
      if (r.projected[s] == 1 && r.violated_after[s] >= 1) {
        ++one;
        k_max = std::max(k_max, r.violated_before[s]);
        left_max = std::max(left_max, r.violated_after[s]);
      }
    }
  if (several >= 3 && one >= 0.8 * double(several))
    out.push_back(
        {"contact frame",
         fmt::format("{}: on {} of {} traced steps where x + h f violates two or more constraints (up to {}), the "
                     "scheme's projections moved the point for one constraint only and x_(k+1) still violates {} "
                     "(\"k violated, 1 projected\"): a one-projection step, where the sweeping process needs the "
                     "projection onto their intersection. Where to look: the sweep over the constraints in the step: a "
                     "break or return after the first projection that moves the point, or a choice of the most "
                     "violated constraint only. Check: from a point where two constraints are violated, count the "
                     "project(j, ...) calls that move the point in one step: one per violated constraint at least, "
                     "and the result must violate none.",
                     problem, one, several, k_max, left_max == 1 ? "one of them" : fmt::format("up to {}", left_max)),
         true});
  // 1b. A contact held at a lift-off: at each of the two finest traced runs
  // with at least 3 lift-off steps, at least 80 % of them held.
  std::vector<std::pair<std::int64_t, std::int64_t>> lifts;  // (held, steps) per run reading it, coarsest first
  {
    std::vector<const TraceRun*> by_h;
    for (const auto& r : runs) by_h.push_back(&r);
    std::sort(by_h.begin(), by_h.end(), [](const TraceRun* a, const TraceRun* b) { return a->h > b->h; });
    for (const TraceRun* r : by_h)
      if (r->liftoff_steps >= 3) lifts.push_back({r->liftoff_held, r->liftoff_steps});
  }
  const auto held = [](std::pair<std::int64_t, std::int64_t> l) { return l.first >= 0.8 * double(l.second); };
  if (lifts.size() >= 2 && held(lifts.back()) && held(lifts[lifts.size() - 2]))
    out.push_back(
        {"contact frame",
         fmt::format("{}: on {} of {} traced steps that start on a constraint's boundary while x + h f lies inside "
                     "that constraint by at least a tenth of the step (the field pulls the point off it: a "
                     "lift-off), the step ends back on the boundary (finest traced run; {} of {} at the one "
                     "before): a contact held as an equality, where the sweeping process lets the point leave "
                     "(its multiplier falls to 0; a point whose x + h f lies in S is not projected). Where to look: "
                     "what the step does with the constraints active at its start: a list of contacts kept from "
                     "step to step, a projection onto the boundary of every constraint active at x_k, an "
                     "equality solve. Check: one step from a point on a flat boundary with f pointing into S: "
                     "Phi_h(x) must be x + h f, off the boundary.",
                     problem, lifts.back().first, lifts.back().second, lifts[lifts.size() - 2].first,
                     lifts[lifts.size() - 2].second),
         true});
  // 1c. A landing left uncorrected: steps from strictly inside S_j whose
  // x + h f lands outside S_j (by a hundredth of the step at least) and that
  // end as far outside as x + h f, no projection having moved the point for
  // j. No scheme of the seeds leaves one (each corrects every constraint its
  // predictor violates), so two such steps over the traced runs name it.
  {
    std::int64_t landings = 0, left = 0;
    double left_lo = 1, left_hi = 0, kept_hi = 0;
    for (const auto& r : runs)
      for (std::size_t s = 0; s < r.landing_phase.size() && s < r.landing_left.size(); ++s) {
        ++landings;
        const double phi = r.landing_phase[s];
        if (r.landing_left[s]) {
          ++left;
          left_lo = std::min(left_lo, phi), left_hi = std::max(left_hi, phi);
        } else {
          kept_hi = std::max(kept_hi, phi);
        }
      }
    if (left >= 2) {
      const bool late_only = left < landings && kept_hi < left_lo;
      const std::string where =
          late_only ? fmt::format(" Every landing left crosses the boundary late in its step (at {:.2f} to {:.2f} of "
                                  "the step, where the crossing of g_j along x + h f falls), and every landing "
                                  "crossing earlier (up to {:.2f}) is corrected: the step decides by where in the "
                                  "step the crossing falls.",
                                  left_lo, left_hi, kept_hi)
                    : fmt::format(" The crossings fall at {:.2f} to {:.2f} of the step.", left_lo, left_hi);
      out.push_back(
          {"contact frame",
           fmt::format("{}: on {} of {} traced landings (steps from strictly inside a constraint whose x + h f ends "
                       "outside it), the step ends as far outside that constraint as x + h f, and no projection "
                       "moved the point for it: a landing left uncorrected, where the sweeping process keeps the "
                       "point in S(t_(k+1)) (a landing is a projection onto the constraint it reaches).{} Where to "
                       "look: a test that skips a violated constraint (a graze or tunnelling test, a threshold on "
                       "the fraction of the step, a flag kept from step to step that retires a constraint). Check: "
                       "one step from inside S whose x + h f ends outside one constraint, with the crossing at 0.1, "
                       "0.5 and 0.9 of the step: Phi_h(x) must lie in S each time.",
                       problem, left, landings, where),
           true});
    }
  }
  // 2. The motion along the active constraints.
  const auto tan = frame_per_run(runs, [](const TraceRun& r) { return r.tangential_gain; });
  if (frame_stays_off(tan)) {
    const auto [h, g] = tan.back();
    out.push_back(
        {"contact frame",
         fmt::format("{}: on steps with an active constraint, the motion along the active constraint is scaled by "
                     "{:.3g} (median over the steps at h = {:.3g}; {:.3g} at h = {:.3g}): the part of the step "
                     "orthogonal to the active constraints' normals is {:.3g} times h f's part, where the sweeping "
                     "process moves exactly with f there (x' - f lies in the normals' cone). Where to look: what the "
                     "step does after the projection, or to the projected point's motion (a damping, a friction, a "
                     "factor on the velocity of a point in contact). Check: one step from a point on a flat boundary "
                     "with f oblique to it: the motion along the boundary must be h times f's tangential part.",
                     problem, g, h, tan[tan.size() - 2].second, tan[tan.size() - 2].first, g),
         true});
  }
  // 3. Across them: the correction against the distance p lies outside.
  const auto nor = frame_per_run(runs, [](const TraceRun& r) { return r.normal_ratio; });
  const auto lag = frame_per_run(runs, [](const TraceRun& r) { return r.normal_ratio_lag; });
  const bool lag_fits = !lag.empty() && !frame_off(lag.back().second);
  if (frame_stays_off(nor) && !lag_fits) {
    const auto [h, rho] = nor.back();
    std::string what;
    if (rho < 0)
      what = "a correction of the wrong sign: the step moves x further out of S along the normal than x + h f";
    else if (rho < 1)
      what = fmt::format("a normal shortfall: the step corrects {:.3g} of the distance x + h f lies outside S, and "
                         "leaves the rest as a violation",
                         rho);
    else
      what = fmt::format("a normal overshoot: the step moves x {:.3g} times as far back along the normal as x + h f "
                         "lies outside S ({}), ending inside S by the excess",
                         rho, std::abs(rho - 2) <= kFrameTolerance ? "2: a reflection" : "a projection reaches 1");
    out.push_back(
        {"contact frame",
         fmt::format("{}: on steps where x + h f violates one constraint, the normal ratio (the step's correction "
                     "along the constraint's normal over the distance x + h f lies outside it) is {:.3g} at h = {:.3g} "
                     "({:.3g} at h = {:.3g}), where a projection gives 1 + O(h): {}. Where to look: project() and "
                     "what the step does with its result (a factor on the correction, a relaxation, a reflection, a "
                     "sign). Check: one step from a point next to a flat boundary with f pointing out of S: "
                     "Phi_h(x) must lie on the boundary.",
                     problem, rho, h, nor[nor.size() - 2].second, nor[nor.size() - 2].first, what),
         true});
  }
  return out;
}

}  // namespace sweepcheck
