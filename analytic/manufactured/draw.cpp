#include "sweepcheck/analytic/manufactured/draw.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "sweepcheck/analytic/manufactured/gap_profile.hpp"

namespace sweepcheck::manufactured {

namespace {

constexpr double kTwoPi = 6.283185307179586;

// splitmix64 (the sequence of solvers/plugin/problem_validation.hpp).
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform(double a, double b) { return a + (b - a) * (double(next() >> 11) * 0x1.0p-53); }
  int integer(int a, int b) { return a + int(next() % std::uint64_t(b - a + 1)); }  // in [a, b]
  bool chance(double p) { return uniform(0, 1) < p; }
};

Path draw_path(Rng& r, double x0_span, double v_span, double a_max) {
  Path p;
  p.x0 = r.uniform(-x0_span, x0_span);
  p.v = r.uniform(-v_span, v_span);
  p.a = r.uniform(0, a_max);
  p.omega = r.uniform(1, 5);
  p.phase = r.uniform(0, kTwoPi);
  return p;
}

// k orthonormal vectors in R^d (Gram–Schmidt of uniform draws; redrawn in
// the rare case one is nearly dependent on the others).
std::vector<std::vector<double>> orthonormal(Rng& r, int d, int k) {
  std::vector<std::vector<double>> out;
  while (int(out.size()) < k) {
    std::vector<double> v(static_cast<std::size_t>(d));
    for (auto& x : v) x = r.uniform(-1, 1);
    for (const auto& u : out) {
      double s = 0;
      for (int i = 0; i < d; ++i) s += v[std::size_t(i)] * u[std::size_t(i)];
      for (int i = 0; i < d; ++i) v[std::size_t(i)] -= s * u[std::size_t(i)];
    }
    double n = 0;
    for (double x : v) n += x * x;
    n = std::sqrt(n);
    if (n < 0.1) continue;
    for (auto& x : v) x /= n;
    out.push_back(v);
  }
  return out;
}

// Contacts at well separated times: 2c event times from 2c + 1 pieces of
// random lengths (each at least a third of the mean), so no free flight and
// no contact is much shorter than the others; the first contact may start at
// 0 and the last last to T.
Gap draw_gap(Rng& r, const DrawOptions& o, double curvature_scale) {
  Gap g;
  const int c = r.integer(0, o.max_contacts);
  g.gap0 = r.uniform(0.1, 0.5) * curvature_scale;
  g.curvature = r.uniform(0.5, 2) * curvature_scale;
  g.mu0 = r.uniform(0, 1);
  g.press = r.uniform(0, 0.5);
  if (c == 0) return g;
  const bool from_start = r.chance(0.25), to_end = r.chance(0.3);
  std::vector<double> w(std::size_t(2 * c + 1));
  for (auto& x : w) x = r.uniform(0.5, 1.5);
  if (from_start) w.front() = 0;
  if (to_end) w.back() = 0;
  double total = 0;
  for (double x : w) total += x;
  double t = 0;
  std::vector<double> times;
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    t += w[i] / total * o.t_end;
    times.push_back(t);
  }
  for (int i = 0; i < c; ++i) {
    double s = times[std::size_t(2 * i)], e = times[std::size_t(2 * i + 1)];
    if (i == 0 && from_start) s = 0;
    if (i == c - 1 && to_end) e = o.t_end;
    g.contacts.emplace_back(s, e);
  }
  return g;
}

// The largest gap over [0, T] (sampled finely; used for the lane spacing,
// which adds a margin of its own).
double largest_gap(const Gap& g, double t_end) {
  double m = 0;
  for (int k = 0; k <= 4000; ++k) m = std::max(m, gap_at(g, t_end * k / 4000.0, t_end, 2.0).gap);
  return m;
}

}  // namespace

void DrawOptions::validate() const {
  if (min_dimension < 1 || min_dimension > max_dimension)
    throw std::invalid_argument(fmt::format("manufactured draw: min_dimension = {} must be in [1, max_dimension = {}]",
                                            min_dimension, max_dimension));
  if (max_dimension < 2 || max_dimension > kMaxDimension)
    throw std::invalid_argument(
        fmt::format("manufactured draw: max_dimension = {} must be in [2, {}]", max_dimension, kMaxDimension));
  if (max_contacts < 0 || max_contacts > kMaxContacts)
    throw std::invalid_argument(
        fmt::format("manufactured draw: max_contacts = {} must be in [0, {}]", max_contacts, kMaxContacts));
  if (!(t_end > 0) || !std::isfinite(t_end))
    throw std::invalid_argument(fmt::format("manufactured draw: t_end = {} must be > 0 and finite", t_end));
  if (!walls && !pairs && !obstacle)
    throw std::invalid_argument("manufactured draw: walls, pairs and obstacle are all off; allow at least one kind");
}

std::uint64_t draw_seed(std::uint64_t seed, int k) {
  Rng r{seed ^ (0xd1b54a32d192ed03ull * std::uint64_t(k + 1))};
  return r.next();
}

Schedule draw(std::uint64_t seed, const DrawOptions& o) {
  o.validate();
  Rng r{seed};
  Schedule s;
  s.name = fmt::format("drawn-{}", seed);
  s.seed = seed;
  s.t_end = o.t_end;
  s.A.diagonal = r.uniform(-2, 0.5);
  s.A.rotation = r.chance(0.5) ? r.uniform(-1, 1) : 0;
  s.A.coupling = r.chance(0.5) ? r.uniform(-0.5, 0.5) : 0;

  // An obstacle alone (in R^2 to R^max_dimension), or bodies in R^1 to R^3.
  const bool lone_obstacle = o.obstacle && (!(o.walls || o.pairs) || r.chance(0.2));
  if (lone_obstacle) {
    const int lowest = std::max(2, o.min_dimension);
    s.body_dim = r.chance(0.7) ? lowest : r.integer(lowest, o.max_dimension);
    ObstacleComponent c;
    c.radius = r.uniform(0.5, 1.5);
    for (int i = 0; i < s.body_dim; ++i) c.centre.push_back(r.uniform(-1, 1));
    if (r.chance(0.5))
      for (int i = 0; i < s.body_dim; ++i) c.drift.push_back(r.uniform(-0.5, 0.5));
    const auto pq = orthonormal(r, s.body_dim, 2);
    c.p = pq[0];
    c.q = pq[1];
    c.angle = draw_path(r, 3.2, 1, 0.5);
    c.gap = draw_gap(r, o, 1);
    s.components.push_back(std::move(c));
    return s;
  }
  s.body_dim = std::min(o.max_dimension / 2, r.chance(0.6) ? 2 : r.integer(1, 3));
  s.body_dim = std::max(1, s.body_dim);
  const int max_bodies = o.max_dimension / s.body_dim;
  const int target = r.integer(std::min(max_bodies, (o.min_dimension + s.body_dim - 1) / s.body_dim), max_bodies);
  std::vector<PairComponent> pairs;
  while (bodies(s) + 2 * int(pairs.size()) < target) {
    const int left = target - bodies(s) - 2 * int(pairs.size());
    const bool pair = o.pairs && left >= 2 && (!o.walls || r.chance(0.5));
    if (!pair && !o.walls) break;
    if (pair) {
      PairComponent c;
      c.radius = r.uniform(0.2, 0.5);
      const auto pq = orthonormal(r, s.body_dim, std::min(2, s.body_dim));
      c.p = pq[0];
      if (s.body_dim >= 2) c.q = pq[1];
      c.angle = draw_path(r, 3.2, 1, 0.5);
      c.gap = draw_gap(r, o, c.radius);
      pairs.push_back(std::move(c));
    } else {
      WallsComponent c;
      const int k = s.body_dim >= 2 && r.chance(0.4) ? 2 : 1;  // 2: a corner
      const auto normals = orthonormal(r, s.body_dim, k);
      for (int i = 0; i < k; ++i) {
        Wall w;
        w.normal = normals[std::size_t(i)];
        w.offset = r.uniform(-1, 1);
        if (r.chance(0.3)) w.drift = r.uniform(-0.5, 0.5);
        if (r.chance(0.3)) {
          w.amplitude = r.uniform(0.05, 0.3);
          w.omega = r.uniform(1, kTwoPi);
        }
        w.gap = draw_gap(r, o, 1);
        c.walls.push_back(std::move(w));
      }
      for (int i = k; i < s.body_dim; ++i) c.tangential.push_back(draw_path(r, 1, 1, 0.5));
      s.components.push_back(std::move(c));
    }
  }
  if (s.components.empty() && pairs.empty()) {  // pairs only, and one body asked for: one pair
    PairComponent c;
    c.radius = 0.3;
    const auto pq = orthonormal(r, s.body_dim, std::min(2, s.body_dim));
    c.p = pq[0];
    if (s.body_dim >= 2) c.q = pq[1];
    c.gap = draw_gap(r, o, c.radius);
    pairs.push_back(std::move(c));
  }
  // Lanes: each pair's bodies stay within 2R + γ_max/2 of its centre, which
  // moves by at most 0.2 about its lane; lanes on a grid (a line for
  // body_dim = 1) spaced so that bodies of different pairs keep 2 R_max apart.
  double reach = 0, rmax = 0;
  for (const auto& p : pairs) {
    reach = std::max(reach, 2 * p.radius + largest_gap(p.gap, s.t_end) / 2);
    rmax = std::max(rmax, p.radius);
  }
  const double spacing = 2 * reach + 0.4 + 2 * rmax;
  const int columns = s.body_dim == 1 ? int(pairs.size()) : int(std::ceil(std::sqrt(double(pairs.size()))));
  const double drift = r.uniform(-0.5, 0.5);  // shared: lanes move together
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    auto& p = pairs[k];
    for (int i = 0; i < s.body_dim; ++i) {
      Path c = draw_path(r, 0, 0, 0.1);
      c.v = i == 0 ? drift : 0;
      c.x0 = i == 0 ? spacing * double(int(k) % columns) : i == 1 ? spacing * double(int(k) / columns) : 0;
      p.centre.push_back(c);
    }
    s.components.push_back(std::move(p));
  }
  return s;
}

std::vector<std::string> prepared_names() { return {"landings", "corner", "crowd-of-pairs", "obstacle"}; }

namespace {

Path path(double x0, double v, double a, double omega, double phase) { return {x0, v, a, omega, phase}; }

// Event times are irrational numbers (√2/4, π/4, ...): no step ladder of the
// form T/n puts a grid point on one.
Schedule landings() {
  Schedule s;
  s.name = "landings";
  s.t_end = 2.2;
  s.body_dim = 2;
  s.A = {-1, 0.5, 0.2};
  WallsComponent floor;  // a tilted static floor: three landings, two lift-offs
  Wall f;
  f.normal = {std::sin(0.3), std::cos(0.3)};
  f.gap = {{{std::sqrt(2.0) / 4, std::numbers::pi / 4}, {2 / std::sqrt(3.0), std::sqrt(2.0)}, {std::sqrt(3.0), 2.2}},
           0.3, 1.5, 0, 0.4};
  floor.walls.push_back(f);
  floor.tangential.push_back(path(0.2, 0.8, 0.3, 2.7, 0.5));
  s.components.push_back(floor);
  WallsComponent shaken;  // an oscillating wall: pressed from t = 0, lift-off, landing, lift-off
  Wall w;
  w.normal = {0, 1};
  w.offset = -0.5;
  w.amplitude = 0.25;
  w.omega = 2.3;
  w.gap = {{{0, (std::sqrt(5.0) - 1) / 2}, {std::numbers::pi / 3, std::sqrt(std::numbers::e)}}, 0.2, 1.2, 0.5, 0.3};
  shaken.walls.push_back(w);
  shaken.tangential.push_back(path(-0.4, -0.6, 0.2, 3.1, 1.1));
  s.components.push_back(shaken);
  return s;
}

Schedule corner() {
  Schedule s;
  s.name = "corner";
  s.t_end = 2.2;
  s.body_dim = 3;
  s.A = {-1, 0.7, 0};
  WallsComponent c;  // two orthogonal walls, turned out of the axes: both in contact on two intervals
  const double a = 0.4, b = 0.9;
  Wall w1, w2;
  w1.normal = {std::cos(a), std::sin(a), 0};
  w2.normal = {-std::sin(a) * std::cos(b), std::cos(a) * std::cos(b), std::sin(b)};
  w1.gap = {{{std::numbers::e / 10, std::cbrt(2.0)}, {std::numbers::pi / 2, 2.2}}, 0.4, 1.3, 0, 0.2};
  w2.gap = {{{std::log(2.0), std::sqrt(std::numbers::pi)}}, 0.25, 1.7, 0, 0.5};
  w2.offset = 0.3;
  c.walls = {w1, w2};
  c.tangential.push_back(path(0.1, 0.9, 0.4, 2.2, 0.3));
  s.components.push_back(c);
  return s;
}

Schedule crowd_of_pairs() {
  Schedule s;
  s.name = "crowd-of-pairs";
  s.t_end = 2.2;
  s.body_dim = 2;
  s.A = {-1, 0.3, 0.1};
  const double R = 0.25, spacing = 2.2;
  for (int k = 0; k < 6; ++k) {
    PairComponent p;
    p.radius = R;
    // Six pairs on a 3 x 2 grid of lanes drifting together; all six in
    // contact on [0.55, 0.9] and on [1.93, 2.2].
    p.centre = {path(spacing * (k % 3), 0.3, 0.1, 1.7 + 0.1 * k, 0.4 * k), path(spacing * (k / 3), 0, 0.08, 2.3, 0.7 * k)};
    p.p = {1, 0};
    p.q = {0, 1};
    p.angle = path(0.3 * k, 0.6 - 0.2 * k, 0.3, 1.9, 0.5 * k);
    p.gap = {{{0.2 + 0.05 * std::sqrt(2.0) * k, 0.9 + 0.07 * std::sqrt(3.0) * k}, {1.3 + 0.04 * std::numbers::pi * k, 2.2}},
             0.1, 0.4, 0, 0.3};
    s.components.push_back(p);
  }
  return s;
}

Schedule obstacle() {
  Schedule s;
  s.name = "obstacle";
  s.t_end = 2.2;
  s.body_dim = 2;
  s.A = {-1, 0.5, 0};
  ObstacleComponent c;
  c.radius = 1;
  c.centre = {0, 0};
  c.drift = {0.4, 0};
  c.p = {1, 0};
  c.q = {0, 1};
  c.angle = path(0.5, 0.8, 0.2, 2.1, 0);
  c.gap = {{{std::sqrt(2.0) / 3, 1 / std::sqrt(2.0) + 0.5}, {std::sqrt(2.0) + 0.1, 2.2}}, 0.3, 1.1, 0, 0.4};
  s.components.push_back(c);
  return s;
}

}  // namespace

Schedule prepared(const std::string& name) {
  if (name == "landings") return landings();
  if (name == "corner") return corner();
  if (name == "crowd-of-pairs") return crowd_of_pairs();
  if (name == "obstacle") return obstacle();
  std::string known;
  for (const auto& n : prepared_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("manufactured: no prepared schedule '" + name + "' (known: " + known + ")");
}

}  // namespace sweepcheck::manufactured
