#pragma once
// Families of constraint sets S = S_1 ∩ ... ∩ S_m for the seed 000 property
// suites, with the prox-regularity constant η the theory needs, a point of S
// to perturb, and a perturbation direction:
//   sliding  the sliding case's d−1 ball complements (seed 000, Sec. 4.2),
//            η = min(R, 1) as the paper states for S;
//   mixed    0–2 half-spaces and 1–2 ball complements in R^2 or R^3, the balls
//            either overlapping by at least 0.3 or apart by at least 0.3 (no
//            near-tangency, which would break calmness); η = min radius;
//   disks    2–4 disks with contacts (pair constraints); η = R, the radius
//            (seed 000, Sec. 2: "the sets S_ij are R-prox-regular");
//   tangent  two unit balls (stay inside) touching at the origin, S = {0}:
//            not metrically calm; only for negative controls.
#include <rapidcheck.h>

#include <ostream>
#include <vector>

#include "properties/disk_configurations.hpp"
#include "sweepcheck/solvers/sets/constraint_set.hpp"

namespace sweepcheck {

struct SetCase {
  enum class Kind { sliding, mixed, disks, tangent };
  Kind kind = Kind::sliding;
  int dim = 3;
  int d = 3;       // sliding
  double C = 1;    // sliding
  std::vector<std::vector<double>> hs_normal;  // mixed
  std::vector<double> hs_offset;
  std::vector<std::vector<double>> bc_centre;
  std::vector<double> bc_radius;
  DiskConfiguration disks;        // disks
  std::vector<double> anchor;     // a point of S
  std::vector<double> direction;  // perturbation direction (any non-zero vector)
  std::vector<double> direction2; // a second one, for two-point properties
  double fraction = 0.5;          // in (0, 1]: how far, relative to the property's radius
  double eta = 1;                 // the claimed prox-regularity constant

  int constraints() const;
};

std::ostream& operator<<(std::ostream& os, const SetCase& c);

const char* kind_name(SetCase::Kind k);

template <class T>
ConstraintSet<T> build_set(const SetCase& c) {
  ConstraintSet<T> s(c.dim);
  auto vec = [](const std::vector<double>& v) {
    Vec<T> out(static_cast<Eigen::Index>(v.size()));
    for (std::size_t i = 0; i < v.size(); ++i) out[static_cast<Eigen::Index>(i)] = T(v[i]);
    return out;
  };
  switch (c.kind) {
    case SetCase::Kind::sliding: {
      using std::sqrt;
      const T C(c.C), R = sqrt(T(1) + C * C);
      for (int j = 1; j <= c.d - 2; ++j) {
        Vec<T> ctr = Vec<T>::Zero(c.d);
        ctr[j + 1] = C;
        s.add(BallComplement<T>(ctr, R));
      }
      Vec<T> ctr = Vec<T>::Zero(c.d);
      for (int k = 2; k < c.d; ++k) ctr[k] = -C / sqrt(T(c.d - 2));
      s.add(BallComplement<T>(ctr, R));
      break;
    }
    case SetCase::Kind::mixed:
      for (std::size_t i = 0; i < c.hs_offset.size(); ++i) s.add(HalfSpace<T>(vec(c.hs_normal[i]), T(c.hs_offset[i])));
      for (std::size_t i = 0; i < c.bc_radius.size(); ++i) s.add(BallComplement<T>(vec(c.bc_centre[i]), T(c.bc_radius[i])));
      break;
    case SetCase::Kind::disks:
      for (int i = 0; i < c.disks.n; ++i)
        for (int j = i + 1; j < c.disks.n; ++j) s.add(PairNonOverlap<T>(i, j, 2, T(2 * c.disks.r)));
      break;
    case SetCase::Kind::tangent: {
      Vec<T> a(2), b(2);
      a << T(-1), T(0);
      b << T(1), T(0);
      s.add(Ball<T>(a, T(1)));
      s.add(Ball<T>(b, T(1)));
      break;
    }
  }
  return s;
}

template <class T>
Vec<T> to_vec(const std::vector<double>& v) {
  Vec<T> out(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) out[static_cast<Eigen::Index>(i)] = T(v[i]);
  return out;
}

// anchor + radius · fraction · direction / |direction|
template <class T>
Vec<T> perturbed(const SetCase& c, const std::vector<double>& direction, const T& radius) {
  Vec<T> dir = to_vec<T>(direction);
  const T n = dir.norm();
  if (n > T(0)) dir /= n;
  return to_vec<T>(c.anchor) + radius * T(c.fraction) * dir;
}

rc::Gen<SetCase> sliding_sets();
rc::Gen<SetCase> mixed_sets();
rc::Gen<SetCase> disk_sets();
rc::Gen<SetCase> tangent_balls();
// sliding, mixed and disks: the families where (H3)–(H6) hold.
rc::Gen<SetCase> calm_sets();

}  // namespace sweepcheck
