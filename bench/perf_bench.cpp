// Issue 15 in one run: the disks' pair kernel against a roofline (tight
// hand-written loops over raw arrays, in this same binary), PBD's per-step
// scaling from N = 1e3 to 1e5 with the memory per disk, the paper's disks
// reference (PNGS) against the tight all-pairs loop of the same scheme, and
// Venel's exact step on the crowd. After the benchmarks, a summary prints
// each figure as a ratio of numbers measured in this run (bench/perf.md).
//
//   build/bench/bench_perf --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true
//
// With repetitions the summary quotes the median and the spread (min–max)
// of each ratio over the repetitions.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bench/crowd_fixture.hpp"
#include "bench/disks_fixture.hpp"
#include "bench/tight_disks.hpp"
#include "sweepcheck/analytic/disks.hpp"
#include "sweepcheck/solvers/qp/qp_mprgp_plain.hpp"
#include "sweepcheck/solvers/schemes/pbd.hpp"
#include "sweepcheck/solvers/schemes/pngs.hpp"
#include "sweepcheck/solvers/schemes/venel.hpp"

namespace sweepcheck {
namespace {

using bench::kR;
using bench::overlapping_cluster;  // the state is reset before every sweep, in every variant

void set_evaluations(benchmark::State& state, double per_iteration) {
  state.counters["evals/iter"] = per_iteration;
  state.counters["pair_evals/s"] =
      benchmark::Counter(per_iteration * double(state.iterations()), benchmark::Counter::kIsRate);
}

// ---- roofline: tight loops (bench/tight_disks.hpp) -------------------------

void BM_RooflineAllPairs(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const Vec<double> start = overlapping_cluster(N);
  const bench::TightDisks tight(N, kR);
  Vec<double> x;
  for (auto _ : state) {
    x = start;
    tight.sweep_all_pairs(x.data());
    benchmark::DoNotOptimize(x.data());
  }
  set_evaluations(state, double(N) * (N - 1) / 2);
}
BENCHMARK(BM_RooflineAllPairs)->Arg(40)->Unit(benchmark::kMicrosecond);

// The candidates (pairs closer than 2R + skin at the start, the pairs the
// library's sweep evaluates) precomputed once as flat arrays; the timed loop
// is the sweep over them.
void BM_RooflineCellList(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const Vec<double> start = overlapping_cluster(N);
  const bench::TightDisks tight(N, kR);
  const bench::TightCandidates c(start, 2 * kR * 1.5);
  Vec<double> x;
  for (auto _ : state) {
    x = start;
    tight.sweep_candidates(x.data(), c);
    benchmark::DoNotOptimize(x.data());
  }
  set_evaluations(state, double(c.partner.size()));
}
BENCHMARK(BM_RooflineCellList)->Arg(40)->Arg(10000)->Unit(benchmark::kMicrosecond);

// ---- the library's kernels --------------------------------------------------

template <bool kPlain>
void disks_sweep(benchmark::State& state) {
  const int N = static_cast<int>(state.range(0));
  const DisksSet<double> set(N, kR);
  const Vec<double> start = overlapping_cluster(N);
  Vec<double> x;
  Work w;
  for (auto _ : state) {
    x = start;
    if constexpr (kPlain)
      set.sweep_simple(0.0, x, w);
    else
      set.sweep(0.0, x, w);
    benchmark::DoNotOptimize(x.data());
  }
  set_evaluations(state, double(w.constraint_evaluations) / double(w.sweeps));
}
// DisksSet::sweep (the flat kernel every scheme calls) and the plain sweep
// it replaced (DisksSet::sweep_simple, kept as the test oracle): before/after.
void BM_KernelSweep(benchmark::State& state) { disks_sweep<false>(state); }
void BM_KernelSweepPlain(benchmark::State& state) { disks_sweep<true>(state); }
BENCHMARK(BM_KernelSweep)->Arg(40)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_KernelSweepPlain)->Arg(40)->Arg(10000)->Unit(benchmark::kMicrosecond);

// ---- PBD scaling ------------------------------------------------------------

// PBD's per-step workload (bench/disks_fixture.hpp, as bench_disks' BM_DisksPbdStep).
// Second argument: the disks' numbering (bench::Numbering; 0 = rows, the
// figure quoted as "PBD per-step cost").
void BM_PbdStep(benchmark::State& state) {
  const Disks<double> p = bench::pbd_cluster_problem(static_cast<int>(state.range(0)),
                                                     static_cast<bench::Numbering>(state.range(1)));
  Vec<double> x, next(p.x0().size());
  Work w;
  const Pbd<double> pbd;
  for (auto _ : state) {
    bench::pbd_cluster_steps(p, pbd, x, next, w);
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["steps/iter"] = bench::kPbdClusterSteps;
  const double steps = double(bench::kPbdClusterSteps) * double(state.iterations());
  state.counters["evals/step"] = double(w.constraint_evaluations) / steps;
  state.counters["proj/step"] = double(w.projections) / steps;
  // Neighbour data (Verlet list, flat arrays, positions at build, the
  // sweep's second-level list and anchors) + the state, PBD's output and
  // f's temporary (3 vectors of 2 doubles per disk).
  state.counters["bytes/disk"] = p.constraints().neighbour_bytes_per_disk() + 3 * 2 * sizeof(double);
}
BENCHMARK(BM_PbdStep)
    ->ArgsProduct({{1000, 10000, 100000}, {0, 1, 2, 3}})
    ->ArgNames({"N", "numbering"})
    ->Unit(benchmark::kMicrosecond);

// ---- the paper's disks reference: PNGS, library vs tight all-pairs loop -----

// Start states of the timed windows: the paper's problem (N = 40, seed 4) at
// t = 0, 1, 2, 3, reached with PNGS at h = 1e-3 (setup, not timed). Each
// iteration runs 200 reference steps (h = 1e-6, the paper's PNGS tolerances)
// from each start, so the window samples the free, the jamming and the
// jammed phases of the 4e6-step reference. Every row runs in both orders of
// pairs (benchmark argument 0: (i, j), 1: round robin, the reference's
// order since issue 15; solvers/neighbours/pair_order.hpp).
PairOrder order_of(const benchmark::State& state) {
  return state.range(0) == 0 ? PairOrder::index : PairOrder::round_robin;
}
struct ReferenceWindows {
  Disks<double> problem{[] {
    DisksOptions o;
    o.seed = 4;
    return o;
  }()};
  Pngs<double> pngs{[] {
    Pngs<double>::Options o;
    o.abstol = 1e-12;
    o.reltol = 1e-10;
    o.max_sweeps = 100000;
    return o;
  }()};
  std::vector<Vec<double>> starts;
  static constexpr int kSteps = 200;
  static constexpr double kH = 1e-6;

  ReferenceWindows() {
    Vec<double> x = problem.x0(), next;
    Work w;
    for (int k = 0; k <= 3000; ++k) {
      if (k % 1000 == 0) starts.push_back(x);
      pngs.step(problem, 1e-3 * k, x, 1e-3, next, w);
      x.swap(next);
    }
  }
  static const ReferenceWindows& get() {
    static const ReferenceWindows w;
    return w;
  }
  // The problem with the sweeps in `order` (the windows' starts are the
  // same for both orders).
  const Disks<double>& problem_in(PairOrder order) const { return order == PairOrder::index ? problem : problem_rr; }
  Disks<double> problem_rr{problem.options(), PairOrder::round_robin};
};

void BM_ReferenceLibrary(benchmark::State& state) {
  const auto& rw = ReferenceWindows::get();
  const Disks<double>& problem = rw.problem_in(order_of(state));
  Vec<double> x, next;
  Work w;
  std::vector<Vec<double>> ends;
  for (auto _ : state) {
    ends.clear();
    for (const auto& s : rw.starts) {
      x = s;
      for (int k = 0; k < rw.kSteps; ++k) {
        rw.pngs.step(problem, 0.0, x, rw.kH, next, w);
        x.swap(next);
      }
      ends.push_back(x);
    }
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["sweeps/step"] = double(w.sweeps) / double(state.iterations() * rw.kSteps * 4);
  state.counters["evals/sweep"] = double(w.constraint_evaluations) / double(w.sweeps);
  state.counters["projections/sweep"] = double(w.projections) / double(w.sweeps);
  // The tight loop in the same order must compute the same states (else
  // the ratios compare different computations).
  const bench::TightDisks tight(40, rw.problem.options().R, order_of(state));
  for (std::size_t s = 0; s < rw.starts.size(); ++s) {
    Vec<double> y = rw.starts[s];
    for (int k = 0; k < rw.kSteps; ++k) tight.pngs_step(y, rw.kH, 1.0, 1e-12, 1e-10, 100000);
    if (std::memcmp(y.data(), ends[s].data(), sizeof(double) * 80) != 0) {
      state.SkipWithError("the tight loop and the library disagree");
      return;
    }
  }
}
BENCHMARK(BM_ReferenceLibrary)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_ReferenceTightAllPairs(benchmark::State& state) {
  const auto& rw = ReferenceWindows::get();
  const bench::TightDisks tight(40, rw.problem.options().R, order_of(state));
  Vec<double> x;
  for (auto _ : state) {
    for (const auto& s : rw.starts) {
      x = s;
      for (int k = 0; k < rw.kSteps; ++k) tight.pngs_step(x, rw.kH, 1.0, 1e-12, 1e-10, 100000);
    }
    benchmark::DoNotOptimize(x.data());
  }
}
BENCHMARK(BM_ReferenceTightAllPairs)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The same windows with the tight loop over a candidate list fixed per window
// (pairs closer than 2R + 0.05 at the window's start; in 200 steps of 1e-6
// no disk moves 0.025, so the list is exact for the window and the states
// are the same): the best a neighbour list can do on these sweeps.
void BM_ReferenceTightCandidates(benchmark::State& state) {
  const auto& rw = ReferenceWindows::get();
  const bench::TightDisks tight(40, rw.problem.options().R, order_of(state));
  std::vector<bench::TightCandidates> lists;
  for (const auto& s : rw.starts) lists.emplace_back(s, 2 * rw.problem.options().R + 0.05, order_of(state));
  Vec<double> x;
  for (auto _ : state) {
    for (std::size_t s = 0; s < rw.starts.size(); ++s) {
      x = rw.starts[s];
      for (int k = 0; k < rw.kSteps; ++k) tight.pngs_step(x, rw.kH, 1.0, 1e-12, 1e-10, 100000, &lists[s]);
    }
    benchmark::DoNotOptimize(x.data());
  }
}
BENCHMARK(BM_ReferenceTightCandidates)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// ---- Venel's exact step on the crowd ----------------------------------------

void BM_VenelExactStep(benchmark::State& state) {
  bench::time_crowd_steps(state, Venel<double, MprgpQp<double>>{});
}
// Warm-started from the previous step's multipliers (Venel::Options::
// warm_start; every 50th step restarts from the warmed crowd, cold).
void BM_VenelWarmStep(benchmark::State& state) {
  Venel<double, MprgpQp<double>>::Options o;
  o.warm_start = true;
  bench::time_crowd_steps(state, Venel<double, MprgpQp<double>>(MprgpQp<double>{}, o));
}
// Before/after: the same cold step with MPRGP's plain iteration
// (mprgp_solve_simple, qp_mprgp_plain.hpp, which solve_from reproduces bit for bit).
void BM_VenelPlainStep(benchmark::State& state) { bench::time_crowd_steps(state, Venel<double, PlainMprgpQp<double>>{}); }
BENCHMARK(BM_VenelExactStep)->Arg(150)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VenelWarmStep)->Arg(150)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VenelPlainStep)->Arg(150)->Arg(10000)->Unit(benchmark::kMicrosecond);

// ---- summary ----------------------------------------------------------------

// Collects every iteration run (seconds per iteration and counters), then
// prints the ratios.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) {
      if (r.run_type != Run::RT_Iteration || r.error_occurred || r.iterations == 0) continue;
      Sample s;
      // CPU time of the benchmark thread: on a machine shared with other
      // jobs, wall time counts their time slices too.
      s.seconds = r.cpu_accumulated_time / double(r.iterations);
      for (const auto& [k, c] : r.counters) s.counters[k] = c.value;
      samples_[r.benchmark_name()].push_back(s);
    }
    ConsoleReporter::ReportRuns(runs);
  }

  void summary() const {
    fmt::print("\n== issue 15 summary (ratios of numbers measured in this run; median [min, max] over {} "
               "repetition(s)) ==\n",
               repetitions());
    // Kernel fraction of the roofline: pair evaluations per second of the
    // library's sweep over those of the tight loop.
    auto rate = [](const Sample& s) { return s.counters.at("evals/iter") / s.seconds; };
    fraction("pair kernel / roofline, all pairs,  N = 40    ", "BM_KernelSweep/40", "BM_RooflineAllPairs/40", rate, 0.5);
    fraction("pair kernel / roofline, cell list,  N = 10000 ", "BM_KernelSweep/10000", "BM_RooflineCellList/10000",
             rate, 0.5);
    fraction("  (before: plain sweep / roofline,  N = 40)   ", "BM_KernelSweepPlain/40", "BM_RooflineAllPairs/40", rate,
             0);
    fraction("  (before: plain sweep / roofline,  N = 10000)", "BM_KernelSweepPlain/10000", "BM_RooflineCellList/10000",
             rate, 0);
    auto inverse_time = [](const Sample& s) { return 1 / s.seconds; };
    fraction("  sweep time, tight all pairs / kernel, N = 40 ", "BM_KernelSweep/40", "BM_RooflineAllPairs/40",
             inverse_time, 0);
    fraction("  sweep time, tight cell list / kernel, N = 40 ", "BM_KernelSweep/40", "BM_RooflineCellList/40",
             inverse_time, 0);

    // PBD scaling: least-squares slope of log(time per step) over log N, for
    // each numbering of the cluster (bench::Numbering), from the medians and
    // repetition by repetition (interleaved runs pair up).
    const std::vector<int> Ns{1000, 10000, 100000};
    const char* numbering[] = {"rows (the fixture)", "random", "cell columns (random, renumbered: columns of cells, by height)",
                               "Morton order of cells (random, renumbered)"};
    for (int o = 0; o < 4; ++o) {
      std::vector<const std::vector<Sample>*> runs;
      for (int n : Ns) runs.push_back(find(fmt::format("BM_PbdStep/N:{}/numbering:{}", n, o)));
      if (std::find(runs.begin(), runs.end(), nullptr) != runs.end()) continue;
      auto per_step = [](const Sample& q) { return q.seconds / q.counters.at("steps/iter"); };
      fmt::print("PBD step, disks numbered by {}:\n", numbering[o]);
      std::vector<double> medians;
      for (std::size_t k = 0; k < Ns.size(); ++k) {
        medians.push_back(median(*runs[k], per_step));
        fmt::print("  N = {:>6}: {:10.1f} µs, {:.1f} ns per disk, {:.0f} bytes/disk\n", Ns[k], medians.back() * 1e6,
                   medians.back() * 1e9 / Ns[k], runs[k]->front().counters.at("bytes/disk"));
      }
      std::vector<double> per_rep;
      for (std::size_t r = 0; r < repetitions(); ++r) {
        std::vector<double> t;
        for (const auto* run : runs)
          if (r < run->size()) t.push_back(per_step((*run)[r]));
        if (t.size() == Ns.size()) per_rep.push_back(slope(Ns, t));
      }
      std::sort(per_rep.begin(), per_rep.end());
      const double p = slope(Ns, medians);
      fmt::print("  per-step cost ∝ N^{:.3f} (least squares over N = 1e3, 1e4, 1e5, medians; by repetition {:.3f} "
                 "[{:.3f}, {:.3f}]){}\n",
                 p, per_rep.empty() ? NAN : per_rep[per_rep.size() / 2], per_rep.empty() ? NAN : per_rep.front(),
                 per_rep.empty() ? NAN : per_rep.back(),
                 o == 0 ? fmt::format("  (target <= 1.05: {})", p <= 1.05 ? "met" : "NOT met") : "");
    }

    // The reference's sweeps run in round-robin order (argument 1); the
    // target compares it with the tight all-pairs loop a user would write,
    // in (i, j) order (argument 0), and the rows after it with the tight
    // loops in the same order, and the (i, j) order's own figures.
    fraction("reference solve (PNGS, paper's disks, round-robin order), tight all-pairs (i, j) loop time / library time",
             "BM_ReferenceLibrary/1", "BM_ReferenceTightAllPairs/0", inverse_time, 4);
    fraction("  the same against the tight all-pairs loop in round-robin order", "BM_ReferenceLibrary/1",
             "BM_ReferenceTightAllPairs/1", inverse_time, 0);
    fraction("  library / tight candidate-list loop (its roofline), round-robin order, time ratio",
             "BM_ReferenceLibrary/1", "BM_ReferenceTightCandidates/1", inverse_time, 0);
    fraction("  (i, j) order: tight all-pairs time / library time", "BM_ReferenceLibrary/0",
             "BM_ReferenceTightAllPairs/0", inverse_time, 0);
    fraction("  (i, j) order: library / tight candidate-list loop", "BM_ReferenceLibrary/0",
             "BM_ReferenceTightCandidates/0", inverse_time, 0);
    fraction("  library, round-robin / (i, j) order, speed-up", "BM_ReferenceLibrary/1", "BM_ReferenceLibrary/0",
             inverse_time, 0);
    for (const char* o : {"0", "1"})
      if (const auto* s = find(fmt::format("BM_ReferenceLibrary/{}", o)))
        fmt::print("  per reference step, {} order: {:.1f} sweeps, {:.1f} candidate pairs and {:.1f} projections per "
                   "sweep (all pairs: 780)\n",
                   o[0] == '0' ? "(i, j)" : "round-robin", s->front().counters.at("sweeps/step"),
                   s->front().counters.at("evals/sweep"), s->front().counters.at("projections/sweep"));

    for (const char* kind : {"Exact", "Warm", "Plain"})
      for (int n : {150, 10000}) {
        const auto* s = find(fmt::format("BM_Venel{}Step/{}", kind, n));
        if (!s) continue;
        const double us = median(*s, [](const Sample& q) { return 1e6 * q.seconds; });
        const std::string k = kind;
        fmt::print("Venel exact step ({}), N = {:>5}: {:8.1f} µs ({:.1f} MPRGP iterations/step){}\n",
                   k == "Exact" ? "cold start" : k == "Warm" ? "warm start" : "cold, plain MPRGP iteration (before)", n,
                   us, s->front().counters.at("inner_its/step"),
                   n == 150 && k == "Exact" ? fmt::format("  (target <= 30 µs: {})", us <= 30 ? "met" : "NOT met") : "");
      }
    for (int n : {150, 10000})
      fraction(fmt::format("  Venel cold step, plain MPRGP iteration / flat (same iterates), N = {:>5}", n),
               fmt::format("BM_VenelExactStep/{}", n), fmt::format("BM_VenelPlainStep/{}", n), inverse_time, 0);
  }

 private:
  struct Sample {
    double seconds = 0;
    std::map<std::string, double> counters;
  };

  std::size_t repetitions() const {
    std::size_t r = 0;
    for (const auto& [k, v] : samples_) r = std::max(r, v.size());
    return r;
  }
  const std::vector<Sample>* find(const std::string& name) const {
    const auto it = samples_.find(name);
    return it == samples_.end() ? nullptr : &it->second;
  }
  static double mean(const std::vector<double>& v) {
    double s = 0;
    for (double a : v) s += a;
    return s / double(v.size());
  }
  // Least-squares slope of log t over log n.
  static double slope(const std::vector<int>& n, const std::vector<double>& t) {
    std::vector<double> lx, ly;
    for (std::size_t k = 0; k < n.size(); ++k) {
      lx.push_back(std::log(double(n[k])));
      ly.push_back(std::log(t[k]));
    }
    const double mx = mean(lx), my = mean(ly);
    double sxy = 0, sxx = 0;
    for (std::size_t k = 0; k < lx.size(); ++k) {
      sxy += (lx[k] - mx) * (ly[k] - my);
      sxx += (lx[k] - mx) * (lx[k] - mx);
    }
    return sxy / sxx;
  }
  template <class F>
  static double median(const std::vector<Sample>& v, F f) {
    std::vector<double> a;
    for (const auto& s : v) a.push_back(f(s));
    std::sort(a.begin(), a.end());
    return a[a.size() / 2];
  }
  // f(num) / f(den), repetition by repetition (interleaved runs pair up).
  template <class F>
  void fraction(const std::string& label, const std::string& num, const std::string& den, F f, double target) const {
    const auto *a = find(num), *b = find(den);
    if (!a || !b) return;
    std::vector<double> r;
    for (std::size_t k = 0; k < std::min(a->size(), b->size()); ++k) r.push_back(f((*a)[k]) / f((*b)[k]));
    std::sort(r.begin(), r.end());
    fmt::print("{}: {:.2f} [{:.2f}, {:.2f}]{}\n", label, r[r.size() / 2], r.front(), r.back(),
               target > 0 ? fmt::format("  (target >= {:g}: {})", target, r[r.size() / 2] >= target ? "met" : "NOT met")
                          : "");
  }

  std::map<std::string, std::vector<Sample>> samples_;
};

}  // namespace
}  // namespace sweepcheck

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  sweepcheck::SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.summary();
  benchmark::Shutdown();
  return 0;
}
