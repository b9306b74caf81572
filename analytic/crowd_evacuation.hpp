#pragma once
// The crowd evacuation of seed 001, Section 5 (model (22)–(23), Maury &
// Venel): N disks of radius r in a square room [0, L]² with one door; the
// choices the paper leaves open are documented in crowd_evacuation.md.
//
//   q' ∈ U(q) − N(Q, q),  Q = { D_ij(q) = |q_i − q_j| − 2r >= 0 (i < j),
//                              W_ik(q) = dist(q_i, wall_k) − r >= 0 }.
//
// Room: walls are the segments bottom (0,0)–(L,0), top (0,L)–(L,L), left
// (0,0)–(0,L), and the right wall x = L split by the door
// {L} × [L/2 − w/2, L/2 + w/2]. Outside (x > L) is open: nobody is removed,
// so N (and the state dimension 2N) stays fixed and the error (24) is
// defined at every time.
//
// Desired velocity (unit speed s, Lipschitz): inside (x < L), towards the
// point one unit beyond the nearest point P of the door segment,
//   U_i = s (P + e_1 − q_i) / |P + e_1 − q_i|   (|·| >= 1 there, so no singularity);
// at and beyond the door plane (x >= L), U_i = s e_1 (walk on to the right).
// Both formulas agree at x = L inside the door, so U is continuous on
// the feasible set.
//
// Start: deterministic and feasible by construction. Candidate sites are a
// square lattice of spacing a inside the room (a >= r from every wall),
// shuffled by a seeded std::mt19937_64 (Fisher–Yates); the first N sites
// are jittered by at most j per coordinate. Two sites differ by at least a
// along one axis, so two disks are at least a − 2j apart, and the options
// require a − 2j > 2r.
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/neighbours/cell_list.hpp"
#include "sweepcheck/solvers/neighbours/verlet_list.hpp"
#include "sweepcheck/solvers/sets/disk_segment_wall.hpp"
#include "sweepcheck/solvers/sets/pair_non_overlap.hpp"
#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/qp/sparse_rows.hpp"
#include "sweepcheck/solvers/core/work.hpp"

namespace sweepcheck {

struct CrowdOptions {
  int people = 150;          // N (seed 001: 150)
  double radius = 0.2;       // r (seed 001: 0.2)
  double room = 10;          // L, the room is [0, L]² (seed 001: 10 × 10)
  double door_width = 1.5;   // w, centred on the right wall (our choice; 3.75 diameters)
  double speed = 1;          // |U_i| (unit speed)
  double t_end = 4;          // T (our choice, see crowd_evacuation.md: the jam at the door has formed)
  std::uint64_t seed = 1;    // seeds the start
  double lattice = 0.5;      // a, spacing of the start sites
  double jitter = 0.04;      // j, largest jitter per coordinate of a start site
  double pbd_skin = 0.2;     // PBD sweeps the pairs closer than 2r + pbd_skin at the sweep's start

  int sites_per_axis() const { return static_cast<int>(std::floor((room - lattice) / lattice + 1e-9)); }

  void validate() const {
    auto bad = [](const std::string& m) { throw std::invalid_argument("crowd: " + m); };
    if (people < 1) bad("people must be >= 1");
    if (!(radius > 0) || !std::isfinite(radius)) bad("radius must be > 0 and finite");
    if (!(room > 0) || !std::isfinite(room)) bad("room must be > 0 and finite");
    if (!(door_width > 2 * radius) || !(door_width < room)) bad("door_width must lie in (2 radius, room)");
    if (!(speed > 0) || !std::isfinite(speed)) bad("speed must be > 0 and finite");
    if (!(t_end > 0) || !std::isfinite(t_end)) bad("t_end must be > 0 and finite");
    if (!(jitter >= 0) || !(lattice - 2 * jitter > 2 * radius)) bad("need lattice - 2 jitter > 2 radius");
    if (!(lattice - jitter >= radius)) bad("need lattice - jitter >= radius (sites clear of the walls)");
    if (!(pbd_skin >= 0)) bad("pbd_skin must be >= 0");
    const long long sites = static_cast<long long>(sites_per_axis()) * sites_per_axis();
    if (sites < people)
      bad("the room holds only " + std::to_string(sites) + " start sites for " + std::to_string(people) + " people");
  }
};

struct Segment {
  double ax, ay, bx, by;
};

// The room's walls (see above), in a fixed order.
inline std::vector<Segment> crowd_walls(const CrowdOptions& o) {
  const double L = o.room, lo = L / 2 - o.door_width / 2, hi = L / 2 + o.door_width / 2;
  return {{0, 0, L, 0}, {0, L, L, L}, {0, 0, 0, L}, {L, 0, L, lo}, {L, hi, L, L}};
}

// The set Q of non-overlap and wall constraints, with neighbour search.
template <class T>
class CrowdSet {
 public:
  using Scalar = T;

  explicit CrowdSet(const CrowdOptions& o) : opt_(o), R_(o.radius) {
    for (const auto& s : crowd_walls(o)) walls_.push_back(s);
  }

  int dim() const { return 2 * opt_.people; }
  int people() const { return opt_.people; }

  // One PBD sweep (seed 000, (4)): the pairs closer than 2r + pbd_skin at the
  // sweep's start, in (i, j) order, then every (disk, wall) in order.
  void sweep(const T& t, Vec<T>& x, Work& work) const {
    auto& s = scratch();
    s.list.pairs_within(x, 2, 2 * opt_.radius + opt_.pbd_skin, T(2 * opt_.radius), s.pairs);  // at the sweep's start
    for (const auto& [i, j] : s.pairs) {
      ++work.constraint_evaluations;
      if (PairNonOverlap<T>(i, j, 2, T(2) * R_).project(t, x)) ++work.projections;
    }
    for (int i = 0; i < opt_.people; ++i)
      for (const auto& w : walls_) {
        ++work.constraint_evaluations;
        if (wall(i, w).project(t, x)) ++work.projections;
      }
    ++work.sweeps;
  }

  // max over constraints of the stacked distance d_{Q_j}(x).
  T max_violation(const T& t, const Vec<T>& x) const {
    using std::max;
    using std::sqrt;
    T v(0);
    for (const auto& [i, j] : CellList::pairs_within(x, 2, 2 * opt_.radius))
      v = max(v, PairNonOverlap<T>(i, j, 2, T(2) * R_).distance(t, x));
    for (int i = 0; i < opt_.people; ++i)
      for (const auto& w : walls_) v = max(v, wall(i, w).distance(t, x));
    return v;
  }

  // Rows of Q̃(t, q) (seed 001, (11)) for the constraints with g <= margin
  // (pairs: |q_i − q_j| < 2r + margin; walls: dist − r <= margin).
  //   pair: e = (q_i − q_j)/|q_i − q_j|:  e·y_i − e·y_j >= e·(q_i − q_j) − D_ij(q) = 2r
  //   wall: n = (q_i − P)/|q_i − P|:       n·y_i >= n·q_i − W_ik(q) = n·P + r
  void linearise(const T& t, const Vec<T>& q, const T& margin, SparseRows<T>& rows, Work& work) const {
    rows.clear(static_cast<int>(q.size()));
    std::array<std::pair<int, T>, 4> pe;
    auto& s = scratch();
    s.list.pairs_within(q, 2, 2 * opt_.radius + to_double(margin), T(2 * opt_.radius), s.pairs);
    for (const auto& [i, j] : s.pairs) {
      ++work.constraint_evaluations;
      T ex, ey;
      pair_direction(q, i, j, ex, ey);
      pe = {std::pair<int, T>{2 * i, ex}, {2 * i + 1, ey}, {2 * j, -ex}, {2 * j + 1, -ey}};
      rows.add_row(pe, T(2) * R_, pair_key(i, j));
    }
    std::array<std::pair<int, T>, 2> we;
    for (int i = 0; i < opt_.people; ++i) {
      if (clear_of_walls(q[2 * i], q[2 * i + 1], R_ + margin)) {
        // Every wall row would be skipped below (d − r > margin): count the
        // evaluations, skip the arithmetic.
        work.constraint_evaluations += static_cast<std::int64_t>(walls_.size());
        continue;
      }
      for (std::size_t k = 0; k < walls_.size(); ++k) {
        const auto& w = walls_[k];
        ++work.constraint_evaluations;
        const auto c = wall(i, w);
        T nx, ny, d;
        c.normal(q[2 * i], q[2 * i + 1], nx, ny, d);
        if (d - R_ > margin) continue;
        we = {std::pair<int, T>{2 * i, nx}, {2 * i + 1, ny}};
        rows.add_row(we, nx * q[2 * i] + ny * q[2 * i + 1] - (d - R_), wall_key(i, static_cast<int>(k)));
      }
    }
    (void)t;
  }

  // Δ(q, y) = 2 max_i |y_i − q_i| >= |<∇g, y − q>| for every pair (|e·(δ_i − δ_j)|
  // <= |δ_i| + |δ_j|) and wall (|n·δ_i| <= |δ_i|) constraint.
  // One square root for the largest squared displacement instead of one per
  // disk (the per-disk roots were ~10% of Venel's step at N = 1e4): the
  // same value, since a correctly rounded square root is monotone, so the
  // largest root is the root of the largest square (and |·|² of a 2-vector
  // is d0² + d1² either way). Two running maxima (exact, order-free).
  T linearisation_drift(const Vec<T>& q, const Vec<T>& y) const {
    using std::max;
    using std::sqrt;
    T m0(0), m1(0);
    int i = 0;
    auto d2 = [&](int k) {
      const T dx = y[2 * k] - q[2 * k], dy = y[2 * k + 1] - q[2 * k + 1];
      return dx * dx + dy * dy;
    };
    for (; i + 2 <= opt_.people; i += 2) {
      m0 = max(m0, d2(i));
      m1 = max(m1, d2(i + 1));
    }
    if (i < opt_.people) m0 = max(m0, d2(i));
    return T(2) * sqrt(max(m0, m1));
  }

  const CrowdOptions& options() const { return opt_; }

  // PairNonOverlap<T>(i, j, 2, ·).direction(q), the unit vector from disk j
  // to disk i (tie-break (1, 0) for coincident centres), without its heap
  // vector (one allocation per row was ~7% of Venel's step at N = 150): the
  // same operations, as Eigen's norm of a 2-vector is sqrt(u0² + u1²) (one
  // packet, or u0² then + u1²). properties/mprgp_properties_test.cpp checks
  // the bits against PairNonOverlap.
  static void pair_direction(const Vec<T>& q, int i, int j, T& ex, T& ey) {
    using std::sqrt;
    const T ux = q[2 * i] - q[2 * j], uy = q[2 * i + 1] - q[2 * j + 1];
    const T r = sqrt(ux * ux + uy * uy);
    if (r > T(0)) {
      ex = ux / r;
      ey = uy / r;
    } else {
      ex = T(1);
      ey = T(0);
    }
  }

  // Row keys (SparseRows::key): a constraint's name across steps, increasing
  // in the order linearise emits rows (pairs (i, j)-sorted, then disk by
  // disk, wall by wall), so matching rows of two steps is a merge.
  static std::uint64_t pair_key(int i, int j) { return (std::uint64_t(i) << 32) | std::uint64_t(j); }
  static std::uint64_t wall_key(int i, int k) {
    return (std::uint64_t(1) << 63) | (std::uint64_t(i) << 8) | std::uint64_t(k);
  }

 private:
  // Candidate pairs through a Verlet list (solvers/neighbours/verlet_list.hpp): exactly
  // the cell list's pairs, without a cell-list build per sweep or step. One
  // per thread, as the disks' (a set is shared read-only by a study's
  // threads; the list is only a cache of positions).
  struct Scratch {
    VerletList<T> list;
    std::vector<std::pair<int, int>> pairs;
  };
  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  // True when (px, py) lies inside the room at distance > reach from all
  // four sides, so at distance > reach from every wall segment (each lies
  // on a side; the distance to a segment is at least the distance to its
  // line). The allowance 1e-9 (1 + L) dwarfs the rounding of the distances
  // DiskSegmentWall computes, so the walls' own test would agree.
  bool clear_of_walls(const T& px, const T& py, const T& reach) const {
    const T L(opt_.room), r = reach + T(1e-9 * (1 + opt_.room));
    return px > r && py > r && L - px > r && L - py > r;
  }

  DiskSegmentWall<T> wall(int i, const Segment& s) const {
    return DiskSegmentWall<T>(i, T(s.ax), T(s.ay), T(s.bx), T(s.by), R_);
  }

  CrowdOptions opt_;
  T R_;
  std::vector<Segment> walls_;
};

template <class T>
class CrowdEvacuation {
 public:
  using Scalar = T;
  using Options = CrowdOptions;

  explicit CrowdEvacuation(Options o = {}) : opt_((o.validate(), o)), set_(opt_) { x0_ = start(opt_); }

  int dim() const { return 2 * opt_.people; }
  const CrowdSet<T>& constraints() const { return set_; }
  Vec<T> x0() const { return x0_; }
  T t0() const { return T(0); }
  T t_end() const { return T(opt_.t_end); }
  std::string name() const { return "crowd"; }
  const Options& options() const { return opt_; }

  // U(q) of the header comment.
  Vec<T> f(const T& /*t*/, const Vec<T>& x) const {
    using std::sqrt;
    const T L(opt_.room), lo(opt_.room / 2 - opt_.door_width / 2), hi(opt_.room / 2 + opt_.door_width / 2);
    const T s(opt_.speed);
    Vec<T> u(x.size());
    for (int i = 0; i < opt_.people; ++i) {
      const T px = x[2 * i], py = x[2 * i + 1];
      if (px >= L) {
        u[2 * i] = s;
        u[2 * i + 1] = T(0);
        continue;
      }
      const T cy = py < lo ? lo : (py > hi ? hi : py);
      const T vx = L + T(1) - px, vy = cy - py;
      const T n = sqrt(vx * vx + vy * vy);
      u[2 * i] = s * vx / n;
      u[2 * i + 1] = s * vy / n;
    }
    return u;
  }

  // The seeded start (header comment).
  static Vec<T> start(const Options& o) {
    const int m = o.sites_per_axis();
    std::vector<std::pair<int, int>> sites;
    sites.reserve(static_cast<std::size_t>(m) * static_cast<std::size_t>(m));
    for (int a = 0; a < m; ++a)
      for (int b = 0; b < m; ++b) sites.emplace_back(a, b);
    std::mt19937_64 rng(o.seed);
    for (std::size_t k = sites.size() - 1; k > 0; --k) std::swap(sites[k], sites[static_cast<std::size_t>(rng() % (k + 1))]);
    auto unit = [&rng] { return double(rng() >> 11) * 0x1.0p-53; };  // [0, 1), portable
    Vec<T> x(2 * o.people);
    for (int i = 0; i < o.people; ++i) {
      const auto [a, b] = sites[static_cast<std::size_t>(i)];
      const double jx = o.jitter * (2 * unit() - 1), jy = o.jitter * (2 * unit() - 1);
      x[2 * i] = T(o.lattice * (a + 1) + jx);
      x[2 * i + 1] = T(o.lattice * (b + 1) + jy);
    }
    return x;
  }

 private:
  Options opt_;
  CrowdSet<T> set_;
  Vec<T> x0_;
};

}  // namespace sweepcheck
