#include "properties/seed001_properties.hpp"

#include <cmath>

#include "properties/disk_configurations.hpp"
#include "properties/property_runner.hpp"
#include "sweepcheck/solvers/projection/least_distance.hpp"

namespace sweepcheck {

namespace {

// Radius and the half-width r0 of the smooth region U (A0): U_ij = {|X_i − X_j| > r0}.
constexpr double kRadius = 0.2;
constexpr double kR0 = kRadius;

struct LinearisedCase {
  DiskConfiguration q;            // a feasible configuration
  std::vector<double> offset;     // q̃ = q + offset
};

std::ostream& operator<<(std::ostream& os, const LinearisedCase& c) {
  os << "q: " << c.q << "; q~ - q:";
  for (double v : c.offset) os << ' ' << v;
  return os;
}

template <class T>
Vec<T> cast(const std::vector<double>& v) {
  Vec<T> out(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) out[static_cast<Eigen::Index>(i)] = T(v[i]);
  return out;
}

// Distance from the origin to the segment [a, b] in the plane.
template <class T>
T origin_to_segment(const Vec<T>& a, const Vec<T>& b) {
  using std::max;
  using std::min;
  const Vec<T> d = b - a;
  const T dd = d.squaredNorm();
  T s = dd > T(0) ? -a.dot(d) / dd : T(0);
  s = max(T(0), min(T(1), s));
  return (a + s * d).norm();
}

// Rows of the linearisation of all pair constraints at qt: G y >= rhs.
template <class T>
void linearise(const Vec<T>& qt, int n, T r, Mat<T>& G, Vec<T>& rhs) {
  const int m = n * (n - 1) / 2;
  G = Mat<T>::Zero(m, 2 * n);
  rhs = Vec<T>::Zero(m);
  int row = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j, ++row) {
      const Vec<T> z = qt.segment(2 * i, 2) - qt.segment(2 * j, 2);
      const T dist = z.norm();
      const Vec<T> u = z / dist;
      G.block(row, 2 * i, 1, 2) = u.transpose();
      G.block(row, 2 * j, 1, 2) = -u.transpose();
      // g(qt) + <∇g, y − qt> >= 0  <=>  <∇g, y> >= <∇g, qt> − g(qt)
      rhs[row] = G.row(row).dot(qt) - (dist - T(2) * r);
    }
}

template <class T>
T distance_to_half_space(const Mat<T>& G, const Vec<T>& rhs, int row, const Vec<T>& y) {
  using std::max;
  return max(T(0), rhs[row] - G.row(row).dot(y)) / G.row(row).norm();
}

template <class T>
T scale_slack(const Vec<T>& q) {
  return T(256) * epsilon<T>() * (T(1) + q.norm());
}

rc::Gen<LinearisedCase> near_cases(double max_offset) {
  return rc::gen::exec([max_offset] {
    LinearisedCase c;
    c.q = *feasible_disks(6, kRadius);
    const double scale = max_offset * *rc::gen::inRange(1, 1001) / 1000.0;
    c.offset = *perturbation(2 * c.q.n, scale);
    return c;
  });
}

}  // namespace

PropertyOutcome check_seed001_prop_3_6(const PropertyConfig& cfg) {
  PropertyOutcome out;
  out.id = "seed001-prop-3.6";
  out.source = "seed 001, Proposition 3.6";
  out.statement = "d_{Q~_i(q~)}(q) <= M/(2 alpha) |q - q~|^2 for q in Q, [q~, q] in U_i";
  out.constant_name = "M/(2 alpha)";
  const double M = 2 / kR0, alpha = std::sqrt(2.0);
  out.theoretical_constant = M / (2 * alpha);
  run_property(out, cfg, near_cases(0.6 * kRadius), [&](const LinearisedCase& c, auto zero) {
    using T = decltype(zero);
    const int n = c.q.n;
    const Vec<T> q = cast<T>(c.q.x);
    const Vec<T> qt = q + cast<T>(c.offset);
    Inequality<T> r;
    r.slack = scale_slack(q);
    for (int i = 0; i < n && r.in_region; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Vec<T> z = q.segment(2 * i, 2) - q.segment(2 * j, 2);
        const Vec<T> zt = qt.segment(2 * i, 2) - qt.segment(2 * j, 2);
        if (origin_to_segment<T>(zt, z) <= T(kR0)) r.in_region = false;
      }
    if (!r.in_region) return r;
    Mat<T> G;
    Vec<T> rhs;
    linearise<T>(qt, n, T(kRadius), G, rhs);
    for (int row = 0; row < G.rows(); ++row) r.lhs = std::max(r.lhs, distance_to_half_space<T>(G, rhs, row, q));
    const T dq2 = (q - qt).squaredNorm();
    r.rhs = T(out.theoretical_constant) * dq2;
    r.in_region = r.lhs > T(0);  // q outside some Q̃_i: the bound is not vacuous
    if (dq2 > T(0)) r.observed = static_cast<double>(r.lhs / dq2);
    r.note = "n=" + std::to_string(n);
    return r;
  });
  return out;
}

PropertyOutcome check_seed001_prop_3_6_outside_u(const PropertyConfig& cfg) {
  PropertyOutcome out;
  out.id = "seed001-prop-3.6-outside-U";
  out.source = "seed 001, Proposition 3.6 (negative control: q~ outside U)";
  out.statement = "same bound with q~ placing two disks almost on top of each other";
  out.negative_control = true;
  out.constant_name = "M/(2 alpha)";
  const double M = 2 / kR0, alpha = std::sqrt(2.0);
  out.theoretical_constant = M / (2 * alpha);
  auto gen = rc::gen::exec([] {
    LinearisedCase c;
    c.q = *feasible_disks(4, kRadius);
    // Move disks 0 and 1 onto their midpoint, up to a small random offset:
    // the segment [q~, q] crosses |X_0 − X_1| < r0, where the curvature of
    // g_01 is unbounded. The bound fails whenever the linearisation's
    // direction at q~ points against X_0 − X_1 (about half the cases).
    c.offset.assign(c.q.x.size(), 0.0);
    const auto jitter = *perturbation(2, 0.05 * kRadius);
    for (int a = 0; a < 2; ++a) {
      const double mid = (c.q.x[static_cast<std::size_t>(a)] + c.q.x[static_cast<std::size_t>(2 + a)]) / 2;
      c.offset[static_cast<std::size_t>(a)] = mid - c.q.x[static_cast<std::size_t>(a)] + jitter[static_cast<std::size_t>(a)] / 2;
      c.offset[static_cast<std::size_t>(2 + a)] = mid - c.q.x[static_cast<std::size_t>(2 + a)] - jitter[static_cast<std::size_t>(a)] / 2;
    }
    return c;
  });
  run_property(out, cfg, gen, [&](const LinearisedCase& c, auto zero) {
    using T = decltype(zero);
    const Vec<T> q = cast<T>(c.q.x);
    const Vec<T> qt = q + cast<T>(c.offset);
    Inequality<T> r;
    r.slack = scale_slack(q);
    Mat<T> G;
    Vec<T> rhs;
    linearise<T>(qt, c.q.n, T(kRadius), G, rhs);
    r.lhs = distance_to_half_space<T>(G, rhs, 0, q);  // the pair (0, 1)
    r.rhs = T(out.theoretical_constant) * (q - qt).squaredNorm();
    r.note = "pair (0,1) linearised at near-coincident centres";
    return r;
  });
  return out;
}

namespace {

// γ of (A5) at qt over the ρ-active rows: 1 / dist(0, conv{u_i}) with u_i the
// unit gradients, computed as |x*| for x* = argmin{|x| : <u_i, x> >= 1}
// (by duality, max_{|d|<=1} min_i <d, u_i> = 1/|x*|). Infinite when 0 is in
// the hull (the constraints are positively dependent).
template <class T>
T local_gamma(const Mat<T>& G, const std::vector<int>& rows) {
  if (rows.empty()) return T(1);
  Mat<T> U(static_cast<Eigen::Index>(rows.size()), G.cols());
  for (std::size_t k = 0; k < rows.size(); ++k) U.row(static_cast<Eigen::Index>(k)) = G.row(rows[k]) / G.row(rows[k]).norm();
  const Vec<T> ones = Vec<T>::Ones(static_cast<Eigen::Index>(rows.size()));
  const auto p = project_onto_polyhedron<T>(U, ones, Vec<T>::Zero(G.cols()));
  if (!p.feasible) return std::numeric_limits<T>::infinity();
  using std::max;
  return max(T(1), p.distance);
}

struct QualifiedCase {
  Vec<double> qt;       // linearisation point
  Vec<double> q;        // test point
  Mat<double> G;        // rows of Q̃(q̃)
  Vec<double> rhs;
  double gamma;         // (A5) constant used for Θ
  double r;             // radius r of the theorem
};

}  // namespace

PropertyOutcome check_seed001_theorem_4_9(const PropertyConfig& cfg) {
  PropertyOutcome out;
  out.id = "seed001-theorem-4.9";
  out.source = "seed 001, Theorem 4.9";
  out.statement = "d_{Q~(q~)}(q) <= Theta sum_i d_{Q~_i(q~)}(q), Theta = 2 gamma beta / alpha";
  out.constant_name = "Theta / (2 gamma) (= beta/alpha = 1)";
  out.theoretical_constant = 1.0;
  const double alpha = std::sqrt(2.0), beta = std::sqrt(2.0), M = 2 / kR0, rho = kRadius;
  auto gen = rc::gen::exec([&] {
    LinearisedCase c;
    c.q = *feasible_disks(6, kRadius);
    // q̃ near Q: a small offset from the feasible configuration; q near q̃.
    c.offset = *perturbation(2 * c.q.n, 0.02 * kRadius * *rc::gen::inRange(1, 101) / 100.0);
    return std::make_pair(c, *perturbation(2 * c.q.n, 1.0));
  });
  run_property(
      out, cfg, gen,
      [&](const std::pair<LinearisedCase, std::vector<double>>& pc, auto zero) {
        using T = decltype(zero);
        const LinearisedCase& c = pc.first;
        const int n = c.q.n;
        const Vec<T> qt = cast<T>(c.q.x) + cast<T>(c.offset);
        Inequality<T> res;
        Mat<T> G;
        Vec<T> rhs;
        linearise<T>(qt, n, T(kRadius), G, rhs);
        std::vector<int> active;
        for (int row = 0; row < G.rows(); ++row) {
          const T g = G.row(row).dot(qt) - rhs[row];  // = g_i(q̃)
          if (g <= T(rho)) active.push_back(row);
        }
        const T gamma = local_gamma<T>(G, active);
        using std::min;
        const T r = min(T(4 * rho) / (T(13) * T(beta)), T(alpha) / (T(2) * T(M) * gamma));
        const T theta = T(2) * gamma * T(beta) / T(alpha);
        // q = q̃ + w with |w| <= r/4 (w scaled from the unit-box sample).
        Vec<T> w = cast<T>(pc.second);
        const T wn = w.norm();
        if (wn > T(0)) w *= (r / T(4)) * T(std::min(1.0, static_cast<double>(wn) / std::sqrt(double(2 * n)))) / wn;
        const Vec<T> q = qt + w;
        const auto self = project_onto_polyhedron<T>(G, rhs, qt);
        const auto proj = project_onto_polyhedron<T>(G, rhs, q);
        res.in_region = self.feasible && proj.feasible && self.distance <= r / T(4);
        if (!res.in_region) return res;
        T sum(0);
        for (int row = 0; row < G.rows(); ++row) sum += distance_to_half_space<T>(G, rhs, row, q);
        res.lhs = proj.distance;
        res.rhs = theta * sum;
        res.slack = scale_slack(q);
        res.in_region = res.lhs > res.slack;  // q outside Q̃: not vacuous
        if (sum > T(0)) res.observed = static_cast<double>(res.lhs / sum / (T(2) * gamma));
        res.note = "n=" + std::to_string(n) + " gamma=" + std::to_string(static_cast<double>(gamma));
        return res;
      },
      Extreme::max);
  return out;
}

PropertyOutcome check_seed001_theorem_4_9_unqualified(const PropertyConfig& cfg) {
  PropertyOutcome out;
  out.id = "seed001-theorem-4.9-unqualified";
  out.source = "seed 001, Theorem 4.9 (negative control: (A5) fails for the claimed gamma)";
  out.statement = "two half-planes with nearly opposite normals, Theta from gamma = 2";
  out.negative_control = true;
  out.constant_name = "Theta";
  out.theoretical_constant = 2 * 2.0;
  auto gen = rc::gen::exec([] {
    // Opening angle δ of the wedge {<a1, y> >= 0} ∩ {<a2, y> >= 0}, normals at π − δ.
    const double delta = 0.2 * *rc::gen::inRange(1, 1001) / 1000.0;
    const double t = *rc::gen::inRange(1, 1001) / 1000.0;  // point beyond the apex
    return std::make_pair(delta, t);
  });
  run_property(out, cfg, gen, [&](const std::pair<double, double>& c, auto zero) {
    using T = decltype(zero);
    using std::cos;
    using std::sin;
    const T half = (T(3.141592653589793238462643383279502884197) - T(c.first)) / T(2);
    Mat<T> G(2, 2);
    // Normals at angle π − δ: the feasible wedge opens by δ around +x.
    G << cos(half), sin(half), cos(half), -sin(half);
    const Vec<T> rhs = Vec<T>::Zero(2);
    Vec<T> q(2);
    q << -T(c.second), T(0);  // on the wedge's axis, behind the apex
    Inequality<T> res;
    const auto proj = project_onto_polyhedron<T>(G, rhs, q);
    T sum(0);
    for (int row = 0; row < 2; ++row) sum += distance_to_half_space<T>(G, rhs, row, q);
    res.lhs = proj.distance;
    res.rhs = T(out.theoretical_constant) * sum;
    res.slack = scale_slack(q);
    res.note = "wedge opening " + std::to_string(c.first);
    return res;
  });
  return out;
}

}  // namespace sweepcheck
