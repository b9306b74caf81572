// The diagnosis's measurements (stencil_and_coverage.hpp): when each step
// queries f and S, fitted over the traced runs of one problem, and how often
// each constraint is looked at.
#include "studies/audit/diagnosis/stencil_and_coverage.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "studies/audit/diagnosis/diagnosis_words.hpp"

namespace sweepcheck {

namespace {

using diagnosis_words::join;
using diagnosis_words::list_of;
using diagnosis_words::num;

// The steps of one run, each with its distinct query times of one kind.
struct TracedStep {
  double tk = 0;
  std::vector<double> tq;
};
std::vector<TracedStep> steps_of(const TraceRun& r, std::uint8_t set) {
  std::vector<TracedStep> steps;
  for (const auto& q : r.queries) {
    if (q.set != set) continue;
    if (steps.empty() || steps.back().tk != q.t_k) steps.push_back({q.t_k, {}});
    steps.back().tq.push_back(q.t_q);
  }
  return steps;
}

// v sorted, with each run of values within abs + rel |x| of its predecessor kept once.
std::vector<double> sorted_distinct(std::vector<double> v, double abs, double rel) {
  std::sort(v.begin(), v.end());
  std::vector<double> u;
  for (double x : v)
    if (u.empty() || std::abs(x - u.back()) > abs + rel * std::abs(x)) u.push_back(x);
  return u;
}

bool same_fractions(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > kStencilSameFraction) return false;
  return true;
}

std::string law_text(const StencilLaw::Law& l) {
  std::string s = "t_k";
  if (std::abs(l.a) > 1e-9) s += fmt::format(" + {} h", num(l.a));
  if (std::abs(l.b) > 1e-12)
    s += fmt::format(" {} {:.3g}{}", l.b < 0 ? "-" : "+", std::abs(l.b),
                     std::abs(l.q) < 1e-9 ? "" : fmt::format(" h^{:.3g}", l.q));
  return s;
}

std::string clock_text(const ClockLaw& c) {
  // a (t_k + (beta / a) h) + b when a != 0.
  std::string s = fmt::format("{} (t_k", num(c.a));
  if (std::abs(c.beta) > 1e-9) s += fmt::format(" + {} h", num(c.beta / c.a));
  s += ")";
  if (std::abs(c.b) > 1e-9) s += fmt::format(" {} {}", c.b < 0 ? "-" : "+", num(std::abs(c.b)));
  return s;
}

// Every step of every run with the same number of distinct query times, and
// each slot (the i-th smallest) one clock t_q = a t_k + beta h + b with
// a != 1: fills L as kind "clock" and returns true.
bool clock_stencil(const std::vector<std::vector<TracedStep>>& per_run, const std::vector<double>& hs, StencilLaw& L) {
  std::size_t slots = 0;
  for (const auto& run : per_run)
    for (const auto& s : run) {
      if (slots == 0) slots = s.tq.size();
      if (s.tq.size() != slots) return false;
    }
  if (slots == 0) return false;
  std::vector<ClockLaw> clocks;
  bool other_rate = false;
  for (std::size_t slot = 0; slot < slots; ++slot) {
    std::vector<double> tk, h, tq;
    for (std::size_t r = 0; r < per_run.size(); ++r)
      for (const auto& s : per_run[r]) {
        auto sorted = s.tq;
        std::sort(sorted.begin(), sorted.end());
        tk.push_back(s.tk), h.push_back(hs[r]), tq.push_back(sorted[slot]);
      }
    const ClockLaw c = fit_clock(tk, h, tq);
    if (!c.supported) return false;
    other_rate = other_rate || std::abs(c.a - 1) > kStencilSameFraction;
    clocks.push_back(c);
  }
  if (!other_rate) return false;
  L.kind = "clock";
  L.clocks = clocks;
  std::vector<std::string> texts;
  for (const auto& c : clocks) texts.push_back(clock_text(c));
  L.law = join(texts, "; ");
  return true;
}

}  // namespace

StencilLaw::Law fit_offset_law(const std::vector<double>& h, const std::vector<double>& offset) {
  StencilLaw::Law best;
  best.rms = std::numeric_limits<double>::infinity();
  const std::size_t n = h.size();
  if (n < 3 || offset.size() != n) return best;
  double scale = 0;
  for (double o : offset) scale = std::max(scale, std::abs(o));
  if (scale == 0) scale = 1;
  for (int k = 0; k <= 300; ++k) {
    const double q = 0.01 * k;
    if (std::abs(q - 1) < 0.005) continue;
    // Least squares for (a, b) in o = a h + b h^q (normal equations, 2 x 2).
    double s11 = 0, s12 = 0, s22 = 0, r1 = 0, r2 = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double u = h[i], v = std::pow(h[i], q);
      s11 += u * u, s12 += u * v, s22 += v * v, r1 += u * offset[i], r2 += v * offset[i];
    }
    const double det = s11 * s22 - s12 * s12;
    if (!(std::abs(det) > 1e-300)) continue;
    const double a = (r1 * s22 - r2 * s12) / det, b = (s11 * r2 - s12 * r1) / det;
    double ss = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double e = a * h[i] + b * std::pow(h[i], q) - offset[i];
      ss += e * e;
    }
    const double rms = std::sqrt(ss / double(n)) / scale;
    if (rms < best.rms - 1e-12) best = {a, b, q, rms};
  }
  return best;
}

StencilLaw fit_stencil(const std::string& of, const std::string& problem, const std::vector<TraceRun>& runs) {
  StencilLaw L;
  L.of = of;
  L.problem = problem;
  const std::uint8_t set = of == "S" ? 1 : 0;
  std::vector<std::vector<TracedStep>> per_run;
  std::vector<double> hs;
  std::vector<double> all_tq, all_tk;
  std::size_t max_per_step = 0;
  L.c_min = std::numeric_limits<double>::infinity();
  L.c_max = -std::numeric_limits<double>::infinity();
  for (const auto& r : runs) {
    auto steps = steps_of(r, set);
    if (steps.empty()) continue;
    ++L.runs;
    L.steps += int(steps.size());
    for (const auto& s : steps) {
      max_per_step = std::max(max_per_step, s.tq.size());
      all_tk.push_back(s.tk);
      for (double t : s.tq) {
        all_tq.push_back(t);
        const double c = (t - s.tk) / r.h;
        L.c_min = std::min(L.c_min, c), L.c_max = std::max(L.c_max, c);
      }
    }
    per_run.push_back(std::move(steps));
    hs.push_back(r.h);
  }
  if (per_run.empty()) {
    L.kind = "never";
    L.law = "never queried";
    L.c_min = L.c_max = 0;
    return L;
  }
  L.outside = L.c_min < -kStencilSameFraction || L.c_max > 1 + kStencilSameFraction;
  // Times equal to round-off are one time; fractions of the step within kStencilSameFraction are one c.
  const auto tq = sorted_distinct(all_tq, 1e-12, 1e-12), tk = sorted_distinct(all_tk, 1e-12, 1e-12);
  // Frozen: no more distinct times than one step queries, over at least three step starts.
  if (tk.size() >= 3 && tq.size() <= max_per_step) {
    L.kind = "frozen";
    L.frozen_at = tq;
    L.law = fmt::format("t = {} whatever t_k", list_of(tq));
    return L;
  }
  // Per run, the sorted distinct fractions of each step; regular when every step has the same.
  std::vector<std::vector<double>> fractions;
  bool regular = true;
  for (std::size_t r = 0; r < per_run.size() && regular; ++r) {
    std::vector<double> first;
    for (std::size_t k = 0; k < per_run[r].size(); ++k) {
      std::vector<double> c;
      for (double t : per_run[r][k].tq) c.push_back((t - per_run[r][k].tk) / hs[r]);
      const auto u = sorted_distinct(std::move(c), kStencilSameFraction, 0);
      if (k == 0) {
        first = u;
      } else if (!same_fractions(first, u)) {
        regular = false;
        break;
      }
    }
    fractions.push_back(first);
  }
  // A clock of another rate (issue 57): every step the same number of
  // queries, each slot's time one law a t_k + beta h + b to round-off.
  if (clock_stencil(per_run, hs, L)) return L;
  if (!regular) {
    L.kind = "irregular";
    L.law = fmt::format("t_k + c h, c changing from step to step within [{}, {}]", num(L.c_min), num(L.c_max));
    return L;
  }
  bool same = true;
  for (const auto& f : fractions) same = same && same_fractions(f, fractions[0]);
  if (same) {
    L.kind = "fixed";
    L.c = fractions[0];
    L.law = fmt::format("t_k + c h, c = {}", list_of(L.c));
    return L;
  }
  bool same_count = true;
  for (const auto& f : fractions) same_count = same_count && f.size() == fractions[0].size();
  if (!same_count || per_run.size() < 3) {
    L.kind = "irregular";
    L.law = fmt::format("t_k + c h, c depending on h within [{}, {}]", num(L.c_min), num(L.c_max));
    return L;
  }
  L.kind = "h-dependent";
  std::vector<std::string> texts;
  for (std::size_t slot = 0; slot < fractions[0].size(); ++slot) {
    std::vector<double> off;
    for (std::size_t r = 0; r < fractions.size(); ++r) off.push_back(fractions[r][slot] * hs[r]);
    L.laws.push_back(fit_offset_law(hs, off));
    texts.push_back(law_text(L.laws.back()));
  }
  L.law = join(texts, "; ");
  return L;
}

ConstraintCoverage coverage_of(const std::string& problem, const std::vector<TraceRun>& runs) {
  ConstraintCoverage c;
  c.problem = problem;
  double finest = std::numeric_limits<double>::infinity();
  for (const auto& r : runs) {
    if (r.steps == 0) continue;
    ++c.runs;
    c.constraints = std::max(c.constraints, int(r.evaluations.size()));
    c.evaluations.resize(std::size_t(c.constraints), 0);
    c.projections.resize(std::size_t(c.constraints), 0);
    for (std::size_t j = 0; j < r.evaluations.size(); ++j) {
      c.evaluations[j] += r.evaluations[j];
      c.projections[j] += r.projections[j];
    }
    c.project_calls += r.project_calls;
    if (r.h < finest) {
      finest = r.h;
      c.carrier = -1;
      c.carrier_violation = 0;
      for (std::size_t j = 0; j < r.violation.size(); ++j)
        if (r.violation[j] > c.carrier_violation) c.carrier = int(j), c.carrier_violation = r.violation[j];
    }
  }
  for (int j = 0; j < c.constraints; ++j)
    if (c.evaluations[std::size_t(j)] == 0) c.never.push_back(j);
  return c;
}

}  // namespace sweepcheck
