#pragma once
// The disks workloads shared by bench_disks and bench_perf: radius 0.1,
// hexagonal clusters, and PBD's per-step workload (20 steps, h = 1e-3, of a
// touching cluster pulled together by f = −x, from the same start every
// iteration, so the figure does not depend on how many iterations the
// harness chooses: a free-running trajectory jams and gets slower per step
// the longer it runs).
#include "analytic/disks.hpp"
#include "solvers/pbd.hpp"

namespace sweepcheck::bench {

constexpr double kR = 0.1;

// Centres 2R (1 − 0.01) apart: every neighbour pair overlaps by 1%, so a
// sweep projects (benchmarks reset the state before every sweep).
inline Vec<double> overlapping_cluster(int N) { return disks_hexagonal_cluster(N, kR, -0.01); }

// N disks in a touching-but-feasible cluster (gap 1%), f = −x.
inline Disks<double> pbd_cluster_problem(int N) {
  DisksOptions o;
  o.N = N;
  o.R = kR;
  return Disks<double>(o, disks_hexagonal_cluster(N, kR, 0.01));
}

constexpr int kPbdClusterSteps = 20;

// One timed unit: kPbdClusterSteps PBD steps from p.x0(); x ends in the last
// state, `next` is scratch, w accumulates the work.
inline void pbd_cluster_steps(const Disks<double>& p, const Pbd<double>& pbd, Vec<double>& x, Vec<double>& next,
                              Work& w) {
  x = p.x0();
  for (int k = 0; k < kPbdClusterSteps; ++k) {
    pbd.step(p, 0.0, x, 1e-3, next, w);
    x.swap(next);
  }
}

}  // namespace sweepcheck::bench
