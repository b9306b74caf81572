#include "properties/seed002_properties.hpp"

#include <cmath>

#include "properties/property_runner.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"

namespace sweepcheck {

namespace {

struct ApproxCase {
  int n = 2;
  std::vector<double> G, b;   // m × n rows, m offsets (origin feasible)
  std::vector<double> x;      // the point to project
  double eta = 0.1, epsilon = 0.01;
  double enlargement = -1;    // >= 0: S_η = S + enlargement·B; < 0: S_η = S ∪ points
  std::vector<std::vector<double>> offsets;  // points of S_η \ S: P_S(x) + offset
  double offset_scale = 1;    // offsets are scaled to norm <= offset_scale · η
  double toward = 0.5;        // one extra point lies at toward·η from P_S(x) along x − P_S(x)
};

std::ostream& operator<<(std::ostream& os, const ApproxCase& c) {
  os << "n=" << c.n << " G=[";
  for (double v : c.G) os << ' ' << v;
  os << " ] b=[";
  for (double v : c.b) os << ' ' << v;
  os << " ] x=[";
  for (double v : c.x) os << ' ' << v;
  os << " ] eta=" << c.eta << " eps=" << c.epsilon << " enlargement=" << c.enlargement << " toward=" << c.toward;
  return os;
}

rc::Gen<double> unit_interval() {
  return rc::gen::map(rc::gen::inRange(1, 10001), [](int k) { return k / 10000.0; });
}

rc::Gen<ApproxCase> approx_cases(double offset_scale) {
  return rc::gen::exec([offset_scale] {
    ApproxCase c;
    c.n = *rc::gen::inRange(2, 5);
    // Polyhedra containing the origin (b < 0), small enough that most points
    // of the sampling box lie outside them.
    const int m = *rc::gen::inRange(2, 7);
    for (int i = 0; i < m * c.n; ++i) c.G.push_back(2 * *unit_interval() - 1);
    for (int i = 0; i < m; ++i) c.b.push_back(-0.5 * *unit_interval());
    for (int i = 0; i < c.n; ++i) c.x.push_back(8 * *unit_interval() - 4);
    c.eta = 0.5 * *unit_interval();
    c.epsilon = 0.25 * *unit_interval();
    c.enlargement = *rc::gen::arbitrary<bool>() ? c.eta * *unit_interval() : -1.0;
    const int k = *rc::gen::inRange(1, 6);
    for (int p = 0; p < k; ++p) {
      std::vector<double> o;
      for (int i = 0; i < c.n; ++i) o.push_back(2 * *unit_interval() - 1);
      c.offsets.push_back(o);
    }
    c.offset_scale = offset_scale;
    c.toward = *unit_interval();
    return c;
  });
}

template <class T>
struct Geometry {
  Mat<T> G;
  Vec<T> b, x;
  T eta, epsilon, dS;
  Vec<T> px;                 // P_S(x)
  std::vector<Vec<T>> extra;  // points of S_η outside S (union kind)
};

template <class T>
T distance_to_polyhedron(const Geometry<T>& g, const Vec<T>& y) {
  return project_onto_polyhedron<T>(g.G, g.b, y).distance;
}

template <class T>
Geometry<T> geometry(const ApproxCase& c) {
  Geometry<T> g;
  const int m = static_cast<int>(c.b.size());
  g.G = Mat<T>(m, c.n);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < c.n; ++j) g.G(i, j) = T(c.G[static_cast<std::size_t>(i * c.n + j)]);
  g.b = Vec<T>(m);
  for (int i = 0; i < m; ++i) g.b[i] = T(c.b[static_cast<std::size_t>(i)]);
  g.x = Vec<T>(c.n);
  for (int i = 0; i < c.n; ++i) g.x[i] = T(c.x[static_cast<std::size_t>(i)]);
  g.eta = T(c.eta);
  g.epsilon = T(c.epsilon);
  const auto p = project_onto_polyhedron<T>(g.G, g.b, g.x);
  g.px = p.point;
  g.dS = p.distance;
  // One point along the outward normal at P_S(x): closer to x than P_S(x),
  // outside S, within η of S — the interesting members of proj^{ε,η}_S(x).
  if (g.dS > T(0)) g.extra.push_back(g.px + (g.x - g.px) * (T(c.offset_scale * c.toward) * g.eta / g.dS));
  for (const auto& o : c.offsets) {
    Vec<T> v(c.n);
    for (int i = 0; i < c.n; ++i) v[i] = T(o[static_cast<std::size_t>(i)]);
    const T nv = v.norm();
    if (nv > T(0)) v *= T(c.offset_scale) * g.eta / nv * T(std::min(1.0, static_cast<double>(nv)));
    g.extra.push_back(g.px + v);
  }
  return g;
}

// d_{S_η}(y) for either kind of S_η.
template <class T>
T distance_to_enlarged(const ApproxCase& c, const Geometry<T>& g, const Vec<T>& y) {
  using std::max;
  using std::min;
  const T d = distance_to_polyhedron(g, y);
  if (c.enlargement >= 0) return max(T(0), d - T(c.enlargement));
  T best = d;
  for (const auto& p : g.extra) best = min(best, (y - p).norm());
  return best;
}

template <class T>
T slack_of(const Geometry<T>& g) {
  return T(1024) * epsilon<T>() * (T(1) + g.x.squaredNorm() + g.G.norm());
}

template <class T>
Inequality<T> lemma_2_6(const ApproxCase& c) {
  const auto g = geometry<T>(c);
  Inequality<T> r;
  r.slack = slack_of(g);
  const T dEta = distance_to_enlarged(c, g, g.x);
  // Left inequality d_{S_η} <= d_S: a violation makes the case fail outright.
  r.lhs = dEta > g.dS + r.slack ? std::numeric_limits<T>::infinity() : g.dS - dEta;
  r.rhs = g.eta;
  r.in_region = g.dS > r.slack;  // x outside S
  r.observed = static_cast<double>((g.dS - dEta) / g.eta);
  r.note = c.enlargement >= 0 ? "S_eta = S + eta' B" : "S_eta = S with extra points";
  return r;
}

PropertyOutcome lemma_2_6_outcome(const std::string& id, bool negative) {
  PropertyOutcome out;
  out.id = id;
  out.source = negative ? "seed 002, Lemma 2.6 (negative control: S_eta not inside S + eta B)" : "seed 002, Lemma 2.6";
  out.statement = "d_{S_eta}(x) <= d_S(x) <= d_{S_eta}(x) + eta";
  out.negative_control = negative;
  out.constant_name = "max (d_S - d_{S_eta}) / eta";
  out.theoretical_constant = 1.0;
  return out;
}

template <class T>
Inequality<T> prop_2_7(const ApproxCase& c, bool with_eta_terms) {
  using std::sqrt;
  const auto g = geometry<T>(c);
  Inequality<T> r;
  r.slack = slack_of(g);
  // Candidates z of proj^{ε,η}_S(x): the extra points of S_η (or, for the
  // enlargement kind, the same points, which lie in S + ηB ⊂ S_η when the
  // enlargement is η). Take the first candidate satisfying the ε-condition.
  const T bound = g.dS * g.dS + g.epsilon;
  bool found = false;
  Vec<T> z;
  for (const auto& p : g.extra) {
    const bool in_s_eta = distance_to_enlarged(c, g, p) <= r.slack;
    if (in_s_eta && (g.x - p).squaredNorm() < bound) {
      z = p;
      found = true;
      break;
    }
  }
  // Inclusion (a): P_S(x) itself is in proj^ε_S(x), hence in S_η.
  if (distance_to_enlarged(c, g, g.px) > r.slack) {
    r.lhs = std::numeric_limits<T>::infinity();
    r.rhs = T(0);
    r.note = "P_S(x) not in S_eta";
    return r;
  }
  r.in_region = found && distance_to_polyhedron(g, z) > r.slack;  // z outside S: the interesting case
  if (!r.in_region) return r;
  const auto zp = project_onto_polyhedron<T>(g.G, g.b, z);
  const T eps_prime = with_eta_terms ? g.epsilon + T(2) * g.eta * (g.dS + sqrt(g.epsilon)) + g.eta * g.eta : g.epsilon;
  // z' = P_S(z) must be within η of z and in proj^{ε'}_S(x).
  r.lhs = zp.distance > g.eta + r.slack ? std::numeric_limits<T>::infinity() : (g.x - zp.point).squaredNorm();
  r.rhs = g.dS * g.dS + eps_prime;
  r.observed = static_cast<double>(((g.x - zp.point).squaredNorm() - g.dS * g.dS) / eps_prime);
  r.note = with_eta_terms ? "eps' = eps + 2 eta (d + sqrt eps) + eta^2" : "eps' = eps";
  return r;
}

PropertyOutcome prop_2_7_outcome(const std::string& id, bool negative) {
  PropertyOutcome out;
  out.id = id;
  out.source = negative ? "seed 002, Proposition 2.7 (negative control: eps' = eps)" : "seed 002, Proposition 2.7";
  out.statement = "proj^eps_S(x) in proj^{eps,eta}_S(x) in proj^{eps'}_S(x) + eta B";
  out.negative_control = negative;
  out.constant_name = "max (|x - z'|^2 - d_S^2) / eps'";
  out.theoretical_constant = 1.0;
  return out;
}

}  // namespace

PropertyOutcome check_seed002_lemma_2_6(const PropertyConfig& cfg) {
  auto out = lemma_2_6_outcome("seed002-lemma-2.6", false);
  run_property(out, cfg, approx_cases(1.0), [](const ApproxCase& c, auto zero) { return lemma_2_6<decltype(zero)>(c); });
  return out;
}

PropertyOutcome check_seed002_lemma_2_6_too_far(const PropertyConfig& cfg) {
  auto out = lemma_2_6_outcome("seed002-lemma-2.6-too-far", true);
  // Extra points up to 4η from S; only the union kind can show it.
  auto gen = rc::gen::map(approx_cases(4.0), [](ApproxCase c) {
    c.enlargement = -1;
    return c;
  });
  run_property(out, cfg, gen, [](const ApproxCase& c, auto zero) { return lemma_2_6<decltype(zero)>(c); });
  return out;
}

PropertyOutcome check_seed002_prop_2_7(const PropertyConfig& cfg) {
  auto out = prop_2_7_outcome("seed002-prop-2.7", false);
  run_property(out, cfg, approx_cases(1.0), [](const ApproxCase& c, auto zero) { return prop_2_7<decltype(zero)>(c, true); });
  return out;
}

PropertyOutcome check_seed002_prop_2_7_without_eta_terms(const PropertyConfig& cfg) {
  auto out = prop_2_7_outcome("seed002-prop-2.7-without-eta-terms", true);
  run_property(out, cfg, approx_cases(1.0), [](const ApproxCase& c, auto zero) { return prop_2_7<decltype(zero)>(c, false); });
  return out;
}

}  // namespace sweepcheck
