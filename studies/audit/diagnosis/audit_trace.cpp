// The diagnosis's traced runs (audit_trace.hpp).
#include "studies/audit/diagnosis/audit_trace.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>

#include "sweepcheck/solvers/adapters/recording_view.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"

namespace sweepcheck {

namespace {

// The distinct times of one step's queries of one kind (at most 16: a
// stencil with more is reported by its first 16).
void add_distinct(std::vector<double>& ts, double t) {
  for (double s : ts)
    if (std::abs(s - t) <= 1e-12 * (1 + std::abs(t))) return;
  if (ts.size() < 16) ts.push_back(t);
}

// Inside S with room to spare: every g_j above `room` (and round-off).
bool inside_by(const plugin::ConstraintView& c, double t, const Vec<double>& x, double room) {
  const double margin = room + 1e-9 * (1 + x.norm());
  for (int j = 0; j < c.size(); ++j)
    if (!(c.value(j, t, as_span(x)) > margin)) return false;
  return true;
}

// The contact frame of one step (TraceRun::violated_before ..., issue 57):
// the constraints the Euler predictor p = x + hf violates at t1, the step's
// motion split along and across their normals at the step's end.
void contact_frame(const plugin::ConstraintView& set, double t0, double t1, const Vec<double>& x, const Vec<double>& next,
                   const Vec<double>& hf, const std::vector<int>& moved_by, const std::vector<double>& set_times,
                   TraceRun& out) {
  const Vec<double> p = x + hf;
  const double round = 1e-10 * (1 + p.norm());
  const double hf_norm = hf.norm();  // the step's length, the scale of every reading below
  // g_j(t, y) / |∇g_j(t, y)|: the signed distance to S_j's boundary,
  // linearised at y; NaN where the gradient vanishes (nothing is read there).
  Vec<double> gx(x.size());
  const auto signed_distance = [&](int j, double t, const Vec<double>& y) {
    gx.setZero();
    set.gradient(j, t, as_span(y), as_span(gx));
    const double gn = gx.norm();
    return gn > 1e-12 ? set.value(j, t, as_span(y)) / gn : std::numeric_limits<double>::quiet_NaN();
  };
  // Lift-offs: x on S_j's boundary, p inside S_j(t1) by a tenth of the step.
  for (int j = 0; j < set.size() && hf_norm > 0; ++j) {
    if (!(std::abs(signed_distance(j, t0, x)) <= 1e-9 * (1 + x.norm()))) continue;
    if (!(signed_distance(j, t1, p) >= 0.1 * hf_norm)) continue;
    ++out.liftoff_steps;
    if (std::abs(signed_distance(j, t1, next)) <= 1e-3 * hf_norm) ++out.liftoff_held;
  }
  // Landings: x strictly inside S_j(t0), p outside S_j(t1) by a hundredth of the step.
  for (int j = 0; j < set.size() && hf_norm > 0; ++j) {
    const double g0 = set.value(j, t0, as_span(x)), g1 = set.value(j, t1, as_span(p));
    if (!(g0 > round) || !(g1 < 0)) continue;
    const double dp = set.distance(j, t1, as_span(p));
    if (!(dp >= 1e-2 * hf_norm)) continue;
    out.landing_phase.push_back(g0 / (g0 - g1));
    const bool moved = std::find(moved_by.begin(), moved_by.end(), j) != moved_by.end();
    // Left only if p violates S_j at a time the step read S at (t_(k+1) when
    // it read none): a scheme reading S at t_k leaves the crossings that the
    // set's own motion over the step makes, a one-step lag of S (the time
    // stencil's note, as normal_ratio_lag below), not a landing skipped (the
    // lagged-set example, pbd_lagged_set.cpp, passes every check on the
    // moving wall with lift-offs).
    bool outside_when_read = set_times.empty();
    for (double t : set_times) outside_when_read = outside_when_read || set.distance(j, t, as_span(p)) >= 1e-2 * hf_norm;
    out.landing_left.push_back(
        !moved && outside_when_read && set.distance(j, t1, as_span(next)) >= (1 - 1e-6) * dp ? 1 : 0);
  }
  std::vector<int> violated;
  double worst = 0;
  for (int j = 0; j < set.size(); ++j) {
    const double d = set.distance(j, t1, as_span(p));
    if (d > round) violated.push_back(j), worst = std::max(worst, d);
  }
  if (violated.empty()) return;
  std::vector<int> distinct = moved_by;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::int64_t after = 0;
  for (int j = 0; j < set.size(); ++j)
    after += set.distance(j, t1, as_span(next)) > std::max(round, 1e-3 * worst);
  out.violated_before.push_back(std::int64_t(violated.size()));
  out.projected.push_back(std::int64_t(distinct.size()));
  out.violated_after.push_back(after);
  // The constraints active at the step's end as well: within 2 |h f| of their
  // boundary (linearised). A predictor violating one constraint may end on
  // two (a crease): the exact motion's cone is spanned by both.
  Vec<double> g(x.size());
  std::vector<int> frame = violated;
  for (int j = 0; j < set.size(); ++j) {
    if (std::find(violated.begin(), violated.end(), j) != violated.end()) continue;
    const double v = set.value(j, t1, as_span(next));
    g.setZero();
    set.gradient(j, t1, as_span(next), as_span(g));
    if (v <= 2 * hf_norm * g.norm()) frame.push_back(j);
  }
  // The normals' span at the step's end (at most 8 of them, Gram-Schmidt).
  const Vec<double> dx = next - x;
  std::vector<Vec<double>> basis;
  for (std::size_t k = 0; k < frame.size() && basis.size() < 8; ++k) {
    g.setZero();
    set.gradient(frame[k], t1, as_span(next), as_span(g));
    for (const auto& b : basis) g -= g.dot(b) * b;
    const double n = g.norm();
    if (n > 1e-12) basis.push_back(g / n);
  }
  Vec<double> dt = dx, ft = hf;
  for (const auto& b : basis) dt -= dt.dot(b) * b, ft -= ft.dot(b) * b;
  const double ft2 = ft.squaredNorm(), hf2 = hf.squaredNorm();
  if (ft2 >= 1e-2 * hf2 && ft2 > 0) out.tangential_gain.push_back(dt.dot(ft) / ft2);
  if (frame.size() != 1) return;  // the ratio is read where one constraint acts, from p to the end
  g.setZero();
  set.gradient(violated[0], t1, as_span(p), as_span(g));
  const double gn = g.norm();
  const double needed = -set.value(violated[0], t1, as_span(p)) / gn;  // distance to the boundary along n
  if (!(gn > 1e-12) || !(needed >= 1e-2 * std::sqrt(hf2))) return;
  out.normal_ratio.push_back((next - p).dot(g / gn) / needed);
  // Against the set at the step's start: a one-step lag of S (note, not a defect).
  g.setZero();
  set.gradient(violated[0], t0, as_span(p), as_span(g));
  const double gn0 = g.norm(), v0 = set.value(violated[0], t0, as_span(p));
  out.normal_ratio_lag.push_back(gn0 > 1e-12 && -v0 / gn0 >= 1e-2 * std::sqrt(hf2)
                                     ? (next - p).dot(g / gn0) / (-v0 / gn0)
                                     : std::numeric_limits<double>::quiet_NaN());
}

}  // namespace

void encode(codec::Writer& w, const TraceQuery& q) { codec::encode(w, q.set), codec::encode(w, q.t_k), codec::encode(w, q.t_q); }
void decode(codec::Reader& r, TraceQuery& q) { codec::decode(r, q.set), codec::decode(r, q.t_k), codec::decode(r, q.t_q); }

void encode(codec::Writer& w, const TraceRun& x) {
  using codec::encode;
  encode(w, x.h), encode(w, x.n), encode(w, x.steps), encode(w, x.status), encode(w, x.fault), encode(w, x.queries),
      encode(w, x.evaluations), encode(w, x.projections), encode(w, x.violation), encode(w, x.project_calls),
      encode(w, x.polyhedron_calls), encode(w, x.free_gain), encode(w, x.free_dx_hf), encode(w, x.free_hf2),
      encode(w, x.free_dx2), encode(w, x.moved), encode(w, x.correction), encode(w, x.projected_support),
      encode(w, x.unreached), encode(w, x.f_state_lag), encode(w, x.field_scale), encode(w, x.violated_before),
      encode(w, x.projected), encode(w, x.violated_after), encode(w, x.tangential_gain), encode(w, x.normal_ratio),
      encode(w, x.normal_ratio_lag), encode(w, x.liftoff_steps), encode(w, x.liftoff_held),
      encode(w, x.landing_phase), encode(w, x.landing_left);
}
void decode(codec::Reader& r, TraceRun& x) {
  using codec::decode;
  decode(r, x.h), decode(r, x.n), decode(r, x.steps), decode(r, x.status), decode(r, x.fault), decode(r, x.queries),
      decode(r, x.evaluations), decode(r, x.projections), decode(r, x.violation), decode(r, x.project_calls),
      decode(r, x.polyhedron_calls), decode(r, x.free_gain), decode(r, x.free_dx_hf), decode(r, x.free_hf2),
      decode(r, x.free_dx2), decode(r, x.moved), decode(r, x.correction), decode(r, x.projected_support),
      decode(r, x.unreached), decode(r, x.f_state_lag), decode(r, x.field_scale), decode(r, x.violated_before),
      decode(r, x.projected), decode(r, x.violated_after), decode(r, x.tangential_gain), decode(r, x.normal_ratio),
      decode(r, x.normal_ratio_lag), decode(r, x.liftoff_steps), decode(r, x.liftoff_held),
      decode(r, x.landing_phase), decode(r, x.landing_left);
}
void encode(codec::Writer& w, const GrowthTrace& x) {
  using codec::encode;
  encode(w, x.h), encode(w, x.gap), encode(w, x.direction), encode(w, x.direction_step);
}
void decode(codec::Reader& r, GrowthTrace& x) {
  using codec::decode;
  decode(r, x.h), decode(r, x.gap), decode(r, x.direction), decode(r, x.direction_step);
}

TraceRun trace_run(const AuditProblem& problem, const SchemeFactory& scheme, std::int64_t n, std::int64_t steps) {
  TraceRun out;
  out.n = n;
  out.h = (problem.t_end - problem.t0) / double(n);
  const double h = out.h;
  const plugin::ProblemView& inner = *problem.view;
  const plugin::ConstraintView& set = inner.constraints();
  const int m = set.size();
  out.evaluations.assign(std::size_t(m), 0);
  out.projections.assign(std::size_t(m), 0);
  out.violation.assign(std::size_t(m), 0.0);
  out.unreached.assign(std::size_t(m), 0);
  const auto d = std::size_t(problem.x0.size());
  for (auto* v : {&out.free_dx_hf, &out.free_hf2, &out.free_dx2, &out.moved, &out.correction}) v->assign(d, 0.0);
  out.projected_support.assign(d, 0);
  const auto stepper = scheme();
  RecordingView view(inner);
  Vec<double> x = problem.x0, next(x.size()), f(x.size()), grad(x.size());
  // The states f's arguments are compared with: x_k, x_{k−1}, ... then x_0
  // (their lags in `lags`), rebuilt before each step.
  std::vector<Vec<double>> recent{problem.x0}, known;
  std::vector<std::int64_t> lags;
  view.set_known_states(&known);
  std::vector<int> moved_by;  // the constraints whose projection moved the point in this step
  std::vector<double> tf, ts;
  for (std::int64_t k = 0; k < std::min(n, steps); ++k) {
    const double tk = problem.t0 + double(k) * h;
    const double tk1 = k + 1 == n ? problem.t_end : problem.t0 + double(k + 1) * h;
    view.clear();
    known.assign(recent.rbegin(), recent.rend());
    lags.clear();
    for (std::size_t i = 0; i < known.size(); ++i) lags.push_back(std::int64_t(i));
    if (k + 1 > std::int64_t(recent.size())) known.push_back(problem.x0), lags.push_back(k);
    Work work;
    try {
      stepper->step(tk, as_span(x), h, view, as_span(next), work);
    } catch (const std::exception& e) {
      out.status = RunStatus::threw;
      out.fault = e.what();
      break;
    } catch (...) {
      out.status = RunStatus::threw;
      out.fault = "an exception not derived from std::exception";
      break;
    }
    tf.clear(), ts.clear();
    moved_by.clear();
    bool moved = false;
    std::int64_t lag = -2;
    for (const ViewCall& c : view.calls()) {
      if (c.kind == ViewCall::f && c.state >= -1) {
        const std::int64_t l = c.state >= 0 ? lags[std::size_t(c.state)] : -1;
        lag = lag < 0 ? std::max(lag, l) : (l >= 0 ? std::min(lag, l) : lag);
      }
      if (!c.queries_set()) {
        add_distinct(tf, c.t);
        if (c.kind == ViewCall::f_integral) add_distinct(tf, c.t + c.h);
        continue;
      }
      add_distinct(ts, c.t);
      if (c.kind == ViewCall::polyhedron) {
        ++out.polyhedron_calls;
        for (auto& e : out.evaluations) ++e;  // the catching-up projection reads every row
        continue;
      }
      if (c.j < 0 || c.j >= m) continue;
      ++out.evaluations[std::size_t(c.j)];
      if (c.kind == ViewCall::project) {
        ++out.project_calls;
        if (c.moved) ++out.projections[std::size_t(c.j)], moved = true, moved_by.push_back(c.j);
      }
    }
    for (double t : tf) out.queries.push_back({0, tk, t});
    for (double t : ts) out.queries.push_back({1, tk, t});
    if (!all_finite(next)) {
      out.status = RunStatus::non_finite;
      out.fault = "a non-finite state";
      ++out.steps;
      break;
    }
    // What the host sees of the step (calls on the inner view: not recorded).
    for (int j = 0; j < m; ++j)
      out.violation[std::size_t(j)] = std::max(out.violation[std::size_t(j)], set.distance(j, tk1, as_span(next)));
    inner.f(tk, as_span(x), as_span(f));
    const double f2 = f.squaredNorm();
    if (std::isfinite(f2)) out.field_scale = std::max(out.field_scale, std::sqrt(f2));
    // Free of contact: every g_j at the start above 2 h |f| (|grad g_j| is at
    // most sqrt(2) on the battery, so the Euler predictor x + h f stays
    // inside even the sets linearised at x, as PGS and Venel see them), the
    // end strictly inside, and no projection that moved the point.
    const double room = 2 * h * std::sqrt(f2);
    const Vec<double> dx = next - x;
    if (std::isfinite(f2)) contact_frame(set, tk, tk1, x, next, h * f, moved_by, ts, out);
    for (std::size_t i = 0; i < d; ++i) out.moved[i] += std::abs(dx[Eigen::Index(i)]);
    if (f2 > 1e-24 && !moved && inside_by(set, tk, x, room) && inside_by(set, tk1, next, 0)) {
      out.free_gain.push_back(dx.dot(f) / (h * f2));
      for (std::size_t i = 0; i < d; ++i) {
        const double a = dx[Eigen::Index(i)], b = h * f[Eigen::Index(i)];
        out.free_dx_hf[i] += a * b, out.free_hf2[i] += b * b, out.free_dx2[i] += a * a;
      }
    }
    if (moved) {
      for (std::size_t i = 0; i < d; ++i)
        out.correction[i] += std::abs(dx[Eigen::Index(i)] - h * f[Eigen::Index(i)]);
      // The coordinates each moving projection acts on (a constraint projected
      // twice in a step counts twice: the count is of projections).
      for (int j : moved_by) {
        grad.setZero();
        set.gradient(j, tk1, as_span(next), as_span(grad));
        bool reached = false;
        for (std::size_t i = 0; i < d; ++i) {
          if (grad[Eigen::Index(i)] == 0) continue;
          ++out.projected_support[i];
          const double move = dx[Eigen::Index(i)], corr = std::abs(move - h * f[Eigen::Index(i)]);
          reached = reached || corr > 1e-12 * std::abs(move);
        }
        if (!reached) ++out.unreached[std::size_t(j)];
      }
    }
    out.f_state_lag.push_back(lag);
    x.swap(next);
    recent.push_back(x);
    if (recent.size() > std::size_t(kKnownLags)) recent.erase(recent.begin());
    ++out.steps;
  }
  return out;
}

GrowthTrace trace_growth(const AuditProblem& given, const AuditProblem& perturbed, const SchemeFactory& scheme,
                         std::int64_t n, std::int64_t steps) {
  GrowthTrace out;
  out.h = (given.t_end - given.t0) / double(n);
  const auto a = scheme(), b = scheme();
  const plugin::ProblemView& view = *given.view;
  Vec<double> x = given.x0, y = perturbed.x0, nx(x.size()), ny(x.size());
  const double small = 1e-3 * (1 + given.x0.norm());
  out.gap.push_back((y - x).norm());
  for (std::int64_t k = 0; k < std::min(n, steps); ++k) {
    const double tk = given.t0 + double(k) * out.h;
    Work w;
    try {
      a->step(tk, as_span(x), out.h, view, as_span(nx), w);
      b->step(tk, as_span(y), out.h, view, as_span(ny), w);
    } catch (...) {
      break;
    }
    if (!all_finite(nx) || !all_finite(ny)) break;
    x.swap(nx), y.swap(ny);
    const Vec<double> d = y - x;
    const double g = d.norm();
    out.gap.push_back(g);
    if (g > 0 && g <= small && g > out.gap.front()) {
      out.direction = d / g;
      out.direction_step = int(k + 1);
    }
    if (g > small) break;
  }
  return out;
}

}  // namespace sweepcheck
