#pragma once
// A point and a moving wave, written as a user writes a problem plugin
// (issue 55: problems with contact events whose exact solution is known):
//
//     x' ∈ f − N(S(t), x),   S(t) = { x ∈ R² : x_2 >= s(t) },   s(t) = 0.5 sin 2t,
//     f = (1, −v),   x(0) = (0, 0.6),   t ∈ [0, 6].
//
// The constraint g(t, x) = x_2 − s(t) >= 0 has the gradient (0, 1) and the
// projection x_2 ← max(x_2, s(t)); x_1 = t whatever happens. In x_2:
//   - free flight: x_2' = −v, until the line meets the wave (a landing: the
//     velocity jumps from −v to s'(t*));
//   - contact: x_2 = s(t) while the wave rises, or falls no faster than the
//     point would. N(S(t), x) = {−λ (0, 1) : λ >= 0} on the boundary, so
//     x' = f + λ (0, 1) and x_2' = s'(t) give λ = v + s'(t), which must be
//     >= 0: it lifts off where s'(t) = −v with s'' < 0 (λ turns negative),
//     with no jump in velocity, and flies until the wave catches it again.
// v = 1.2 > max |s'| = 1: one landing, then carried for good. v = 0.6: the
// point rides the wave, lifts off where cos 2t = −0.6, lands again; two
// lift-offs and three landings in [0, 6].
//
// The event times are found once, by bisection to round-off, on the
// functions whose sign changes there; each check of the sign convention is
// in wave_test (examples/CMakeLists.txt: the exact solution satisfies the
// inclusion between events, and starts at x0).
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <sweepcheck/solvers/plugin/problem_plugin_api.hpp>

namespace wave {

inline double s(double t) { return 0.5 * std::sin(2 * t); }
inline double ds(double t) { return std::cos(2 * t); }

// The first root of fn in (a, b] by a scan of step dt and bisection; b + 1 if none.
template <class F>
double first_root(F fn, double a, double b, double dt) {
  double lo = a, flo = fn(a);
  for (double hi = a + dt; lo < b; hi += dt) {
    const double fhi = fn(hi);
    if ((flo > 0) != (fhi > 0)) {
      double l = lo, r = hi, fl = flo;
      for (int i = 0; i < 200 && r - l > 0; ++i) {
        const double m = 0.5 * (l + r), fm = fn(m);
        if (m == l || m == r) break;
        if ((fm > 0) == (fl > 0)) l = m, fl = fm;
        else r = m;
      }
      return r;
    }
    lo = hi;
    flo = fhi;
  }
  return b + 1;
}

class Solution {
 public:
  Solution(double v, double x20, double t_end) : v_(v) {
    if (!(x20 > s(0))) throw std::invalid_argument("wave: the point must start above the wave");
    double t = 0, y = x20;
    while (t < t_end) {
      segments_.push_back({t, false, y});  // free from (t, y)
      const double ty = t, yy = y;
      // After a lift-off the gap starts at 0 and opens like (v + s')' (q − t)² / 2:
      // the scan starts one scan step later, where it is clearly positive.
      const double from = t > 0 ? t + 1e-3 : t;
      const double land = first_root([&](double q) { return yy - v_ * (q - ty) - s(q); }, from, t_end, 1e-3);
      if (land > t_end) break;
      segments_.push_back({land, true, s(land)});
      // Lift-off: the first time after the landing where v + s'(t) turns negative.
      const double lift = first_root([&](double q) { return v_ + ds(q); }, land, t_end, 1e-3);
      if (lift > t_end) break;
      t = lift;
      y = s(lift);
    }
  }
  void at(double t, std::span<double> out) const {
    const Segment* g = &segments_.front();
    for (const auto& seg : segments_)
      if (seg.start <= t) g = &seg;
    out[0] = t;
    out[1] = g->contact ? s(t) : g->y - v_ * (t - g->start);
  }
  std::vector<double> events() const {
    std::vector<double> e;
    for (std::size_t i = 1; i < segments_.size(); ++i) e.push_back(segments_[i].start);
    return e;
  }

 private:
  struct Segment {
    double start;
    bool contact;
    double y;  // x_2 at start
  };
  double v_;
  std::vector<Segment> segments_;
};

class Wave final : public sweepcheck::plugin::ConstraintView {
 public:
  int size() const override { return 1; }
  double value(int, double t, std::span<const double> x) const override { return x[1] - s(t); }
  void gradient(int, double, std::span<const double>, std::span<double> g) const override {
    g[0] = 0;
    g[1] = 1;
  }
  double distance(int, double t, std::span<const double> x) const override { return std::max(0.0, s(t) - x[1]); }
  bool project(int, double t, std::span<double> x) const override {
    if (x[1] >= s(t)) return false;
    x[1] = s(t);
    return true;
  }
};

class PointOnWave : public sweepcheck::plugin::ProblemDefinition {
 public:
  PointOnWave(std::string name, double v) : name_(std::move(name)), v_(v), solution_(v, 0.6, 6.0) {}
  std::string name() const override { return name_; }
  std::string parameters() const override { return "s=0.5sin2t v=" + std::to_string(v_).substr(0, 4) + " x0=(0,0.6) T=6"; }
  int dim() const override { return 2; }
  double t_end() const override { return 6.0; }
  void x0(std::span<double> out) const override {
    out[0] = 0;
    out[1] = 0.6;
  }
  void f(double, std::span<const double>, std::span<double> out) const override {
    out[0] = 1;
    out[1] = -v_;
  }
  const sweepcheck::plugin::ConstraintView& constraints() const override { return wave_; }
  bool exact(double t, std::span<double> out) const override {
    solution_.at(t, out);
    return true;
  }
  // The wave's period is π; the point crosses its amplitude in about 1 / v.
  double time_scale() const override { return 0.5; }
  const Solution& solution() const { return solution_; }

 private:
  std::string name_;
  double v_;
  Solution solution_;
  Wave wave_;
};

}  // namespace wave
