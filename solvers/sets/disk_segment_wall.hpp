#pragma once
// A disk of radius R must stay at distance >= R from a wall segment [A, B] in
// the plane. On a stacked state x = (X_0, ..., X_{N-1}), X_i in R²:
//   g(x) = |X_i − P_[A,B](X_i)| − R  >= 0,
// where P_[A,B](X) = A + clamp(<X − A, B − A>/|B − A|², 0, 1) (B − A).
// g is convex (distance to a convex set minus a constant), so the wall fits
// seed 001's framework (3): Q_i = {g_i >= 0} is the complement of the open
// R-neighbourhood of the segment (a "stadium"), and its linearisation
// (scheme (11)) is the half-plane <n, Y_i> >= <n, P> + R with
// n = (X_i − P)/|X_i − P|, P = P_[A,B](X_i).
//
// Gradient: n on disk i's block (unit: |∇g| = 1, so (A1) holds with α = β = 1
// away from the segment). Exact projection onto {g >= 0} in the stacked norm:
// only X_i moves, to P + R n; the stacked distance is max(0, −g).
// Where X_i lies on the segment (n undefined) the tie-break direction is the
// segment's left normal, rotate(B − A, +90°): deterministic, never a NaN.
#include <stdexcept>

#include "sweepcheck/solvers/core/scalar.hpp"

namespace sweepcheck {

template <class T>
struct DiskSegmentWall {
  int i;     // disk index
  T ax, ay;  // segment end A
  T bx, by;  // segment end B
  T R;       // disk radius

  DiskSegmentWall(int i_, T ax_, T ay_, T bx_, T by_, T radius)
      : i(i_), ax(std::move(ax_)), ay(std::move(ay_)), bx(std::move(bx_)), by(std::move(by_)), R(std::move(radius)) {
    if (i < 0) throw std::invalid_argument("DiskSegmentWall: negative disk index");
    if (!(R > T(0))) throw std::invalid_argument("DiskSegmentWall: the radius must be positive");
    if (ax == bx && ay == by) throw std::invalid_argument("DiskSegmentWall: the segment has zero length");
  }

  // Nearest point of the segment to the point (px, py).
  void closest(const T& px, const T& py, T& cx, T& cy) const {
    const T ex = bx - ax, ey = by - ay;
    T s = ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey);
    if (s < T(0)) s = T(0);
    if (s > T(1)) s = T(1);
    cx = ax + s * ex;
    cy = ay + s * ey;
  }

  // Unit normal n from the nearest point towards the centre (tie-break: left normal).
  void normal(const T& px, const T& py, T& nx, T& ny, T& dist) const {
    using std::sqrt;
    T cx, cy;
    closest(px, py, cx, cy);
    nx = px - cx;
    ny = py - cy;
    dist = sqrt(nx * nx + ny * ny);
    if (dist > T(0)) {
      nx /= dist;
      ny /= dist;
    } else {
      const T ex = bx - ax, ey = by - ay, l = sqrt(ex * ex + ey * ey);
      nx = -ey / l;
      ny = ex / l;
    }
  }

  T value(const T& /*t*/, const Vec<T>& x) const {
    T nx, ny, d;
    normal(x[2 * i], x[2 * i + 1], nx, ny, d);
    return d - R;
  }

  void gradient(const T& /*t*/, const Vec<T>& x, Vec<T>& g) const {
    g = Vec<T>::Zero(x.size());
    T d;
    normal(x[2 * i], x[2 * i + 1], g[2 * i], g[2 * i + 1], d);
  }

  T distance(const T& t, const Vec<T>& x) const {
    using std::max;
    return max(T(0), -value(t, x));
  }

  bool project(const T& /*t*/, Vec<T>& x) const {
    T nx, ny, d;
    normal(x[2 * i], x[2 * i + 1], nx, ny, d);
    if (d >= R) return false;
    T cx, cy;
    closest(x[2 * i], x[2 * i + 1], cx, cy);
    x[2 * i] = cx + R * nx;
    x[2 * i + 1] = cy + R * ny;
    return true;
  }
};

}  // namespace sweepcheck
