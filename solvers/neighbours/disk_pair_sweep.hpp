#pragma once
// The disks' pair sweep (seed 000, (4) on S = ∩_{i<j} { |X_i − X_j| >= d }):
// one Gauss–Seidel sweep of exact pair projections over every pair that can
// overlap, in (i, j) order or another pair order (pair_order.hpp), without
// the O(N²) loop. analytic/disks.hpp's DisksSet owns one and adds the
// problem around it (the constraints near a point, the violation).
//
// Candidate pairs come from cell_list.hpp, sorted (i, j)-lexicographically, so a sweep
// visits pairs in the order of the all-pairs loop `for i < j` restricted to
// the pairs that can overlap:
//   sweep(x, work): the pairs closer than d + skin at the start of the
//   sweep are projected in (i, j) order. A pair farther than d + skin at the
//   start cannot overlap when visited unless one of its disks has moved by
//   more than skin/2 since the start (checked after every projection); then
//   the sweep re-anchors its candidates at the current state with twice the
//   skin and continues after the current pair (Verlet-list argument). The result is exactly the
//   all-pairs sweep. Work: one constraint evaluation per candidate pair
//   visited (the paper's proxy counts the sweep, not the neighbour-list
//   bookkeeping). The candidates are filtered from a Verlet list
//   (verlet_list.hpp) that is rebuilt only when the disks have
//   moved, so a sweep costs O(pairs), not a cell-list build. For doubles the
//   sweep runs on raw arrays (sweep_flat, issue 15; bench/perf.md measures
//   it against a hand-written roofline) and reproduces the plain Eigen
//   version (sweep_simple, the test oracle) bit for bit, work counts
//   included, so cached references stay valid.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "sweepcheck/solvers/core/scalar.hpp"
#include "sweepcheck/solvers/core/work.hpp"
#include "sweepcheck/solvers/neighbours/pair_order.hpp"
#include "sweepcheck/solvers/neighbours/verlet_list.hpp"

// The sweep's pair evaluation is a lambda called from four loops; inlined,
// consecutive independent projections overlap in the processor (round-robin
// order), called, each pays a call and its counters' round trip through
// memory (measured: 2x the sweep time in bench_perf's reference rows).
#if defined(__GNUC__)
#define SWEEPCHECK_ALWAYS_INLINE __attribute__((always_inline))
#else
#define SWEEPCHECK_ALWAYS_INLINE
#endif

namespace sweepcheck {

// N disks of diameter d (centres as x = (X_0, ..., X_{N−1}) ∈ (R²)^N).
template <class T>
class DiskPairSweep {
 public:
  DiskPairSweep(int N, T d, PairOrder order) : N_(N), d_(d), order_(order), skin_(d / T(2)) {}

  int disks() const { return N_; }
  const T& min_distance() const { return d_; }  // the diameter d
  PairOrder order() const { return order_; }
  // The skin of the candidate list (the constraints near a point use it too).
  T skin() const { return skin_; }

  // One Gauss–Seidel sweep over all pairs in (i, j) order (seed 000, (4)),
  // or in the set's other order (pair_order.hpp; "(i, j) order" below means
  // the set's order).
  // The candidates are the pairs closer than d + skin at an anchor (the
  // sweep's start). While every disk stays within skin/2 of the anchor, a
  // pair that is not a candidate cannot overlap, so skipping it is exactly
  // what the all-pairs sweep does with it (nothing). The displacement is
  // checked after every projection; when a disk leaves that ball the sweep
  // re-anchors at the current state, with twice the skin, and goes on with
  // the candidates after the current pair in (i, j) order, so nothing is
  // skipped or redone.
  // The flat kernel for doubles, the plain one otherwise.
  void sweep(Vec<T>& x, Work& work) const {
    if constexpr (std::is_same_v<T, double>)
      sweep_flat(x, work);
    else
      sweep_simple(x, work);
  }

  // The sweep above written plainly with Eigen segments: the definition the
  // flat kernel (sweep_flat) must reproduce bit for bit, with the same work
  // counts (checked over random configurations in
  // properties/disks_kernel_properties_test.cpp). Multiprecision scalars use
  // it directly.
  void sweep_simple(Vec<T>& x, Work& work) const {
    T skin = skin_;
    T cut = T(to_double(d_ + skin));  // compared as the cell list compares: a double cutoff, squared in T
    T cut2 = cut * cut;
    T allowed = skin / T(2);
    Vec<T> anchor = x;
    std::int64_t done = -1;  // every pair up to this key (pair_order_key) has been visited
    std::vector<std::pair<int, int>> ordered;
    for (bool anchored = false; !anchored;) {
      anchored = true;
      const auto& listed = scratch().list.pairs_covering(anchor, 2, cut * (T(1) + T(1e-12)), skin_);
      const std::vector<std::pair<int, int>>* visit = &listed;  // sorted (i, j), the index order
      if (order_ != PairOrder::index) {
        ordered.assign(listed.begin(), listed.end());
        std::sort(ordered.begin(), ordered.end(), [&](const auto& p, const auto& q) {
          return pair_order_key(order_, p.first, p.second, N_) < pair_order_key(order_, q.first, q.second, N_);
        });
        visit = &ordered;
      }
      for (const auto& [i, j] : *visit) {
        if (pair_order_key(order_, i, j, N_) <= done) continue;
        if (!((anchor.segment(Eigen::Index(i) * 2, 2) - anchor.segment(Eigen::Index(j) * 2, 2)).squaredNorm() < cut2))
          continue;
        ++work.constraint_evaluations;
        if (!project_pair(x, i, j)) continue;
        ++work.projections;
        if ((x.template segment<2>(2 * i) - anchor.template segment<2>(2 * i)).norm() > allowed ||
            (x.template segment<2>(2 * j) - anchor.template segment<2>(2 * j)).norm() > allowed) {
          // Disks move this much in this sweep: double the skin for the rest
          // of it, so that re-anchoring stays rare (at most log2 of the
          // largest displacement over skin times) even in a violent sweep.
          done = pair_order_key(order_, i, j, N_);
          anchor = x;
          skin *= T(2);
          cut = T(to_double(d_ + skin));
          cut2 = cut * cut;
          allowed = skin / T(2);
          anchored = false;  // the reference obtained above may be invalidated by the next pairs_covering
          break;
        }
      }
    }
    ++work.sweeps;
  }

  // The same sweep for doubles, on raw arrays (issue 15): candidates from
  // the Verlet list's flat arrays (partners of i in increasing j, so the
  // visit order is the (i, j) order of sweep_simple; for another order the
  // filtered pairs are sorted by key first), the anchor filter on
  // squared distances, and two square roots avoided where their outcome is
  // certain:
  //  - a pair with r² > d²(1 + 1e-10) has fl(sqrt(r²)) >= d (sqrt is
  //    correctly rounded and monotone, and sqrt(d²(1 + 1e-10)) exceeds d by
  //    ~5e-11 relative, thousands of ulps), so `r >= d` holds: no projection,
  //    exactly as project_pair decides;
  //  - a displacement with m² < a²(1 − 1e-10) has fl(sqrt(m²)) < a, so
  //    `norm > allowed` is false, exactly as in sweep_simple.
  // In the uncertain band the square root is taken and compared as before.
  // The arithmetic of a projection is project_pair's, operation by operation
  // (no FMA contraction: the build targets baseline x86-64, and the property
  // test would catch a difference).
  //
  // Second level (the sweep's own candidate list). The anchor filter
  // |A_i − A_j| < cut decides which pairs are evaluated (and counted). When
  // the anchors of successive sweeps stay within ε of the anchor A⁰ of a
  // previous sweep (as in PNGS, whose sweeps move disks by tiny amounts),
  // the filter's outcome is known in advance for most pairs: with
  // s = |A⁰_i − A⁰_j|, |A_i − A_j| differs from s by at most 2ε, so a pair
  // with s <= (cut − 2ε)(1 − ρ) passes for sure and one with
  // s >= (cut + 2ε)(1 + ρ) fails for sure (ρ = 1e-9 covers the rounding of
  // all these distances). The kept pairs (all but the sure failures) are
  // stored as flat arrays in the set's order, the uncertain ones flagged and
  // filtered exactly as before; so the sweep visits exactly the pairs of
  // sweep_simple.
  // When ε is exceeded the list is rebuilt from the Verlet list; a sweep that
  // re-anchors (a disk moved more than skin/2) continues on the first-level
  // path, as sweep_simple does. While the second level keeps serving, a
  // sweep first runs optimistically, without the displacement test, and is
  // kept when its summed travel proves the test could not have fired (see
  // the loop); the property test covers both ways.
  void sweep_flat(Vec<double>& xv, Work& work) const
    requires std::is_same_v<T, double>
  {
    Scratch& s = scratch();
    const int N = N_;
    double* x = xv.data();
    const double d = d_, half_d = d_ / 2.0;
    const double d2 = d * d;
    const double reject2 = std::isfinite(d2) && d2 > 1e-200 ? d2 * (1 + 1e-10) : INFINITY;
    double skin = skin_;
    double cut = d + skin;
    double cut2 = cut * cut;
    double allowed = skin / 2.0;
    auto sure_inside2 = [](double a) {  // m² below this: sqrt(m²) < a for sure
      const double a2 = a * a;
      return std::isfinite(a2) && a2 > 1e-200 ? a2 * (1 - 1e-10) : 0.0;
    };
    double inside2 = sure_inside2(allowed);
    s.anchor = xv;
    const double* a = s.anchor.data();
    std::int64_t evaluations = 0, projections = 0;
    int done_i = -1, done_j = -1;  // every pair up to (done_i, done_j), in (i, j) order, has been visited
    std::int64_t done_key = -1;    // the same as a key of the set's order (round robin)

    // The projection (project_pair's arithmetic, operation by operation):
    // returns r, >= d (+inf for a far pair) when the pair does not project
    // (a NaN r projects, as in project_pair); the new positions are left in
    // n[0..3] as well, in registers, so that the displacement test reads
    // them from there, not back from memory right after the store.
    auto project = [d, half_d, reject2](double* xs, int i, int j, double* n) SWEEPCHECK_ALWAYS_INLINE -> double {
      const double xi = xs[2 * i], yi = xs[2 * i + 1], xj = xs[2 * j], yj = xs[2 * j + 1];
      double ux = xi - xj, uy = yi - yj;
      const double r2 = ux * ux + uy * uy;
      if (r2 > reject2) return INFINITY;
      const double r = std::sqrt(r2);
      if (r >= d) return r;
      if (r > 0) {
        ux /= r;
        uy /= r;
      } else {
        ux = 1;
        uy = 0;
      }
      const double mx = (xi + xj) / 2.0, my = (yi + yj) / 2.0;
      n[0] = mx + half_d * ux;
      n[1] = my + half_d * uy;
      n[2] = mx - half_d * ux;
      n[3] = my - half_d * uy;
      xs[2 * i] = n[0];
      xs[2 * i + 1] = n[1];
      xs[2 * j] = n[2];
      xs[2 * j + 1] = n[3];
      return r;
    };
    // Evaluates pair (i, j) (project_pair inlined): 0 when it does not
    // project, 1 when it projects, 2 when it projects and the sweep must
    // re-anchor after it. The callers count (locally: counters kept in
    // memory form a chain of their own across the sweep).
    auto evaluate = [&](int i, int j) SWEEPCHECK_ALWAYS_INLINE -> int {
      double n[4] = {0, 0, 0, 0};  // written by project whenever it projects
      if (project(x, i, j, n) >= d) return 0;
      const double* an = a;
      auto moved_beyond = [&](int m, double px, double py) SWEEPCHECK_ALWAYS_INLINE {
        const double dx = px - an[2 * m], dy = py - an[2 * m + 1];
        const double m2 = dx * dx + dy * dy;
        return !(m2 < inside2) && std::sqrt(m2) > allowed;
      };
      return moved_beyond(i, n[0], n[1]) || moved_beyond(j, n[2], n[3]) ? 2 : 1;
    };
    // As sweep_simple: re-anchor, double the skin, go on after (i, j).
    auto reanchor = [&](int i, int j) {
      done_i = i;
      done_j = j;
      done_key = pair_order_key(order_, i, j, N);
      s.anchor = xv;
      a = s.anchor.data();
      skin *= 2;
      cut = d + skin;
      cut2 = cut * cut;
      allowed = skin / 2.0;
      inside2 = sure_inside2(allowed);
    };

    bool anchored = false;
    if (second_level_ready(s, cut)) {
      // The second level's pairs, in the set's order (flagged ~j where the
      // filter is uncertain). Two ways through them, with the same result
      // and counts:
      //  - optimistic (the usual case in PNGS): no displacement test after
      //    each projection; instead `travel` sums d − r over the
      //    projections, and disk m's displacement from the anchor at any
      //    moment of the sweep is at most the sum of its moves, each
      //    (d − r)/2 up to rounding, so at most travel/2 + rounding (bound
      //    below). When that is below `allowed`, no test would have fired:
      //    the checked sweep runs exactly these operations, and we are done.
      //    Otherwise (the pass stops as soon as travel exceeds the bound)
      //    the state is restored from the anchor (the sweep's start) and
      //    the checked way runs, and the next sweeps go straight
      //    to it: 16 after a failure, doubling while the attempts keep
      //    failing, back to 16 after a success. It is attempted only once
      //    the level has served 3 sweeps, i.e. the disks move little from
      //    sweep to sweep (PNGS's sweeps within a step; PBD's one sweep per
      //    step moves them enough to rebuild the level every few sweeps, and
      //    its summed travel over all disks is rarely small).
      //  - checked: the displacement test after every projection.
      const int* pairs = s.ordered2.data();  // i, j interleaved
      const std::size_t n = s.ordered2.size() / 2;
      if (s.optimistic_skip > 0) {
        --s.optimistic_skip;
      } else if (s.uses >= 3) {
        std::int64_t filtered = 0, projected = 0;
        double travel = 0;   // sum of d − r over the projections
        bool within = true;  // travel <= allowed so far (a failing pass stops at once)
        for (std::size_t k = 0; k < n; ++k) {
          const int i = pairs[2 * k];
          int j = pairs[2 * k + 1];
          if (j < 0) {
            j = ~j;
            const double adx = a[2 * i] - a[2 * j], ady = a[2 * i + 1] - a[2 * j + 1];
            if (!(adx * adx + ady * ady < cut2)) {
              ++filtered;
              continue;
            }
          }
          double moved[4] = {0, 0, 0, 0};
          const double r = project(x, i, j, moved);
          if (!(r >= d)) {  // projected (a NaN counts, as in evaluate, and fails the bound)
            ++projected;
            travel += d - r;
            if (!(travel <= allowed)) {
              within = false;
              break;
            }
          }
        }
        // Rounding: each computed move differs from (d − r)/2 by at most a
        // few ulps of the coordinates (|x| <= s.extent, anchors and moves
        // included) and of d; 64 ε (2 extent + d + travel) per projection
        // is a generous bound. A non-finite travel fails the test.
        const double rounding = double(projected) * 64 * std::numeric_limits<double>::epsilon() *
                                (2 * s.extent + d + travel);
        if (within && travel / 2 + rounding <= allowed / 2) {
          evaluations += std::int64_t(n) - filtered;
          projections += projected;
          anchored = true;
          s.optimistic_backoff = 16;
          ++s.paths.accepted;
        } else {
          std::copy(a, a + 2 * N, x);
          ++s.paths.restored;
          s.optimistic_skip = s.optimistic_backoff;
          s.optimistic_backoff = std::min(2 * s.optimistic_backoff, 1 << 12);
        }
      }
      if (!anchored) {
        std::int64_t filtered = 0, projected = 0;
        std::size_t k = 0;
        anchored = true;
        for (; k < n; ++k) {
          const int i = pairs[2 * k];
          int j = pairs[2 * k + 1];
          if (j < 0) {  // uncertain: the exact filter
            j = ~j;
            const double adx = a[2 * i] - a[2 * j], ady = a[2 * i + 1] - a[2 * j + 1];
            if (!(adx * adx + ady * ady < cut2)) {
              ++filtered;
              continue;
            }
          }
          const int e = evaluate(i, j);
          projected += e != 0;
          if (e == 2) {
            reanchor(i, j);
            anchored = false;
            ++k;
            break;
          }
        }
        evaluations += std::int64_t(k) - filtered;
        projections += projected;
      }
    }
    if (!anchored && order_ != PairOrder::index) {
      // First level in another order: the Verlet list's pairs that pass the
      // filter, sorted by key.
      while (!anchored) {
        anchored = true;
        s.list.pairs_covering(s.anchor, 2, cut * (1 + 1e-12), skin_);
        const int* first = s.list.first().data();
        const int* partner = s.list.partners().data();
        s.ordered.clear();
        for (int i = 0; i < N; ++i)
          for (int k = first[i]; k < first[i + 1]; ++k) {
            const int j = partner[k];
            const double adx = a[2 * i] - a[2 * j], ady = a[2 * i + 1] - a[2 * j + 1];
            if (!(adx * adx + ady * ady < cut2)) continue;
            const std::int64_t key = pair_order_key(order_, i, j, N);
            if (key > done_key) s.ordered.push_back({key, i, j});
          }
        std::sort(s.ordered.begin(), s.ordered.end(), [](const auto& p, const auto& q) { return p.key < q.key; });
        for (const auto& p : s.ordered) {
          const int e = evaluate(p.i, p.j);
          ++evaluations;
          projections += e != 0;
          if (e == 2) {
            reanchor(p.i, p.j);
            anchored = false;
            break;
          }
        }
      }
    }
    while (!anchored) {  // first level: the Verlet list, filtered at the current anchor
      anchored = true;
      s.list.pairs_covering(s.anchor, 2, cut * (1 + 1e-12), skin_);
      const int* first = s.list.first().data();
      const int* partner = s.list.partners().data();
      for (int i = done_i < 0 ? 0 : done_i; i < N && anchored; ++i) {
        int k = first[i];
        const int end = first[i + 1];
        if (i == done_i)
          while (k < end && partner[k] <= done_j) ++k;
        const double aix = a[2 * i], aiy = a[2 * i + 1];
        for (; k < end; ++k) {
          const int j = partner[k];
          const double adx = aix - a[2 * j], ady = aiy - a[2 * j + 1];
          if (!(adx * adx + ady * ady < cut2)) continue;
          const int e = evaluate(i, j);
          ++evaluations;
          projections += e != 0;
          if (e == 2) {
            reanchor(i, j);
            anchored = false;
            break;
          }
        }
      }
    }
    work.constraint_evaluations += evaluations;
    work.projections += projections;
    ++work.sweeps;
  }

  // How this thread's second-level sweeps went (tests and benchmarks): the
  // optimistic passes kept, and those restored and redone checked.
  struct SweepPaths {
    std::int64_t accepted = 0, restored = 0;
  };
  static SweepPaths sweep_paths() { return scratch().paths; }

  // Bytes of neighbour data per disk held by this thread's list (benchmarks).
  // With the sweep's second-level list and its anchors (two copies of the state).
  double neighbour_bytes_per_disk() const {
    const Scratch& s = scratch();
    const double second = s.built_for_cut > 0 ? double(s.ordered2.size()) * sizeof(int) : 0.0;
    return s.list.bytes_per_centre() + (second + double(2 * N_) * sizeof(T)) / double(N_);
  }

  // The pairs closer than `cut` (a superset; in (i, j) order), from this
  // thread's Verlet list.
  const std::vector<std::pair<int, int>>& pairs_covering(const Vec<T>& x, const T& cut) const {
    return scratch().list.pairs_covering(x, 2, cut, skin_);
  }

  // Exact projection onto S_ij (solvers/sets/pair_non_overlap.hpp), without
  // temporaries: the midpoint stays, both centres move apart symmetrically.
  bool project_pair(Vec<T>& x, int i, int j) const {
    Eigen::Matrix<T, 2, 1> u = x.template segment<2>(2 * i) - x.template segment<2>(2 * j);
    const T r = u.norm();
    if (r >= d_) return false;
    if (r > T(0)) {
      u /= r;
    } else {
      u << T(1), T(0);  // tie-break axis, as tie_break_direction
    }
    const Eigen::Matrix<T, 2, 1> mid = (x.template segment<2>(2 * i) + x.template segment<2>(2 * j)) / T(2);
    x.template segment<2>(2 * i) = mid + (d_ / T(2)) * u;
    x.template segment<2>(2 * j) = mid - (d_ / T(2)) * u;
    return true;
  }

 private:
  // One scratch per thread: a DisksSet (and its sweep) is shared read-only by the threads of
  // a study (studies/runs/parallel_runs.hpp), and the list is only a cache of
  // positions (solvers/neighbours/verlet_list.hpp), valid for any set that asks; the
  // anchor is the sweep's copy of the state at its start.
  struct Scratch {
    VerletList<T> list;
    Vec<T> anchor;
    // Second level of sweep_flat: kept pairs as flat arrays (uncertain ones
    // stored as ~j), built at anchor0 for `cut2_for` with allowance eps.
    // In the set's order (solvers/neighbours/pair_order.hpp); `ordered` is the sort's
    // work array, and the first level's sorted pairs in orders other than
    // (i, j).
    std::vector<int> ordered2;  // pairs as i, j, i, j, ...
    struct Keyed {
      std::int64_t key;
      int i, j;
    };
    std::vector<Keyed> ordered;
    Vec<T> anchor0;
    double built_for_cut = -1, eps = 0;
    PairOrder built_for_order = PairOrder::index;
    int uses = 0, skip = 0;  // sweeps served by the current build; sweeps to skip the second level
    double extent = 0;        // max |coordinate| of the anchors while the second level serves
    int optimistic_skip = 0;      // sweeps to run the second level checked (after a failed optimistic one)
    int optimistic_backoff = 16;  // the next failure's skip
    SweepPaths paths;
  };

  // Whether sweep_flat's second level serves the sweep anchored at
  // s.anchor with filter `cut`, rebuilding it when the anchors have moved
  // more than eps since it was built. When a build serves fewer than two
  // sweeps (disks moving fast, e.g. PBD with large h) the second level is
  // skipped for a while: it only pays when it is reused.
  bool second_level_ready(Scratch& s, double cut) const
    requires std::is_same_v<T, double>
  {
    constexpr double rho = 1e-9;
    const Eigen::Index n = s.anchor.size();
    if (s.built_for_cut == cut && s.anchor0.size() == n && s.built_for_order == order_) {
      // Every anchor within eps (1 − ρ) of A⁰, tested on squares with a
      // margin (whether the second level serves a sweep changes its speed,
      // never its pairs or result, so the test need only be safe), and
      // branch-free so that it vectorises: it runs before every sweep. A
      // non-finite position fails (NaN compares false): the rebuild rejects
      // it with the cell list's message.
      const double lim = s.eps * (1 - rho), lim2 = lim * lim * (1 - 1e-10);
      bool inside = true;
      const double *a = s.anchor.data(), *a0 = s.anchor0.data();
      for (Eigen::Index k = 0; k < n; k += 2) {
        const double dx = a[k] - a0[k], dy = a[k + 1] - a0[k + 1];
        inside &= dx * dx + dy * dy <= lim2;
      }
      if (inside) {
        ++s.uses;
        return true;
      }
    }
    if (s.built_for_cut == cut && s.uses < 2) s.skip = 16;
    if (s.skip > 0) {
      --s.skip;
      s.built_for_cut = -1;
      return false;
    }
    // Build: eps a sixteenth of the skin; the first level must cover cut + 2 eps.
    s.eps = skin_ / 16;
    const double hi = (cut + 2 * s.eps) * (1 + rho), lo = (cut - 2 * s.eps) * (1 - rho);
    const double hi2 = hi * hi, lo2 = lo > 0 ? lo * lo : -1;
    s.list.pairs_covering(s.anchor, 2, hi * (1 + 1e-12), skin_);
    const auto& first = s.list.first();
    const auto& partner = s.list.partners();
    const int N = N_;
    const double* a = s.anchor.data();
    s.ordered2.clear();
    s.ordered.clear();
    for (int i = 0; i < N; ++i) {
      for (int k = first[static_cast<std::size_t>(i)]; k < first[static_cast<std::size_t>(i) + 1]; ++k) {
        const int j = partner[static_cast<std::size_t>(k)];
        const double dx = a[2 * i] - a[2 * j], dy = a[2 * i + 1] - a[2 * j + 1];
        const double r2 = dx * dx + dy * dy;
        // r² with its rounding (a few ulps) is far inside the ρ margins.
        if (!(r2 < hi2)) continue;
        const int flagged = r2 <= lo2 ? j : ~j;
        if (order_ == PairOrder::index) {  // the Verlet list's order is (i, j) already
          s.ordered2.push_back(i);
          s.ordered2.push_back(flagged);
        } else {
          s.ordered.push_back({pair_order_key(order_, i, j, N), i, flagged});
        }
      }
    }
    if (order_ != PairOrder::index) {
      std::sort(s.ordered.begin(), s.ordered.end(), [](const auto& p, const auto& q) { return p.key < q.key; });
      for (const auto& q : s.ordered) {
        s.ordered2.push_back(q.i);
        s.ordered2.push_back(q.j);
      }
    }
    // Bound on |coordinates| while the level serves (anchors stay within eps).
    s.extent = (s.anchor.size() > 0 ? s.anchor.cwiseAbs().maxCoeff() : 0.0) + s.eps;
    s.anchor0 = s.anchor;
    s.built_for_cut = cut;
    s.built_for_order = order_;
    s.uses = 1;
    return true;
  }
  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  int N_;
  T d_;
  PairOrder order_;
  T skin_;
};

}  // namespace sweepcheck
