#include "properties/set_families.hpp"

#include <cmath>

#include "properties/disk_configurations.hpp"
#include "sweepcheck/solvers/projection/reference_projector.hpp"

namespace sweepcheck {

namespace {

rc::Gen<double> uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 100001), [lo, hi](int k) { return lo + (hi - lo) * k / 1e5; });
}

std::vector<double> random_vector(int n) { return *perturbation(n, 1.0); }

// Non-zero direction.
std::vector<double> direction(int n) {
  auto v = random_vector(n);
  double s = 0;
  for (double x : v) s += x * x;
  if (s < 1e-6) v[0] = 1;
  return v;
}

}  // namespace

int SetCase::constraints() const {
  switch (kind) {
    case Kind::sliding: return d - 1;
    case Kind::mixed: return static_cast<int>(hs_offset.size() + bc_radius.size());
    case Kind::disks: return disks.n * (disks.n - 1) / 2;
    case Kind::tangent: return 2;
  }
  return 0;
}

const char* kind_name(SetCase::Kind k) {
  switch (k) {
    case SetCase::Kind::sliding: return "sliding";
    case SetCase::Kind::mixed: return "mixed";
    case SetCase::Kind::disks: return "disks";
    case SetCase::Kind::tangent: return "tangent";
  }
  return "?";
}

std::ostream& operator<<(std::ostream& os, const SetCase& c) {
  os << kind_name(c.kind) << " set in R^" << c.dim << " (m=" << c.constraints() << ", eta=" << c.eta << ")";
  if (c.kind == SetCase::Kind::sliding) os << " d=" << c.d << " C=" << c.C;
  if (c.kind == SetCase::Kind::disks) os << " " << c.disks;
  for (std::size_t i = 0; i < c.bc_radius.size(); ++i) {
    os << " ball-complement(R=" << c.bc_radius[i] << ", c=";
    for (double v : c.bc_centre[i]) os << v << ' ';
    os << ")";
  }
  for (std::size_t i = 0; i < c.hs_offset.size(); ++i) {
    os << " half-space(b=" << c.hs_offset[i] << ", a=";
    for (double v : c.hs_normal[i]) os << v << ' ';
    os << ")";
  }
  os << " anchor=";
  for (double v : c.anchor) os << v << ' ';
  os << "fraction=" << c.fraction;
  return os;
}

rc::Gen<SetCase> sliding_sets() {
  return rc::gen::exec([] {
    SetCase c;
    c.kind = SetCase::Kind::sliding;
    c.d = *rc::gen::inRange(3, 6);
    c.dim = c.d;
    c.C = *uniform(0.5, 10);
    c.eta = std::min(std::sqrt(1 + c.C * c.C), 1.0);
    // A point of the crease circle, where every constraint is active.
    const double phi = *uniform(0, 6.283185307179586);
    c.anchor.assign(static_cast<std::size_t>(c.d), 0.0);
    c.anchor[0] = std::cos(phi);
    c.anchor[1] = std::sin(phi);
    c.direction = direction(c.d);
    c.direction2 = direction(c.d);
    c.fraction = *uniform(0.01, 1);
    return c;
  });
}

rc::Gen<SetCase> mixed_sets() {
  return rc::gen::exec([] {
    SetCase c;
    c.kind = SetCase::Kind::mixed;
    c.dim = *rc::gen::inRange(2, 4);
    const int halfspaces = *rc::gen::inRange(0, 3);
    for (int i = 0; i < halfspaces; ++i) {
      c.hs_normal.push_back(direction(c.dim));
      c.hs_offset.push_back(*uniform(-1, -0.2));  // the origin is inside with margin
    }
    const int balls = *rc::gen::inRange(1, 3);
    for (int i = 0; i < balls; ++i) {
      const double R = *uniform(0.5, 2);
      auto u = direction(c.dim);
      double nu = 0;
      for (double x : u) nu += x * x;
      nu = std::sqrt(nu);
      const double dist = R + *uniform(0.3, 1.0);  // the origin stays outside the ball
      std::vector<double> ctr;
      for (double x : u) ctr.push_back(dist * x / nu);
      bool ok = true;  // overlap by >= 0.3 or apart by >= 0.3: no near-tangency
      for (std::size_t k = 0; k < c.bc_radius.size(); ++k) {
        double s = 0;
        for (int a = 0; a < c.dim; ++a) s += (ctr[a] - c.bc_centre[k][a]) * (ctr[a] - c.bc_centre[k][a]);
        const double gap = std::sqrt(s) - R - c.bc_radius[k];
        if (gap > -0.3 && gap < 0.3) ok = false;
      }
      if (!ok) continue;
      c.bc_centre.push_back(ctr);
      c.bc_radius.push_back(R);
    }
    c.eta = *std::min_element(c.bc_radius.begin(), c.bc_radius.end());
    // Anchor on the boundary of S: the reference projection of a random point.
    const auto set = build_set<double>(c);
    const Vec<double> q = 3.0 * to_vec<double>(random_vector(c.dim));
    Work w;
    const auto p = project_onto(set, 0.0, q, ReferenceProjectorOptions<double>{}, w);
    c.anchor.assign(static_cast<std::size_t>(c.dim), 0.0);
    if (p.converged && set.max_violation(0.0, p.point) <= 1e-12)
      for (int a = 0; a < c.dim; ++a) c.anchor[static_cast<std::size_t>(a)] = p.point[a];
    c.direction = direction(c.dim);
    c.direction2 = direction(c.dim);
    c.fraction = *uniform(0.01, 1);
    return c;
  });
}

rc::Gen<SetCase> disk_sets() {
  return rc::gen::exec([] {
    SetCase c;
    c.kind = SetCase::Kind::disks;
    c.disks = *feasible_disks(4, 0.2);
    c.dim = 2 * c.disks.n;
    c.eta = c.disks.r;
    c.anchor = c.disks.x;
    c.direction = direction(c.dim);
    c.direction2 = direction(c.dim);
    c.fraction = *uniform(0.01, 1);
    return c;
  });
}

rc::Gen<SetCase> tangent_balls() {
  return rc::gen::exec([] {
    SetCase c;
    c.kind = SetCase::Kind::tangent;
    c.dim = 2;
    c.eta = 1;
    c.anchor = {0.0, 0.0};
    // Mostly along the common tangent, where the two balls nearly coincide.
    c.direction = {*uniform(-0.05, 0.05), 1.0};
    c.direction2 = {*uniform(-0.05, 0.05), -1.0};
    c.fraction = *uniform(0.01, 1);
    return c;
  });
}

rc::Gen<SetCase> calm_sets() { return rc::gen::oneOf(sliding_sets(), mixed_sets(), disk_sets()); }

}  // namespace sweepcheck
