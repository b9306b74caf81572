#include "properties/seed000_properties.hpp"

#include <cmath>

#include "properties/property_runner.hpp"
#include "properties/set_families.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"

namespace sweepcheck {

namespace {

// P_S(q) and d_S(q) from the reference projector; false when not certified.
// For the tangent balls S = {0} exactly: no KKT certificate exists there (the
// gradients at 0 are opposite, the qualification fails, which is the point of
// those negative controls), so P_S ≡ 0 is used as known.
template <class T>
bool reference(const ConstraintSet<T>& s, const Vec<T>& q, Vec<T>& p, T& d, bool tangent = false) {
  if (tangent) {
    p = Vec<T>::Zero(q.size());
    d = q.norm();
    return true;
  }
  Work w;
  const auto r = project_onto(s, T(0), q, ReferenceProjectorOptions<T>{}, w);
  if (!r.converged) return false;
  p = r.point;
  d = r.distance;
  return true;
}

// Round-off allowance: the reference projector certifies its result to
// 1e3 ε (1 + |q|); comparisons of such distances get four times that.
template <class T>
T slack_for(const Vec<T>& q) {
  return T(4e3) * epsilon<T>() * (T(1) + q.norm());
}

PropertyOutcome outcome(const std::string& id, const std::string& source, const std::string& statement,
                        bool negative, const std::string& constant, double theory) {
  PropertyOutcome o;
  o.id = id;
  o.source = source;
  o.statement = statement;
  o.negative_control = negative;
  o.constant_name = constant;
  o.theoretical_constant = theory;
  return o;
}

// ---- Lemma 3.2 ----
template <class T>
Inequality<T> lemma_3_2(const SetCase& c, double radius_factor) {
  const auto s = build_set<T>(c);
  const int m = s.size();
  const T eta(c.eta);
  using std::ldexp;
  const T radius = radius_factor > 0 ? T(radius_factor) * eta : T(std::ldexp(1.0, 1 - m)) * eta;
  const Vec<T> q0 = perturbed<T>(c, c.direction, radius);
  Inequality<T> r;
  r.slack = slack_for(q0);
  Vec<T> p;
  T d0;
  r.in_region = reference(s, q0, p, d0) && d0 > r.slack;
  if (!r.in_region) return r;
  Vec<T> q = q0;
  r.rhs = T(1);
  for (int j = 1; j <= m; ++j) {
    const Vec<T> prev = q;
    const T dj = distance(s[j - 1], T(0), prev);
    project(s[j - 1], T(0), q);
    Vec<T> pj;
    T dSj;
    if (!reference(s, q, pj, dSj)) {
      r.in_region = false;
      return r;
    }
    using std::max;
    const T step_ratio = (q - prev).norm() / (T(std::ldexp(1.0, j - 1)) * d0);
    const T dist_ratio = dSj / (T(std::ldexp(1.0, j)) * d0);
    const T unique_ratio = dj / eta;
    r.lhs = max({r.lhs, step_ratio, dist_ratio, unique_ratio});
  }
  r.observed = static_cast<double>(r.lhs);
  r.note = std::string(kind_name(c.kind)) + ", d_S(q0)=" + std::to_string(static_cast<double>(d0));
  return r;
}

// ---- Lemma 3.3 ----
template <class T>
Inequality<T> lemma_3_3(const SetCase& c, double eta_factor) {
  const auto s = build_set<T>(c);
  const T eta = T(c.eta) * T(eta_factor);
  const Vec<T> q0 = perturbed<T>(c, c.direction, T(c.eta));
  Inequality<T> r;
  r.slack = slack_for(q0);
  Vec<T> p;
  T d0;
  r.in_region = reference(s, q0, p, d0) && d0 > r.slack;
  if (!r.in_region) return r;
  Vec<T> q = q0;
  bool any = false;
  r.rhs = T(1);
  for (int j = 1; j <= s.size(); ++j) {
    const Vec<T> e_prev = q - p;
    const Vec<T> prev = q;
    project(s[j - 1], T(0), q);
    const Vec<T> v = q - prev, e = q - p;
    const T nv = v.norm(), ne_prev = e_prev.norm();
    if (!(nv < eta) || !(ne_prev > r.slack) || !(nv > T(0))) continue;
    any = true;
    const T bound = (T(1) - nv * nv / (ne_prev * ne_prev)) * ne_prev * ne_prev / (T(1) - nv / eta);
    using std::max;
    // lhs/rhs as |e_j|² − bound relative to |e_{j−1}|²: <= 0 when the lemma holds.
    r.lhs = max(r.lhs, T(1) + (e.squaredNorm() - bound) / (ne_prev * ne_prev));
  }
  r.in_region = any;
  r.observed = static_cast<double>(r.lhs);
  r.note = std::string(kind_name(c.kind)) + ", eta used " + std::to_string(static_cast<double>(eta));
  return r;
}

// ---- Theorem 3.5 ----
template <class T>
Inequality<T> theorem_3_5(const SetCase& c) {
  const auto s = build_set<T>(c);
  const int m = s.size();
  const T radius = T(std::ldexp(1.0, -m)) * T(c.eta) / T(4);
  const Vec<T> q0 = perturbed<T>(c, c.direction, radius);
  Inequality<T> r;
  r.slack = slack_for(q0);
  Vec<T> p;
  T d0;
  r.in_region = reference(s, q0, p, d0, c.kind == SetCase::Kind::tangent) && d0 > T(1e6) * r.slack;  // well above the certificate's tolerance
  if (!r.in_region) return r;
  Vec<T> q = q0;
  Work w;
  s.sweep(T(0), q, w);
  r.lhs = (q - p).norm();
  r.rhs = T(0.99) * d0;
  r.observed = static_cast<double>(r.lhs / d0);
  r.note = std::string(kind_name(c.kind));
  return r;
}

// ---- Hypomonotonicity (10) ----
template <class T>
Inequality<T> hypomonotonicity(const SetCase& c, double eta_factor) {
  auto s = build_set<T>(c);
  // Whole S for the sliding sets (η is claimed for S) and the tangent-free
  // single constraints otherwise (η is known for each S_j).
  if (c.kind != SetCase::Kind::sliding) {
    ConstraintSet<T> one(c.dim);
    one.add(s[static_cast<int>(c.fraction * 1e6) % s.size()]);
    s = one;
  }
  const T eta = T(c.eta) * T(eta_factor);
  const Vec<T> q1 = perturbed<T>(c, c.direction, T(c.eta) / T(2));
  const Vec<T> q2 = perturbed<T>(c, c.direction2, T(c.eta) / T(2));
  Inequality<T> r;
  r.slack = slack_for(q1) + slack_for(q2);
  Vec<T> x, y;
  T d1, d2;
  r.in_region = reference(s, q1, x, d1) && reference(s, q2, y, d2);
  if (!r.in_region) return r;
  const Vec<T> v = q1 - x, w = q2 - y;  // proximal normals at x and y
  r.lhs = -(v - w).dot(x - y);
  r.rhs = (v.norm() + w.norm()) / (T(2) * eta) * (x - y).squaredNorm();
  r.in_region = r.lhs > r.slack;  // only the cases where convexity fails are informative
  // lhs/rhs = (the η this pair needs) / (the η claimed).
  if (r.rhs > T(0)) r.observed = static_cast<double>(r.lhs / r.rhs);
  r.note = std::string(kind_name(c.kind)) + ", eta used " + std::to_string(static_cast<double>(eta));
  return r;
}

// ---- Calmness, Lemma B.1 ----
template <class T>
Inequality<T> calmness(const SetCase& c, double alpha) {
  const auto s = build_set<T>(c);
  // Small overlaps: perturbations up to R/2 for disks, up to 1/2 for the tangent balls.
  const Vec<T> x = perturbed<T>(c, c.direction, T(c.eta) / T(2));
  Inequality<T> r;
  r.slack = slack_for(x);
  Vec<T> p;
  T dS;
  r.in_region = reference(s, x, p, dS, c.kind == SetCase::Kind::tangent) && dS > T(1e6) * r.slack;
  if (!r.in_region) return r;
  const T dmax = s.max_violation(T(0), x);
  r.lhs = T(alpha) * dS;
  r.rhs = dmax;
  r.observed = static_cast<double>(dmax / dS);
  r.note = std::string(kind_name(c.kind)) + ", alpha " + std::to_string(alpha);
  return r;
}

double lemma_b1_alpha(const SetCase& c) {
  const int n = c.kind == SetCase::Kind::disks ? c.disks.n : 2;
  return std::ldexp(1.0, -2 * (n - 1));
}

// ---- PBD stability (13), (14) ----
template <class T>
Inequality<T> pbd_stability(const SetCase& c, double h, const std::vector<double>& drift) {
  const auto s = build_set<T>(c);
  const int m = s.size();
  const T K(4), H(h);
  Vec<T> f = to_vec<T>(drift);
  f /= f.norm();  // M_f = 1
  const Vec<T> x = perturbed<T>(c, c.direction, K * H);  // x in S + B_{Kh}
  const Vec<T> a = to_vec<T>(c.anchor);                   // a in S
  Inequality<T> r;
  r.slack = slack_for(x);
  Work w;
  Vec<T> phi_x = x + H * f, phi_a = a + H * f;
  s.sweep(T(0), phi_x, w);
  s.sweep(T(0), phi_a, w);
  Vec<T> p;
  T d_phi;
  r.in_region = reference(s, phi_x, p, d_phi, c.kind == SetCase::Kind::tangent);
  if (!r.in_region) return r;
  using std::max;
  r.lhs = max(d_phi / (K * H), (phi_a - a).norm() / (T(std::ldexp(1.0, m)) * H));
  r.rhs = T(1);
  r.observed = static_cast<double>(d_phi / H);  // the K this case needs
  r.note = std::string(kind_name(c.kind)) + ", h=" + std::to_string(h);
  return r;
}

rc::Gen<double> step_size() {
  return rc::gen::map(rc::gen::inRange(0, 1001), [](int k) { return std::pow(10.0, -4 + 3 * k / 1000.0); });
}

}  // namespace

PropertyOutcome check_seed000_lemma_3_2(const PropertyConfig& cfg) {
  auto o = outcome("seed000-lemma-3.2", "seed 000, Lemma 3.2",
                   "d_S(q0) < 2^{1-m} eta => d_Sj(q_{j-1}) < eta, |q_j - q_{j-1}| <= 2^{j-1} d_S(q0), d_S(q_j) <= 2^j d_S(q0)",
                   false, "max ratio to the bounds", 1.0);
  run_property(o, cfg, calm_sets(), [](const SetCase& c, auto z) { return lemma_3_2<decltype(z)>(c, 0); });
  return o;
}

PropertyOutcome check_seed000_lemma_3_2_far(const PropertyConfig& cfg) {
  auto o = outcome("seed000-lemma-3.2-far", "seed 000, Lemma 3.2 (negative control: d_S(q0) ~ 3 eta)",
                   "the same bounds for points far from S", true, "max ratio to the bounds", 1.0);
  auto gen = rc::gen::map(sliding_sets(), [](SetCase c) {
    c.fraction = 1;  // exactly 3η away from the anchor
    return c;
  });
  run_property(o, cfg, gen, [](const SetCase& c, auto z) { return lemma_3_2<decltype(z)>(c, 3.0); });
  return o;
}

PropertyOutcome check_seed000_lemma_3_3(const PropertyConfig& cfg) {
  auto o = outcome("seed000-lemma-3.3", "seed 000, Lemma 3.3",
                   "|e_j|^2 <= (1 - |v_j|/eta)^{-1} (1 - |v_j|^2/|e_{j-1}|^2) |e_{j-1}|^2", false,
                   "max (|e_j|^2 - bound)/|e_{j-1}|^2 + 1", 1.0);
  run_property(o, cfg, calm_sets(), [](const SetCase& c, auto z) { return lemma_3_3<decltype(z)>(c, 1.0); });
  return o;
}

PropertyOutcome check_seed000_lemma_3_3_overclaimed_eta(const PropertyConfig& cfg) {
  auto o = outcome("seed000-lemma-3.3-overclaimed-eta", "seed 000, Lemma 3.3 (negative control: eta claimed 20x too large)",
                   "the same bound with a prox-regularity constant the sets do not have", true,
                   "max (|e_j|^2 - bound)/|e_{j-1}|^2 + 1", 1.0);
  run_property(o, cfg, rc::gen::oneOf(sliding_sets(), mixed_sets()),
               [](const SetCase& c, auto z) { return lemma_3_3<decltype(z)>(c, 20.0); });
  return o;
}

PropertyOutcome check_seed000_theorem_3_5(const PropertyConfig& cfg) {
  auto o = outcome("seed000-theorem-3.5", "seed 000, Theorem 3.5",
                   "|P^itr(q) - P_S(q)| <= L_P d_S(q), checked with L_P = 0.99 for d_S(q) < 2^{-m} eta / 4", false,
                   "L_P (observed: largest ratio)", 0.99);
  run_property(o, cfg, calm_sets(), [](const SetCase& c, auto z) { return theorem_3_5<decltype(z)>(c); });
  return o;
}

PropertyOutcome check_seed000_theorem_3_5_tangent(const PropertyConfig& cfg) {
  auto o = outcome("seed000-theorem-3.5-tangent", "seed 000, Theorem 3.5 (negative control: tangent balls, not calm)",
                   "the same contraction for S = two balls touching at one point", true, "L_P (observed: largest ratio)",
                   0.99);
  run_property(o, cfg, tangent_balls(), [](const SetCase& c, auto z) { return theorem_3_5<decltype(z)>(c); });
  return o;
}

PropertyOutcome check_seed000_hypomonotonicity(const PropertyConfig& cfg) {
  auto o = outcome("seed000-hypomonotonicity-10", "seed 000, (10)",
                   "-<v - w, x - y> <= (|v| + |w|)/(2 eta) |x - y|^2 for proximal normals", false,
                   "largest eta needed / eta claimed", 1.0);
  run_property(o, cfg, calm_sets(), [](const SetCase& c, auto z) { return hypomonotonicity<decltype(z)>(c, 1.0); });
  return o;
}

PropertyOutcome check_seed000_hypomonotonicity_overclaimed_eta(const PropertyConfig& cfg) {
  auto o = outcome("seed000-hypomonotonicity-10-overclaimed-eta", "seed 000, (10) (negative control: eta claimed 20x too large)",
                   "(10) with a prox-regularity constant the sets do not have", true, "largest eta needed / eta claimed", 1.0);
  run_property(o, cfg, rc::gen::oneOf(sliding_sets(), mixed_sets()),
               [](const SetCase& c, auto z) { return hypomonotonicity<decltype(z)>(c, 20.0); });
  return o;
}

PropertyOutcome check_seed000_calmness_lemma_b1(const PropertyConfig& cfg) {
  auto o = outcome("seed000-calmness-lemma-B.1", "seed 000, (H6) and Lemma B.1",
                   "max_ij d_Sij(x) >= alpha d_S(x), alpha = 2^{-2(n-1)}, disks with small overlaps", false,
                   "smallest max_j d_Sj / d_S (lemma: 2^{-2(n-1)} >= 1/64)", 1.0 / 64);
  run_property(
      o, cfg, disk_sets(), [](const SetCase& c, auto z) { return calmness<decltype(z)>(c, lemma_b1_alpha(c)); },
      Extreme::min);
  return o;
}

PropertyOutcome check_seed000_calmness_tangent(const PropertyConfig& cfg) {
  auto o = outcome("seed000-calmness-tangent", "seed 000, (H6) (negative control: tangent balls)",
                   "max_j d_Sj(x) >= alpha d_S(x) with alpha = 1/4 for two tangent balls", true,
                   "smallest max_j d_Sj / d_S", 0.25);
  run_property(
      o, cfg, tangent_balls(), [](const SetCase& c, auto z) { return calmness<decltype(z)>(c, 0.25); }, Extreme::min);
  return o;
}

PropertyOutcome check_seed000_pbd_stability(const PropertyConfig& cfg) {
  auto o = outcome("seed000-pbd-stability-13-14", "seed 000, (13) and (14) for PBD",
                   "d_S(Phi_h(x)) < K h on S + B_{Kh} (K = 4 M_f) and |Phi_h(a) - a| <= 2^m M_f h on S", false,
                   "largest d_S(Phi_h(x))/h (the K needed)", 4.0);
  auto gen = rc::gen::tuple(calm_sets(), step_size());
  run_property(o, cfg, gen, [](const std::tuple<SetCase, double>& c, auto z) {
    const auto& s = std::get<0>(c);
    return pbd_stability<decltype(z)>(s, std::get<1>(c), s.direction2);
  });
  return o;
}

PropertyOutcome check_seed000_pbd_stability_tangent(const PropertyConfig& cfg) {
  auto o = outcome("seed000-pbd-stability-tangent", "seed 000, (13) (negative control: tangent balls, drift away from S)",
                   "the same bounds where the intersection is not calm", true, "largest d_S(Phi_h(x))/h", 4.0);
  auto gen = rc::gen::tuple(tangent_balls(), step_size());
  run_property(o, cfg, gen, [](const std::tuple<SetCase, double>& c, auto z) {
    const auto& s = std::get<0>(c);
    return pbd_stability<decltype(z)>(s, std::get<1>(c), s.direction);  // drift along the perturbation: away from S
  });
  return o;
}

}  // namespace sweepcheck
