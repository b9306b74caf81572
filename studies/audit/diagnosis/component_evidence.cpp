// Per-component evidence (component_evidence.hpp): the free steps' gain and
// the projections' reach, coordinate by coordinate or body by body.
#include "studies/audit/diagnosis/component_evidence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "studies/audit/diagnosis/diagnosis_words.hpp"

namespace sweepcheck {

namespace {

using diagnosis_words::join;

// Σ <Δ_u, h f_u>, Σ |h f_u|², Σ |Δ_u|² of one unit.
struct Sums {
  double dx_hf = 0, hf2 = 0, dx2 = 0;
};

// A unit's kind from its sums; `hf2_max`: the largest unit's Σ |h f_u|².
UnitMotion classify(const Sums& s, double hf2_max) {
  UnitMotion u;
  if (!(s.hf2 > 0) || s.hf2 < 1e-12 * hf2_max) return u;  // no field there: nothing to tell
  u.gain = s.dx_hf / s.hf2;
  // Never moves: exactly (a coordinate the step copies) or to round-off.
  if (s.dx2 <= 1e-24 * s.hf2) {
    u.kind = UnitMotion::still;
    return u;
  }
  if (s.hf2 < 1e-4 * hf2_max) return u;  // too small a field for its gain to be read
  u.kind = std::abs(u.gain - 1) <= 0.2 ? UnitMotion::field : UnitMotion::other;
  return u;
}

std::vector<UnitMotion> classify_all(const std::vector<Sums>& sums) {
  double hf2_max = 0;
  for (const auto& s : sums) hf2_max = std::max(hf2_max, s.hf2);
  std::vector<UnitMotion> out;
  for (const auto& s : sums) out.push_back(classify(s, hf2_max));
  return out;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) { return n == 1 ? one : many; }

// The coordinates of the given units.
std::vector<int> coordinates_of(const std::vector<int>& units, int unit_dim) {
  std::vector<int> coords;
  for (int u : units)
    for (int k = 0; k < unit_dim; ++k) coords.push_back(u * unit_dim + k);
  return coords;
}

// "coordinates 3-79" or "bodies 1-39 (coordinates 2-79)".
std::string units_words(const std::vector<int>& units, int unit_dim) {
  if (unit_dim == 1) return plural(units.size(), "coordinate ", "coordinates ") + index_ranges(units);
  return fmt::format("{}{} (coordinates {})", plural(units.size(), "body ", "bodies "), index_ranges(units),
                     index_ranges(coordinates_of(units, unit_dim)));
}

// The units of `kind`, with the unreadable ones (unknown) that lie between
// two of them, and only unreadable ones between, counted in (listed in
// `absorbed`): "coordinates 3-39 never move (too small a field to tell at 9,
// 15)" rather than a list broken at every person walking straight at the door.
std::vector<int> span_of(const std::vector<UnitMotion>& units, UnitMotion::Kind kind, std::vector<int>& absorbed) {
  std::vector<int> span;
  int prev = -1;
  for (int u = 0; u < int(units.size()); ++u) {
    if (units[std::size_t(u)].kind != kind) continue;
    bool gap_unknown = prev >= 0;
    for (int v = prev + 1; gap_unknown && v < u; ++v) gap_unknown = units[std::size_t(v)].kind == UnitMotion::unknown;
    if (gap_unknown)
      for (int v = prev + 1; v < u; ++v) span.push_back(v), absorbed.push_back(v);
    span.push_back(u);
    prev = u;
  }
  return span;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

std::string index_ranges(const std::vector<int>& v) {
  std::vector<std::string> parts;
  for (std::size_t a = 0; a < v.size();) {
    std::size_t b = a;
    while (b + 1 < v.size() && v[b + 1] == v[b] + 1) ++b;
    parts.push_back(b == a ? std::to_string(v[a]) : fmt::format("{}-{}", v[a], v[b]));
    a = b + 1;
  }
  return join(parts);
}

bool ComponentEvidence::split() const {
  bool kinds[4] = {false, false, false, false};
  for (const auto& u : units) kinds[u.kind] = true;
  if (int(kinds[UnitMotion::still]) + int(kinds[UnitMotion::field]) + int(kinds[UnitMotion::other]) < 2) return false;
  if (kinds[UnitMotion::still]) return true;
  // Only units that move, some by h f and some with another gain: a split
  // only when the gains are apart, not when one gain straddles the 0.2
  // tolerance (0.8 on every coordinate read as 0.80 "by h f" and 0.79
  // "another gain" is one scalar gain: measured on a step that ignores h).
  double lo = 1e300, hi = -1e300;
  for (const auto& u : units)
    if (u.kind == UnitMotion::field) lo = std::min(lo, u.gain), hi = std::max(hi, u.gain);
  for (const auto& u : units)
    if (u.kind == UnitMotion::other && (u.gain <= lo - 0.2 || u.gain >= hi + 0.2)) return true;
  return false;
}

ComponentEvidence component_evidence(const std::vector<TraceRun>& runs, int body_dim) {
  ComponentEvidence e;
  const TraceRun* pick = nullptr;
  for (const auto& r : runs) {
    const std::size_t d = r.free_dx_hf.size();
    if (d > 0 && r.free_hf2.size() == d && r.free_dx2.size() == d && r.free_gain.size() >= 3 &&
        (!pick || r.h < pick->h))
      pick = &r;
    if (r.moved.size() > e.moved.size()) e.moved.resize(r.moved.size(), 0.0);
    if (r.correction.size() > e.correction.size()) e.correction.resize(r.correction.size(), 0.0);
    if (r.projected_support.size() > e.projected_support.size()) e.projected_support.resize(r.projected_support.size(), 0);
    for (std::size_t i = 0; i < r.moved.size(); ++i) e.moved[i] += r.moved[i];
    for (std::size_t i = 0; i < r.correction.size(); ++i) e.correction[i] += r.correction[i];
    for (std::size_t i = 0; i < r.projected_support.size(); ++i) e.projected_support[i] += r.projected_support[i];
    if (r.unreached.size() == r.projections.size()) {
      if (r.projections.size() > e.projections.size()) {
        e.projections.resize(r.projections.size(), 0);
        e.unreached.resize(r.projections.size(), 0);
      }
      for (std::size_t j = 0; j < r.projections.size(); ++j)
        e.projections[j] += r.projections[j], e.unreached[j] += r.unreached[j];
    }
  }
  if (!pick) return e;
  e.h = pick->h;
  e.free_steps = int(pick->free_gain.size());
  const std::size_t d = pick->free_dx_hf.size();
  std::vector<Sums> coords(d);
  for (std::size_t i = 0; i < d; ++i) coords[i] = {pick->free_dx_hf[i], pick->free_hf2[i], pick->free_dx2[i]};
  const auto per_coordinate = classify_all(coords);
  e.units = per_coordinate;
  if (body_dim < 2 || d % std::size_t(body_dim) != 0) return e;
  // Bodies, when each body's coordinates (those that can be read) agree.
  const std::size_t bodies = d / std::size_t(body_dim);
  for (std::size_t b = 0; b < bodies; ++b) {
    auto kind = UnitMotion::unknown;
    for (std::size_t k = 0; k < std::size_t(body_dim); ++k) {
      const auto c = per_coordinate[b * std::size_t(body_dim) + k].kind;
      if (c == UnitMotion::unknown) continue;
      if (kind != UnitMotion::unknown && c != kind) return e;  // a body split inside: speak of coordinates
      kind = c;
    }
  }
  std::vector<Sums> body_sums(bodies);
  for (std::size_t i = 0; i < d; ++i) {
    Sums& s = body_sums[i / std::size_t(body_dim)];
    s.dx_hf += coords[i].dx_hf, s.hf2 += coords[i].hf2, s.dx2 += coords[i].dx2;
  }
  e.units = classify_all(body_sums);
  e.unit_dim = body_dim;
  return e;
}

std::vector<Finding> component_findings(const std::string& problem, const ComponentEvidence& e) {
  std::vector<Finding> out;
  const int dim = e.unit_dim;
  if (e.split()) {
    std::vector<int> still, field, other;
    std::vector<double> field_gain, other_gain;
    for (int u = 0; u < int(e.units.size()); ++u) {
      const auto& m = e.units[std::size_t(u)];
      if (m.kind == UnitMotion::still) still.push_back(u);
      if (m.kind == UnitMotion::field) field.push_back(u), field_gain.push_back(m.gain);
      if (m.kind == UnitMotion::other) other.push_back(u), other_gain.push_back(m.gain);
    }
    std::vector<std::string> groups;
    const auto verb = [](const std::vector<int>& u) { return u.size() == 1 ? std::string(" moves") : " move"; };
    // The units of one kind in words, ranges spanning the unreadable units between them.
    const auto words = [&](UnitMotion::Kind kind, const std::string& adverb) {
      std::vector<int> absorbed;
      const std::vector<int> span = span_of(e.units, kind, absorbed);
      std::string w = units_words(span, dim);
      if (!absorbed.empty())
        w += " (too small a field to tell at " + (dim == 1 ? index_ranges(absorbed) : units_words(absorbed, dim)) + ")";
      return w + adverb + verb(span);
    };
    if (!still.empty()) groups.push_back(words(UnitMotion::still, " never"));
    if (!other.empty()) {
      const auto [lo, hi] = std::minmax_element(other_gain.begin(), other_gain.end());
      groups.push_back(words(UnitMotion::other, "") +
                       (*hi - *lo <= 0.05 * std::max(std::abs(*hi), 1e-300)
                            ? fmt::format(" by g h f with g = {:.3g}", median(other_gain))
                            : fmt::format(" by g h f with g from {:.3g} to {:.3g}", *lo, *hi)));
    }
    if (!field.empty())
      groups.push_back(words(UnitMotion::field, "") + fmt::format(" by h f (g = {:.3g})", median(field_gain)));
    std::string text = fmt::format(
        "{}: in the steps free of contact (h = {:.3g}, {} steps), {}: the step applies the field to part of the state "
        "only, not a scalar gain on the whole vector.",
        problem, e.h, e.free_steps, join(groups, "; "));
    const std::vector<int> odd = coordinates_of(still.empty() ? other : still, dim);
    if (!still.empty()) {
      // They never move in free steps: whatever moves them in the other steps is a projection.
      std::int64_t support = 0;
      double moved = 0;
      for (int i : odd) {
        if (std::size_t(i) < e.projected_support.size()) support += e.projected_support[std::size_t(i)];
        if (std::size_t(i) < e.moved.size()) moved += e.moved[std::size_t(i)];
      }
      if (support > 0 && moved > 0)
        text += fmt::format(" project() does move them ({} moving projections of constraints acting on them in the "
                            "traced runs): the projection reaches them, the field's update does not.",
                            support);
      else if (support > 0 && moved == 0)
        text += fmt::format(" Nor do the {} moving projections of constraints acting on them reach the state: they "
                            "never change in any traced step.",
                            support);
      else if (support == 0)
        text += " No moving projection acted on them in the traced runs.";
    }
    text += fmt::format(
        " Where to look: the update of x, x + h f(t_k, x): the loop's bound or index (a hard-coded dimension or body "
        "count) or the part of x it writes. Check: one step from a point far inside S; Phi_h(x) - x - h f(t_k, x) must "
        "be O(h^2) in every coordinate, and is {}.",
        still.empty() ? "(g - 1) h f_i in those that move with another gain" : "-h f_i in those that never move");
    out.push_back({"free step", text, true});
    return out;
  }
  // The projections alone: coordinates that moving projections act on and
  // that, in the steps with a moving projection, move by h f_i alone (to
  // round-off: 1e-12 of their motion, which is not 0): the step returns the
  // Euler predictor there. (Not "never change": a point resting on a static
  // wall never changes in its normal coordinate, the projection undoing h f_i
  // each step; and a start on a symmetry plane between two constraints, as
  // the sliding case's, can keep a coordinate at 0 with every push cancelled.)
  std::vector<int> unreached;
  std::int64_t support = 0;
  for (std::size_t i = 0; i < e.projected_support.size() && i < e.moved.size() && i < e.correction.size(); ++i)
    if (e.projected_support[i] > 0 && e.moved[i] > 0 && e.correction[i] <= 1e-12 * e.moved[i])
      unreached.push_back(int(i)), support += e.projected_support[i];
  // The constraints whose every moving projection left all their coordinates at x + h f.
  std::vector<int> lost;
  std::int64_t lost_projections = 0;
  for (std::size_t j = 0; j < e.projections.size() && j < e.unreached.size(); ++j)
    if (e.projections[j] > 0 && e.unreached[j] == e.projections[j]) lost.push_back(int(j)), lost_projections += e.projections[j];
  if (unreached.empty() && lost.empty()) return out;
  std::string text = problem + ": ";
  if (!unreached.empty())
    text += fmt::format("project() moved the point {} time{} for constraints acting on coordinate{} {}, yet {} move{} "
                        "by h f alone in those steps (to round-off)",
                        support, support == 1 ? "" : "s", unreached.size() == 1 ? "" : "s", index_ranges(unreached),
                        unreached.size() == 1 ? "it" : "they", unreached.size() == 1 ? "s" : "");
  if (!lost.empty()) {
    std::vector<int> shown(lost.begin(), lost.begin() + std::ptrdiff_t(std::min<std::size_t>(lost.size(), 12)));
    text += fmt::format("{}the {} moving projection{} of constraint{} {}{} ({} of {}) never changed the step's result "
                        "from x + h f in any coordinate {} act{} on",
                        unreached.empty() ? "" : "; ", lost_projections, lost_projections == 1 ? "" : "s",
                        lost.size() == 1 ? "" : "s", index_ranges(shown), lost.size() > shown.size() ? ", ..." : "",
                        lost.size(), e.projections.size(), lost.size() == 1 ? "it" : "they",
                        lost.size() == 1 ? "s" : "");
  }
  text += ": the projection's correction does not reach the state there. Where to look: what the step returns after "
          "project() (the projected point copied into the output, or a copy of x projected instead of x). Check: one "
          "step from a point just outside S across one of those constraints; Phi_h(x) must lie in S.";
  out.push_back({"projection", text, true});
  return out;
}

std::vector<Finding> free_step_evidence(const std::string& problem, const std::vector<TraceRun>& runs, int body_dim,
                                        double claimed_order) {
  const ComponentEvidence e = component_evidence(runs, body_dim);
  std::vector<Finding> out = component_findings(problem, e);
  if (e.split()) return out;
  std::vector<Finding> whole = free_step_findings(problem, runs, claimed_order);
  whole.insert(whole.end(), out.begin(), out.end());
  return whole;
}

}  // namespace sweepcheck
