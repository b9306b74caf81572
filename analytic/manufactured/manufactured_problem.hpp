#pragma once
// A manufactured sweeping process: the Problem of a Schedule (schedule.hpp),
// with its exact solution. manufactured.md beside this file derives it:
// with the normal cone of S = {g_j >= 0} at x, N(S, x) = {−Σ λ_j ∇g_j :
// λ_j >= 0, λ_j g_j = 0}, the inclusion x' ∈ f(t, x) − N(S(t), x) reads
// x' = f(t, x) + Σ λ_j ∇g_j(t, x), so
//
//     f(t, x) = x*'(t) − Σ_j μ_j(t) ∇g_j(t, x*(t)) + A (x − x*(t))
//
// makes x* a solution with λ = μ (and the only one: S(t) is prox-regular
// and moves Lipschitz, f is Lipschitz in x). manufactured_problem_test.cpp
// checks it against the inclusion itself (analytic/inclusion_residual.hpp).
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "sweepcheck/analytic/manufactured/gap_profile.hpp"
#include "sweepcheck/analytic/manufactured/schedule.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck::manufactured {

// One event of x*: a landing (the velocity jumps) or a lift-off (it does not).
struct Event {
  double t;
  int constraint;
  bool landing;
};

template <class T>
class ManufacturedProblem {
 public:
  using Scalar = T;

  // Validates the schedule (std::invalid_argument naming every broken rule)
  // and checks that no two bodies of different pairs ever overlap
  // (check_lanes with `lane_samples` times; 0 skips it).
  explicit ManufacturedProblem(Schedule s, int lane_samples = 2001);

  int dim() const { return n_; }
  std::string name() const { return "manufactured"; }
  const Schedule& schedule() const { return s_; }
  const ConstraintSet<T>& constraints() const { return set_; }
  Vec<T> x0() const { return exact(T(0)); }
  T t0() const { return T(0); }
  T t_end() const { return T(s_.t_end); }

  // x*(t) and its (right) derivative x*'(t).
  // exact() leaves the velocity out (its rates are half the trigonometry of
  // state(), and the error observers ask for x*(t) at 8 points a step); x* is
  // the same either way, operation for operation.
  Vec<T> exact(const T& t) const {
    Vec<T> x(n_);
    state(t, x, nullptr);
    return x;
  }
  Vec<T> velocity(const T& t) const {
    Vec<T> x(n_), v(n_);
    state(t, x, &v);
    return v;
  }
  // Both at once (f needs both): x is exact(t), bit for bit.
  void exact_and_velocity(const T& t, Vec<T>& x, Vec<T>& v) const { state(t, x, &v); }
  // μ_j(t) for every constraint (0 for the pairs' lane constraints), right values at a landing.
  Vec<T> multipliers(const T& t) const {
    Vec<T> mu = Vec<T>::Zero(set_.size());
    for (const auto& o : owned_) mu[o.constraint] = gap_at(gap_of(o), t, s_.t_end, o.grad_norm2).mu;
    return mu;
  }
  // γ_j(t) = g_j(t, x*(t)) by the closed form, for every constraint that has a schedule (−1 elsewhere).
  Vec<T> gaps(const T& t) const {
    Vec<T> g = Vec<T>::Constant(set_.size(), T(-1));
    for (const auto& o : owned_) g[o.constraint] = gap_at(gap_of(o), t, s_.t_end, o.grad_norm2).gap;
    return g;
  }

  // f(t, x) = x*'(t) − Σ_j μ_j(t) ∇g_j(t, x*(t)) + A (x − x*(t)).
  Vec<T> f(const T& t, const Vec<T>& x) const {
    Vec<T> xs(n_), f(n_);
    state(t, xs, &f);
    Vec<T> g;
    for (const auto& o : owned_) {
      const T mu = gap_at(gap_of(o), t, s_.t_end, o.grad_norm2).mu;
      if (mu == T(0)) continue;
      gradient(set_[o.constraint], t, xs, g);
      f -= mu * g;
    }
    f += apply_A(Vec<T>(x - xs));
    return f;
  }

  // A d (schedule.hpp, Coupling).
  Vec<T> apply_A(const Vec<T>& d) const {
    Vec<T> out = T(s_.A.diagonal) * d;
    if (s_.A.rotation != 0)
      for (int i = 0; i + 1 < n_; i += 2) {
        out[i] -= T(s_.A.rotation) * d[i + 1];
        out[i + 1] += T(s_.A.rotation) * d[i];
      }
    if (s_.A.coupling != 0)
      for (int i = 0; i < n_; ++i) out[i] += T(s_.A.coupling) * d[(i + s_.body_dim) % n_];
    return out;
  }
  // |diagonal| + |rotation| + |coupling|: a bound of A's norm, f's Lipschitz constant in x.
  double lipschitz() const { return std::abs(s_.A.diagonal) + std::abs(s_.A.rotation) + std::abs(s_.A.coupling); }

  // The landings and lift-offs of every constraint, in time order.
  std::vector<Event> events() const {
    std::vector<Event> out;
    for (const auto& o : owned_)
      for (const auto& [a, b] : gap_of(o).contacts) {
        if (a > 0) out.push_back({a, o.constraint, true});
        if (b < s_.t_end) out.push_back({b, o.constraint, false});
      }
    std::sort(out.begin(), out.end(), [](const Event& x, const Event& y) { return x.t < y.t; });
    return out;
  }
  // The constraints a schedule holds (walls, pairs, obstacle), in the set's
  // order; the lane constraints between pairs follow them.
  int scheduled_constraints() const { return int(owned_.size()); }
  // The largest speed of the moving walls and obstacle (0: every set static).
  double set_speed() const { return set_speed_; }

  // The lane constraints (bodies of different pairs) at `samples` times:
  // each must keep a gap of at least a quarter of the smaller radius,
  // a margin that sampling cannot miss at the speeds a schedule has
  // (manufactured.md, "Lanes"). One sentence per constraint that does not.
  std::vector<std::string> check_lanes(int samples) const;

 private:
  // A scheduled constraint: its index in the set, where its Gap is in the
  // schedule (component, wall; indices, so a copied problem stays valid).
  struct Owned {
    int constraint;
    std::size_t component;
    std::size_t wall;
    double grad_norm2;
  };
  const Gap& gap_of(const Owned& o) const {
    const auto& c = s_.components[o.component];
    if (const auto* w = std::get_if<WallsComponent>(&c)) return w->walls[o.wall].gap;
    if (const auto* p = std::get_if<PairComponent>(&c)) return p->gap;
    return std::get<ObstacleComponent>(c).gap;
  }
  struct WallsData {
    int offset;                  // first coordinate of the body
    std::vector<Vec<double>> n;  // orthonormal normals
    Mat<double> q;               // body_dim x (body_dim − K) orthonormal complement
  };
  struct PairData {
    int offset;
    Vec<double> p, q;
  };

  static std::string fmt_lane(int i, int j, double g, double t, double margin) {
    char b[256];
    std::snprintf(b, sizeof b,
                  "bodies %d and %d (of different pairs) come within %.3g of touching at t = %.6g; lanes must keep "
                  "them %.3g apart (move the pairs' centres apart)",
                  i, j, g, t, margin);
    return b;
  }

  // Orthonormal p, q (Gram–Schmidt of the schedule's, which are within 1e-9).
  PairData pq(int offset, const std::vector<double>& p, const std::vector<double>& q) const {
    PairData d{offset, Vec<double>::Map(p.data(), Eigen::Index(p.size())), Vec<double>()};
    d.p.normalize();
    if (s_.body_dim >= 2) {
      d.q = Vec<double>::Map(q.data(), Eigen::Index(q.size()));
      d.q -= d.q.dot(d.p) * d.p;
      d.q.normalize();
    } else {
      d.q = Vec<double>::Zero(1);
    }
    return d;
  }

  Vec<T> embed(int offset, const Vec<double>& v) const {
    Vec<T> out = Vec<T>::Zero(n_);
    for (Eigen::Index i = 0; i < v.size(); ++i) out[offset + i] = T(v[i]);
    return out;
  }

  void build();

  // u(θ) = cos θ p + sin θ q and u' = θ' (−sin θ p + cos θ q) (u = p when body_dim = 1).
  // du: null when only u is wanted.
  void direction(const PairData& d, const Path& angle, const T& t, Vec<T>& u, Vec<T>* du) const {
    using std::cos;
    using std::sin;
    const int D = s_.body_dim;
    u.resize(D);
    if (du) du->resize(D);
    if (D == 1) {
      u[0] = T(d.p[0]);
      if (du) (*du)[0] = T(0);
      return;
    }
    const T th = path_value(angle, t);
    const T c = cos(th), s = sin(th);
    for (int i = 0; i < D; ++i) u[i] = c * T(d.p[i]) + s * T(d.q[i]);
    if (!du) return;
    const T w = path_rate(angle, t);
    for (int i = 0; i < D; ++i) (*du)[i] = w * (-s * T(d.p[i]) + c * T(d.q[i]));
  }

  // x*(t) and, unless v is null, x*'(t) (manufactured.md, "The exact solution").
  void state(const T& t, Vec<T>& x, Vec<T>* v) const {
    using std::cos;
    using std::sin;
    const int D = s_.body_dim;
    x.setZero(n_);
    if (v) v->setZero(n_);
    std::size_t iw = 0, ip = 0;
    int body = 0;
    Vec<T> u, du;
    Vec<T>* const dup = v ? &du : nullptr;
    for (const auto& c : s_.components) {
      const int off = body * D;
      if (const auto* w = std::get_if<WallsComponent>(&c)) {
        const WallsData& d = walls_[iw++];
        for (std::size_t k = 0; k < w->walls.size(); ++k) {
          const Wall& wall = w->walls[k];
          const GapAt<T> g = gap_at(wall.gap, t, s_.t_end, 1.0);
          const T wt = T(wall.omega) * t;
          const T b = T(wall.offset) + T(wall.drift) * t + (wall.amplitude != 0 ? T(T(wall.amplitude) * sin(wt)) : T(0));
          for (int i = 0; i < D; ++i) x[off + i] += T(d.n[k][i]) * (b + g.gap);
          if (!v) continue;
          const T db = T(wall.drift) + (wall.amplitude != 0 ? T(T(wall.amplitude) * T(wall.omega) * cos(wt)) : T(0));
          for (int i = 0; i < D; ++i) (*v)[off + i] += T(d.n[k][i]) * (db + g.rate);
        }
        for (Eigen::Index k = 0; k < d.q.cols(); ++k) {
          const T tau = path_value(w->tangential[std::size_t(k)], t);
          for (int i = 0; i < D; ++i) x[off + i] += T(d.q(i, k)) * tau;
          if (!v) continue;
          const T dtau = path_rate(w->tangential[std::size_t(k)], t);
          for (int i = 0; i < D; ++i) (*v)[off + i] += T(d.q(i, k)) * dtau;
        }
      } else if (const auto* p = std::get_if<PairComponent>(&c)) {
        const PairData& d = pairs_[ip++];
        direction(d, p->angle, t, u, dup);
        const GapAt<T> g = gap_at(p->gap, t, s_.t_end, 2.0);
        const T r = T(p->radius) + g.gap / T(2), dr = g.rate / T(2);
        for (int i = 0; i < D; ++i) {
          const T C = path_value(p->centre[std::size_t(i)], t);
          x[off + i] = C + r * u[i];
          x[off + D + i] = C - r * u[i];
          if (!v) continue;
          const T dC = path_rate(p->centre[std::size_t(i)], t);
          (*v)[off + i] = dC + dr * u[i] + r * du[i];
          (*v)[off + D + i] = dC - dr * u[i] - r * du[i];
        }
      } else if (const auto* o = std::get_if<ObstacleComponent>(&c)) {
        direction(obstacle_, o->angle, t, u, dup);
        const GapAt<T> g = gap_at(o->gap, t, s_.t_end, 1.0);
        const T r = T(o->radius) + g.gap;
        for (int i = 0; i < D; ++i) {
          const T drift = o->drift.empty() ? T(0) : T(o->drift[std::size_t(i)]);
          x[i] = T(o->centre[std::size_t(i)]) + drift * t + r * u[i];
          if (v) (*v)[i] = drift + g.rate * u[i] + r * du[i];
        }
      }
      body += bodies(c);
    }
  }

  Schedule s_;
  int n_ = 0;
  ConstraintSet<T> set_;
  std::vector<Owned> owned_;
  std::vector<WallsData> walls_;
  std::vector<PairData> pairs_;
  PairData obstacle_{0, Vec<double>(), Vec<double>()};
  std::vector<double> radius_of_body_;
  double set_speed_ = 0;
};

template <class T>
ManufacturedProblem<T>::ManufacturedProblem(Schedule s, int lane_samples) : s_(std::move(s)), set_(1) {
  validate(s_);
  n_ = dimension(s_);
  set_ = ConstraintSet<T>(n_);
  build();
  if (lane_samples > 0) {
    const auto v = check_lanes(lane_samples);
    if (!v.empty()) {
      std::string text = "manufactured schedule '" + s_.name + "' is invalid:";
      for (const auto& line : v) text += "\n  " + line;
      throw std::invalid_argument(text);
    }
  }
}

template <class T>
std::vector<std::string> ManufacturedProblem<T>::check_lanes(int samples) const {
  std::vector<std::string> out;
  if (int(owned_.size()) == set_.size()) return out;
  std::vector<double> worst(std::size_t(set_.size()), 1e300);
  std::vector<double> when(std::size_t(set_.size()), 0);
  for (int k = 0; k < samples; ++k) {
    const double t = s_.t_end * double(k) / double(std::max(1, samples - 1));
    const Vec<T> x = exact(T(t));
    for (int j = int(owned_.size()); j < set_.size(); ++j) {
      const double g = double(value(set_[j], T(t), x));
      if (g < worst[std::size_t(j)]) worst[std::size_t(j)] = g, when[std::size_t(j)] = t;
    }
  }
  for (int j = int(owned_.size()); j < set_.size(); ++j) {
    const auto& c = std::get<PairNonOverlap<T>>(set_[j]);
    const double margin = 0.25 * std::min(radius_of_body_[std::size_t(c.i)], radius_of_body_[std::size_t(c.j)]);
    if (worst[std::size_t(j)] < margin && out.size() < 8)
      out.push_back(fmt_lane(c.i, c.j, worst[std::size_t(j)], when[std::size_t(j)], margin));
  }
  return out;
}

template <class T>
void ManufacturedProblem<T>::build() {
  const int D = s_.body_dim;
  int body = 0;
  std::vector<int> pair_bodies;
  for (std::size_t ci = 0; ci < s_.components.size(); ++ci) {
    const Component& c = s_.components[ci];
    const int offset = body * D;
    if (const auto* w = std::get_if<WallsComponent>(&c)) {
      WallsData d{offset, {}, Mat<double>()};
      Mat<double> N(D, Eigen::Index(w->walls.size()));
      for (std::size_t k = 0; k < w->walls.size(); ++k) {
        Vec<double> n = Vec<double>::Map(w->walls[k].normal.data(), D);
        for (const auto& m : d.n) n -= n.dot(m) * m;  // orthonormal to round-off
        n.normalize();
        d.n.push_back(n);
        N.col(Eigen::Index(k)) = n;
      }
      // The complement: the last D − K columns of a full Q of N.
      const Mat<double> Q = Eigen::HouseholderQR<Mat<double>>(N).householderQ() * Mat<double>::Identity(D, D);
      d.q = Q.rightCols(D - Eigen::Index(w->walls.size()));
      for (std::size_t k = 0; k < w->walls.size(); ++k) {
        const Wall& wall = w->walls[k];
        const Vec<T> nf = embed(offset, d.n[k]);
        Translation<T> m;
        if (wall.drift != 0) m.velocity = T(wall.drift) * nf;
        if (wall.amplitude != 0) {
          m.amplitude = T(wall.amplitude) * nf;
          m.omega = T(wall.omega);
        }
        set_speed_ = std::max(set_speed_, std::abs(wall.drift) + std::abs(wall.amplitude * wall.omega));
        owned_.push_back({set_.size(), ci, k, 1.0});
        set_.add(HalfSpace<T>(nf, T(wall.offset), m));
      }
      walls_.push_back(std::move(d));
      radius_of_body_.push_back(0);
    } else if (const auto* p = std::get_if<PairComponent>(&c)) {
      pairs_.push_back(pq(offset, p->p, p->q));
      owned_.push_back({set_.size(), ci, 0, 2.0});
      set_.add(PairNonOverlap<T>(body, body + 1, D, T(2 * p->radius)));
      pair_bodies.push_back(body);
      pair_bodies.push_back(body + 1);
      radius_of_body_.push_back(p->radius);
      radius_of_body_.push_back(p->radius);
    } else if (const auto* o = std::get_if<ObstacleComponent>(&c)) {
      obstacle_ = pq(offset, o->p, o->q);
      Translation<T> m;
      if (!o->drift.empty()) {
        m.velocity = Vec<T>(n_);
        for (int i = 0; i < D; ++i) m.velocity[i] = T(o->drift[std::size_t(i)]);
        double v2 = 0;
        for (double v : o->drift) v2 += v * v;
        set_speed_ = std::sqrt(v2);
        if (v2 == 0) m.velocity = Vec<T>();
      }
      Vec<T> centre(n_);
      for (int i = 0; i < D; ++i) centre[i] = T(o->centre[std::size_t(i)]);
      owned_.push_back({set_.size(), ci, 0, 1.0});
      set_.add(BallComplement<T>(centre, T(o->radius), m));
      radius_of_body_.push_back(0);
    }
    body += bodies(c);
  }
  // Every two bodies of different pairs: kept apart by their lanes.
  for (std::size_t a = 0; a < pair_bodies.size(); ++a)
    for (std::size_t b = a + 1; b < pair_bodies.size(); ++b) {
      const int i = pair_bodies[a], j = pair_bodies[b];
      if (a / 2 == b / 2) continue;  // partners
      set_.add(PairNonOverlap<T>(i, j, D, T(radius_of_body_[std::size_t(i)] + radius_of_body_[std::size_t(j)])));
    }
}

// Build time (issue 58): the construction (the walls' orthonormal bases by
// Eigen's QR, the set, the lanes' check) was compiled again in every unit that
// makes a problem (3 s of clang's front end in each of five); it is compiled
// once, in this room's library (manufactured_instances.cpp), for double. The
// members a run calls (f, exact, the set) stay inline.
extern template ManufacturedProblem<double>::ManufacturedProblem(Schedule, int);
extern template std::vector<std::string> ManufacturedProblem<double>::check_lanes(int) const;

}  // namespace sweepcheck::manufactured
