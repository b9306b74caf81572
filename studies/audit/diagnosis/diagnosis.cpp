// The audit's Diagnosis (diagnosis.hpp): the findings, put into words from
// the measured stencil and coverage (stencil_and_coverage.hpp), the rows and
// the checks' verdicts.
#include "studies/audit/diagnosis/diagnosis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "studies/audit/diagnosis/diagnosis_words.hpp"
#include "studies/audit/diagnosis/precision_floor.hpp"
#include "sweepcheck/studies/engine/work_floor.hpp"

namespace sweepcheck {

namespace {

using diagnosis_words::join;
using diagnosis_words::list_of;
using diagnosis_words::num;

// Where a pattern points in the step (issue 47, item 5): the call or part of
// the step a feature of the battery exercises, by tag (problem_tags.hpp and
// AuditProblem::tags). Empty for a tag with nothing to add.
std::string tag_hint(const std::string& tag) {
  auto starts = [&](const char* p) { return tag.rfind(p, 0) == 0; };
  if (tag == "moving set") return "the time passed to S (the constraints' t)";
  if (tag == "time-dependent field") return "the time passed to f";
  // "d <= 5" alone points nowhere: a defect the many-body problems hide
  // (a pair that never touches) is no loop over coordinates.
  if (tag == "d >= 40" || starts("5 < d") || tag == "several bodies")
    return "what depends on the size of x: loops over coordinates or bodies in the update of x and in project()'s "
           "sweep (a bound, a stride or a size fixed in the code)";
  if (starts("|x|") || starts("1 < |x|"))
    return "a floor relative to ‖x‖ (the precision x is kept in) or an absolute tolerance (project()'s, an inner "
           "solver's)";
  if (tag == "f constant in x" || starts("L T") || starts("stiff field"))
    return "the use of f in the step: the state f is evaluated at, and an explicit step's stability for h L";
  if (tag == "several constraints active together")
    return "project()'s sweep over the constraints (their order, count, the last one)";
  if (tag == "curved boundary" || tag == "flat boundary") return "project() on that kind of boundary";
  if (tag == "non-convex set")
    return "project() where S is not convex (the side a projection lands on, a point with two nearest points)";
  if (tag == "contacts switch") return "the steps where a contact starts or ends (activation, release)";
  if (tag == "non-identity metric") return "the metric project() works in (the problem's, not the Euclidean one)";
  return "";
}

const char* floor_kind_words(FloorKind k) {
  switch (k) {
    case FloorKind::above: return "far above single-precision";
    case FloorKind::between: return "neither single- nor double-precision";
    case FloorKind::double_roundoff: return "at double-precision";
    case FloorKind::ambiguous: return "single- or double-precision (the two cannot be told apart here)";
    case FloorKind::single_roundoff: break;
  }
  return "single-precision";
}

std::string hint_words(const std::vector<std::string>& feature) {
  std::string h;
  for (const auto& t : feature) {
    const std::string one = tag_hint(t);
    if (!one.empty() && h.find(one) == std::string::npos) h += (h.empty() ? "" : "; or ") + one;
  }
  return h.empty() ? "" : " Where to look: " + h + ".";
}

// The fingerprints' reading of the four finest rows (audit.md, Diagnosis
// item 4; row_findings and step_floor_findings): they must span at least two
// halvings of h, and a level has settled when its values there lie within a
// factor 1.5 of each other. The settled level is their geometric mean; 0
// when they have not settled.
bool spans_two_halvings(double h_hi, double h_lo) { return !(h_hi < 4 * h_lo * (1 - 1e-9)); }
double settled_level(double lo, double hi) { return hi <= 1.5 * lo ? std::sqrt(lo * hi) : 0.0; }

}  // namespace

std::vector<Finding> stencil_findings(const std::vector<StencilLaw>& laws) {
  // Group the problems by what their stencil says (per f and S).
  std::vector<std::pair<std::string, std::vector<const StencilLaw*>>> groups;
  std::set<std::string> problems;
  for (const auto& l : laws) {
    problems.insert(l.problem);
    const std::string key = l.of + "|" + l.kind + "|" + l.law + "|" + (l.outside ? "out" : "in");
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end()) groups.push_back({key, {}}), it = groups.end() - 1;
    it->second.push_back(&l);
  }
  std::vector<Finding> out;
  for (const auto& [key, members] : groups) {
    const StencilLaw& l = *members.front();
    const std::string& who = l.of;  // "f" or "S"
    const std::string what = l.of == "f" ? "the field" : "the set";
    std::vector<std::string> names;
    for (const auto* m : members) names.push_back(m->problem);
    const std::string where = diagnosis_words::on_problems(names, problems.size());
    Finding f{"time stencil", "", false};
    // Where to look (issue 47, item 5): the call of f or of S's functions, and the time passed to it.
    const std::string call = l.of == "f" ? "the call of f(t, x, out)" : "the calls of project(j, t, x) (or value, distance)";
    if (l.kind == "never") {
      f.text = fmt::format("{} never queried {}: the scheme ignores {}. Where to look: {} in the step: is it made at "
                           "all, on the problem's view? Check: count {} in one step: at least one.",
                           who, where, what, call, call);
      f.defect = true;
    } else if (l.kind == "frozen") {
      f.text = fmt::format("{} always queried at t = {} whatever t_k, {}: time frozen; {} is seen as it is at that "
                           "time, not at the step's. Where to look: the time passed to {}: a constant or the run's "
                           "start where the step's t (or t + h) belongs. Check: on a problem with a moving set or a "
                           "time-dependent field, step once from t_k = 0 and once from t_k = 1 with the same x: the "
                           "times {} is queried at must differ by 1.",
                           who, list_of(l.frozen_at), where, what, call, who);
      f.defect = true;
    } else if (l.kind == "fixed") {
      f.text = fmt::format("{} queried at t_k + c h, c = {} (the same at every step and every h), {}.", who,
                           list_of(l.c), where);
      if (l.of == "S" && l.c.size() == 1 && std::abs(l.c[0]) <= kStencilSameFraction)
        f.text += " S queried at t_k (c = 0): a one-step lag of the set, within the theory by itself: a set moving "
                  "with speed at most L has d_H(S(t_k), S(t_k + h)) <= L h, so a lag alone keeps the violation O(h) "
                  "and order 1 (examples/pbd_lagged_set.cpp); on a static set it changes nothing.";
    } else if (l.kind == "h-dependent") {
      f.text = fmt::format("{} queried at {}, {}: not a fixed fraction of the step.", who, l.law, where);
      for (const auto& law : l.laws) {
        if (law.q < 1 && std::abs(law.b) > 1e-12) {
          f.defect = true;
          f.text += fmt::format(" {} is evaluated O(h^{:.3g}) away from t_k + {} h, more than a step's fraction as "
                                "h -> 0. Where to look: the time passed to {}: it is computed with a power of h "
                                "other than 1 (sqrt(h), a tolerance or a look-ahead in time units). Check: print "
                                "(t - t_k) / h for the queries of one step at two step sizes: a fraction of the step "
                                "gives the same number at both.",
                                l.of == "f" ? "The field" : "The set", law.q, num(law.a), call);
        } else if (std::abs(law.b) > 1e-12) {
          f.text += fmt::format(" The offset O(h^{:.3g}) is below the step's size as h -> 0: within O(h).", law.q);
        }
      }
    } else if (l.kind == "clock") {
      // A clock of another rate (issue 57): the offset (a − 1) t grows with t, not a fraction of the step.
      double a = 1;
      for (const auto& c : l.clocks)
        if (std::abs(c.a - 1) > std::abs(a - 1)) a = c.a;
      f.text = fmt::format("{} queried at {}, {}: a clock running at rate a = {:.6g} instead of 1 (fitted as "
                           "a t_k + beta h + b to round-off over {} steps of {} runs; c = (t - t_k)/h drifts within "
                           "[{}, {}]). {} is seen (a - 1) t = {:.3g} t away from the step's time, an offset that grows "
                           "with t and does not shrink with h. Where to look: the time passed to {}: a factor on t "
                           "(a unit conversion, a time scaled by (1 + delta), an accumulated time that drifts). "
                           "Check: step once from t_k = 0 and once from t_k = 1 with the same h and x: the times "
                           "{} is queried at must differ by exactly 1.",
                           who, l.law, where, a, l.steps, l.runs, num(l.c_min), num(l.c_max),
                           l.of == "f" ? "The field" : "The set", a - 1, call, who);
      f.defect = true;
    } else {
      f.text = fmt::format("{} queried at {}, {}.", who, l.law, where);
    }
    if (l.outside && l.kind != "frozen" && l.kind != "clock") {
      f.defect = true;
      f.text += fmt::format(" Queried outside the step [t_k, t_k + h]: c from {} to {}.", num(l.c_min), num(l.c_max));
      if (f.text.find("Where to look:") == std::string::npos)
        f.text += fmt::format(" Where to look: the time passed to {}. Check: print (t - t_k) / h for each query of one "
                              "step: it must lie in [0, 1].",
                              call);
    }
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<Finding> coverage_findings(const std::vector<ConstraintCoverage>& coverage) {
  std::vector<Finding> out;
  std::int64_t project_calls = 0;
  int with_constraints = 0;
  for (const auto& c : coverage) {
    project_calls += c.project_calls;
    if (c.constraints > 0 && c.runs > 0) ++with_constraints;
    if (c.never.empty() || c.runs == 0) continue;
    Finding f{"constraint coverage", "", true};
    const int m = c.constraints;
    if (int(c.never.size()) == m) {
      f.text = fmt::format("{}: no constraint evaluated or projected in {} runs ({} constraint{}): S ignored. Where to "
                           "look: the loop over p.constraints() in the step (its bound, or a loop never entered). "
                           "Check: count the calls of project() in one step: at least one per constraint.",
                           c.problem, c.runs, m, m == 1 ? "" : "s");
    } else if (c.never.size() == 1) {
      const int j = c.never[0];
      f.text = fmt::format("{}: constraint {} of {} ({}) never evaluated or projected in {} runs: dropped? Where to "
                           "look: the loop over the constraints in the step: its bound ({}) or a filter that skips "
                           "it. Check: count the calls of project(j, ...) per j in one step: every j from 0 to {} "
                           "must appear.",
                           c.problem, j, m, j == m - 1 ? "the last" : (j == 0 ? "the first" : "numbered from 0"),
                           c.runs, j == m - 1 ? "j < size() - 1 where j < size() belongs" : "its start or its end",
                           m - 1);
    } else {
      std::vector<std::string> ids;
      for (std::size_t k = 0; k < std::min<std::size_t>(c.never.size(), 8); ++k) ids.push_back(std::to_string(c.never[k]));
      f.text = fmt::format("{}: constraints {}{} ({} of {}) never evaluated or projected in {} runs: dropped? Where to "
                           "look: the loop over the constraints in the step (its bounds, a neighbour list or a filter "
                           "that skips them). Check: count the calls of project(j, ...) per j in one step: every j "
                           "from 0 to {} must appear.",
                           c.problem, join(ids), c.never.size() > 8 ? ", ..." : "", c.never.size(), m, c.runs, m - 1);
    }
    out.push_back(std::move(f));
  }
  if (with_constraints > 0 && project_calls == 0)
    out.push_back({"constraint coverage",
                   "project() is never called on any problem: the scheme measures the constraints (value, distance, "
                   "gradient) and keeps S by forces of its own (a penalty, a QP of its own) or not at all.",
                   false});
  return out;
}

std::vector<Finding> pattern_findings(const std::string& check, const std::vector<ProblemVerdict>& given,
                                      const std::map<std::string, std::vector<std::string>>& tags) {
  // Issue 57, item 2: a line is said only when it separates the failing
  // problems from the passing ones by a feature they carry. Problems without
  // tags (a problem plugin: its features are not measured) are left out of the
  // comparison, not counted as lacking every feature ("fails only on problems
  // not tagged 'd <= 5'" was said of a 2-dimensional plugin problem); a line
  // "fails only where T is absent" is not said (an absent feature exercises no
  // call of the step), nor the closest tag that does not separate them.
  std::vector<Finding> out;
  std::vector<ProblemVerdict> verdicts;
  std::vector<std::string> untagged;
  for (const auto& v : given) {
    const auto it = tags.find(v.problem);
    if (it == tags.end() || it->second.empty()) {
      untagged.push_back(v.problem);
      continue;
    }
    verdicts.push_back(v);
  }
  int nf = 0, np = 0;
  std::set<std::string> all;
  for (const auto& v : verdicts) {
    (v.failed ? nf : np)++;
    all.insert(tags.at(v.problem).begin(), tags.at(v.problem).end());
  }
  if (nf == 0) return out;
  const std::string left_out =
      untagged.empty() ? ""
                       : fmt::format(" ({} left out: no measured tags)", join(untagged, "; "));
  if (np == 0) {
    out.push_back({"pattern",
                   fmt::format("{} fails on every problem ({}/{}){}: no feature of the battery sets the failing ones "
                               "apart.",
                               check, nf, nf, left_out),
                   false});
    return out;
  }
  auto has = [&](const std::string& problem, const std::string& tag) {
    const auto& t = tags.at(problem);
    return std::find(t.begin(), t.end(), tag) != t.end();
  };
  // A feature: one tag, or either of two ("moving set" or "time-dependent field").
  const std::vector<std::string> tag_list(all.begin(), all.end());
  std::vector<std::vector<std::string>> features;
  for (const auto& t : tag_list) features.push_back({t});
  for (std::size_t a = 0; a < tag_list.size(); ++a)
    for (std::size_t b = a + 1; b < tag_list.size(); ++b) features.push_back({tag_list[a], tag_list[b]});
  auto words = [](const std::vector<std::string>& f) {
    return f.size() == 1 ? "'" + f[0] + "'" : "'" + f[0] + "' or '" + f[1] + "'";
  };
  for (const auto& feature : features) {
    int fw = 0, pw = 0;
    for (const auto& v : verdicts) {
      bool with = false;
      for (const auto& t : feature) with = with || has(v.problem, t);
      if (with) (v.failed ? fw : pw)++;
    }
    if (fw != nf || pw != 0) continue;
    // A pair only when no single tag of it already says it.
    if (feature.size() == 2 && !out.empty()) continue;
    out.push_back({"pattern",
                   fmt::format("{} fails on every problem tagged {} ({}/{}) and passes every one without ({}/{}){}.{}",
                               check, words(feature), fw, nf, np, np, left_out, hint_words(feature)),
                   false});
  }
  return out;
}

std::vector<Finding> row_findings(const std::string& problem, const std::vector<RunRow>& rows, bool error_failed,
                                  bool violation_failed, const ConstraintCoverage* coverage) {
  std::vector<Finding> out;
  std::vector<const RunRow*> ok;
  for (const auto& r : rows)
    if (r.status == RunStatus::ok && std::isfinite(r.error_uniform)) ok.push_back(&r);
  std::sort(ok.begin(), ok.end(), [](const RunRow* a, const RunRow* b) { return a->h > b->h; });
  if (ok.size() < 4) return out;
  const std::vector<const RunRow*> fine(ok.end() - 4, ok.end());
  const double h_hi = fine.front()->h, h_lo = fine.back()->h;
  if (!spans_two_halvings(h_hi, h_lo)) return out;  // nothing to say about h -> 0
  double scale = 0, noise = 0, e_lo = std::numeric_limits<double>::infinity(), e_hi = 0, v_lo = e_lo, v_hi = 0;
  for (const RunRow* r : fine) {
    scale = std::max(scale, r->scale);
    noise = std::max(noise, r->noise_floor);
    e_lo = std::min(e_lo, r->error_uniform), e_hi = std::max(e_hi, r->error_uniform);
    v_lo = std::min(v_lo, r->violation), v_hi = std::max(v_hi, r->violation);
  }
  if (scale <= 0) scale = 1;
  const std::string range = fmt::format("h from {:.3g} to {:.3g}", h_hi, h_lo);
  // Where to look and how to confirm (issue 47, item 5), per cause.
  const std::string look_roundoff =
      " Where to look: the update of x (the type the state is kept or returned in) and the step's temporaries "
      "(x + h f, what project() is handed). To confirm: check the types of x and of the step's temporaries for "
      "float, or run the scheme in long double: a round-off floor moves with the precision's ε, a slack does not.";
  const std::string look_slack =
      " Where to look: project() (the constraints it is called on, the time passed to S) and any inner iteration "
      "of the step (its stopping tolerance, a penalty's stiffness, a regularisation). To confirm: the coverage and "
      "stencil findings say whether every constraint is projected at the step's end; if so, tighten the tolerance "
      "or raise the stiffness: the level moves with it.";
  if (const double level = settled_level(e_lo, e_hi); error_failed && level > 0 && e_lo > 10 * noise) {
    // Settled over the finest rows while n grows at least 4-fold: not an
    // accumulation, so one rounding's floor (steps 1, precision_floor.hpp).
    const double rel = level / scale;
    const PrecisionFloor pf = classify_floor(level, scale, 1);
    Finding f{"error", "", true};
    if (pf.kind == FloorKind::single_roundoff)
      f.text = fmt::format("{}: the error stops at {:.2g} = {} (‖x‖ = {:.3g}) for {}: single-precision round-off in "
                           "the state or in the step (a factor {:.2g} of float's ε = 1.2e-7 times the state's size; "
                           "double's would be {:.2g}).{}",
                           problem, level, floor_words(pf), scale, range, pf.factor, pf.double_floor, look_roundoff);
    else if (rel >= 1e-2)
      f.text = fmt::format("{}: the error stalls at {:.2g} ({}) for {}: the runs converge to another solution. Where "
                           "to look: the step's fixed point is not the sweeping process's; the stencil, coverage and "
                           "free-step findings name the call when one is at fault (f's increment, project(), the "
                           "time passed to f or S). To confirm: the consistency probe (check 5) compares "
                           "(Φ_h(y) − y)/h with f(y) and the normal cone at points of the solution.",
                           problem, level, rel >= 1 ? std::string("as large as the state itself")
                                                    : fmt::format("{:.2g} of the state's size", rel),
                           range);
    else
      f.text = fmt::format("{}: the error stalls at {:.2g} for {}, independent of h: a fixed tolerance or slack of "
                           "about {:.2g} ({}: {} round-off).{}{}",
                           problem, level, range, level, floor_words(pf),
                           floor_kind_words(pf.kind), work_floor_words(fine, level),
                           look_slack);
    out.push_back(std::move(f));
  } else if (error_failed && fine.back()->error_uniform > 1.5 * fine.front()->error_uniform) {
    // Growing as h shrinks: roundings that add up over n = T/h steps.
    const std::int64_t n = std::max<std::int64_t>(1, fine.back()->steps);
    const PrecisionFloor pf = classify_floor(fine.back()->error_uniform, scale, n);
    if (pf.kind == FloorKind::single_roundoff)
      out.push_back({"error",
                     fmt::format("{}: the error grows as h shrinks ({:.2g} to {:.2g} for {}), at {} (‖x‖ = {:.3g}): "
                                 "accumulated single-precision round-off in the state or in the step, one rounding "
                                 "per step added up over the steps.{}",
                                 problem, fine.front()->error_uniform, fine.back()->error_uniform, range,
                                 floor_words(pf, n), scale, look_roundoff),
                     true});
  }
  const double v_first = fine.front()->violation, v_last = fine.back()->violation;
  if (violation_failed && v_lo > 1e-12 * scale) {
    std::string carrier;
    if (coverage && coverage->carrier >= 0 && coverage->constraints > 1)
      carrier = fmt::format(", carried by constraint {} of {} (d = {:.2g} in the finest traced run)", coverage->carrier,
                            coverage->constraints, coverage->carrier_violation);
    if (const double level = settled_level(v_lo, v_hi); level > 0) {
      // A violation is reset by every projection: one rounding's floor (steps 1).
      const PrecisionFloor pf = classify_floor(level, scale, 1);
      if (pf.kind == FloorKind::single_roundoff)
        out.push_back({"violation",
                       fmt::format("{}: the violation settles at {:.2g} = {} (‖x‖ = {:.3g}) for {} instead of "
                                   "vanishing like O(h){}: single-precision round-off in the state or in the step "
                                   "(a factor {:.2g} of float's ε = 1.2e-7 times the state's size, double's would be "
                                   "{:.2g}): each step ends off S by a rounding of x after project().{}",
                                   problem, level, floor_words(pf), scale, range, carrier, pf.factor,
                                   pf.double_floor, look_roundoff),
                       true});
      else
        out.push_back({"violation",
                       fmt::format("{}: the violation settles at {:.2g} for {} instead of vanishing like O(h){} ({}: "
                                   "{} round-off): the iterates solve another problem (a regularised one, a slack) "
                                   "or leave a constraint alone.{}{}",
                                   problem, level, range, carrier, floor_words(pf),
                                   floor_kind_words(pf.kind),
                                   look_slack,
                                   carrier.empty() ? ""
                                                   : " If the carrier is always the same constraint, check that "
                                                     "project() is called on it in every sweep."),
                       true});
    } else if (v_last > 1.5 * v_first) {
      out.push_back({"violation",
                     fmt::format("{}: the violation grows as h shrinks ({:.2g} to {:.2g} for {}){}. Where to look: "
                                 "project() and the time passed to S (a set queried away from the step's end leaves "
                                 "x where the set was). To confirm: measure d_S(t_k + h, Φ_h(x)) after one step from "
                                 "a point of S: it must be O(h^2) on a smooth boundary.",
                                 problem, v_first, v_last, range, carrier),
                     true});
    }
  }
  return out;
}

std::vector<Finding> step_floor_findings(const std::string& problem, std::vector<std::pair<double, double>> h_defect,
                                         double scale, double field_scale) {
  std::erase_if(h_defect, [](const auto& r) { return !(r.first > 0) || !std::isfinite(r.second) || !(r.second > 0); });
  std::sort(h_defect.begin(), h_defect.end(), [](auto a, auto b) { return a.first > b.first; });
  if (h_defect.size() < 4) return {};
  const std::vector<std::pair<double, double>> fine(h_defect.end() - 4, h_defect.end());
  const double h_hi = fine.front().first, h_lo = fine.back().first;
  if (!spans_two_halvings(h_hi, h_lo)) return {};
  // The defect itself settled: a fixed relative error of the field's
  // increment, read against ε |f| with the bands of precision_floor.hpp
  // (one rounding, steps 1; the field's size in place of the state's).
  // The settled level of the defect times h^power (settled_level).
  const auto settled = [&fine](int power) -> double {
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& [h, defect] : fine) {
      const double v = power == 0 ? defect : h * defect;
      lo = std::min(lo, v), hi = std::max(hi, v);
    }
    return settled_level(lo, hi);
  };
  if (const double level = settled(0); field_scale > 0 && level > 0) {
    const PrecisionFloor pf = classify_floor(level, field_scale, 1);
    if (pf.kind != FloorKind::single_roundoff) return {};
    return {{"step",
             fmt::format("{}: the consistency defect settles at {:.2g} for h from {:.3g} to {:.3g}, {:.2g} of float's ε "
                         "times the field's size |f| <= {:.3g}: every step's increment is off by one relative rounding "
                         "of h f, single-precision round-off in the field's increment (f's output or h f kept in "
                         "float), not in the state. Where to look: the call of f(t, x, out) and the increment x + h f "
                         "(the type f's output, h f or the step's temporaries are kept in). To confirm: check those "
                         "types for float, or run the scheme in long double: the defect moves with the precision's ε.",
                         problem, level, h_hi, h_lo, pf.factor, field_scale),
             true}};
  }
  // One step's displacement: one rounding's floor (steps 1).
  const double level = settled(1);
  if (level == 0) return {};  // not a fixed displacement per step
  const PrecisionFloor pf = classify_floor(level, scale, 1);
  if (pf.kind != FloorKind::single_roundoff) return {};
  return {{"step",
           fmt::format("{}: the consistency defect grows like 1/h and times h settles at {:.2g} = {} (‖x‖ <= {:.3g}) "
                       "for h from {:.3g} to {:.3g}: one step moves x off h f + the normal cone by a fixed amount that "
                       "does not shrink with h, single-precision round-off in the state or in the step (a factor "
                       "{:.2g} of float's ε times the state's size). Where to look: the update of x (the type the "
                       "state is kept or returned in) and the step's temporaries. To confirm: check the types of x "
                       "and of the step's temporaries for float, or run the scheme in long double: the displacement "
                       "moves with the precision's ε.",
                       problem, level, floor_words(pf), scale, h_hi, h_lo, pf.factor),
           true}};
}

std::string direction_words(const Vec<double>& u) {
  if (u.size() == 0) return "no direction";
  std::vector<Eigen::Index> idx(static_cast<std::size_t>(u.size()));
  for (Eigen::Index i = 0; i < u.size(); ++i) idx[std::size_t(i)] = i;
  std::sort(idx.begin(), idx.end(), [&](auto a, auto b) { return std::abs(u[a]) > std::abs(u[b]); });
  if (std::abs(u[idx[0]]) >= 0.9 || u.size() == 1) return fmt::format("x_{}", idx[0] + 1);
  return fmt::format("x_{} ({:.2f}) and x_{} ({:.2f})", idx[0] + 1, u[idx[0]], idx[1] + 1, u[idx[1]]);
}

Finding growth_finding(const std::string& problem, double perturbation, const GrowthTrace& g) {
  Finding f{"growth", "", true};
  if (g.gap.size() < 2 || !(g.gap.front() > 0)) {
    f.text = fmt::format("{}: from the start perturbed by {:g}, the run at h = {:.3g} could not be traced.", problem,
                         perturbation, g.h);
    f.defect = false;
    return f;
  }
  if (g.direction_step < 1 || g.direction.size() == 0) {
    f.text = fmt::format("{}: from the start perturbed by {:g}, the run at h = {:.3g} left the given start's run at "
                         "once ({:.2g} -> {:.2g} in {} step{}). Where to look: the step's response to a small change "
                         "of x (an explicit force, a penalty, a gain above 1 at this h). Check: step once from x and "
                         "once from x perturbed by {:g}: the results must stay that close.",
                         problem, perturbation, g.h, g.gap.front(), g.gap.back(), g.gap.size() - 1,
                         g.gap.size() == 2 ? "" : "s", perturbation);
    return f;
  }
  const int k = g.direction_step;
  const double rho = std::pow(g.gap[std::size_t(k)] / g.gap.front(), 1.0 / k);
  f.text = fmt::format("{}: from the start perturbed by {:g}, the run at h = {:.3g} leaves the given start's run by a "
                       "factor {:.3g} per step ({:.2g} -> {:.2g} in {} steps), along {}: an unstable mode of the step, "
                       "which a start exactly on its symmetry never excites. Where to look: the part of the step that "
                       "acts along that direction without a projection (an explicit force such as a penalty, or an "
                       "explicit update whose factor exceeds 1 at this h). Check: step once from x and once from x "
                       "plus {:g} along that direction: the difference must not grow from step to step.",
                       problem, perturbation, g.h, rho, g.gap.front(), g.gap[std::size_t(k)], k,
                       direction_words(g.direction), perturbation);
  return f;
}

}  // namespace sweepcheck
