// Writes the paper's disks reference (seed 000, Section 4.3: N = 40, seed 4,
// PNGS reltol 1e-10, abstol 1e-12, T = 4) computed with `steps` steps, 400
// samples, as raw doubles (time, then the 80 coordinates, per sample), with
// the library (default) or with the tight all-pairs loop (`--tight`,
// bench/tight_disks.hpp), in the order of pairs of the reference's sweeps
// (`--order index|round-robin`, default the reference's own,
// solvers/neighbours/pair_order.hpp). Built from two source trees (or both ways), the
// files must be byte-identical (`cmp`): the check that the kernel changes
// leave cached references valid (bench/perf.md). Prints the CPU seconds.
//
//   bench/reference_dump 400000 lib.bin && bench/reference_dump 400000 tight.bin --tight && cmp lib.bin tight.bin
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "bench/tight_disks.hpp"
#include "studies/runs/disks_reference.hpp"

int main(int argc, char** argv) {
  using namespace sweepcheck;
  if (argc < 3) {
    std::fprintf(stderr, "usage: reference_dump STEPS FILE [--tight] [--order index|round-robin]\n");
    return 2;
  }
  const long steps = std::atol(argv[1]);
  if (steps < 400 || steps % 400 != 0) {
    std::fprintf(stderr, "reference_dump: STEPS must be a positive multiple of 400 (got %s)\n", argv[1]);
    return 2;
  }
  bool tight = false;
  DisksReferenceOptions o;
  o.steps = steps;
  for (int k = 3; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "--tight") {
      tight = true;
    } else if (a == "--order" && k + 1 < argc && (std::string(argv[k + 1]) == "index" || std::string(argv[k + 1]) == "round-robin")) {
      o.order = std::string(argv[++k]) == "index" ? PairOrder::index : PairOrder::round_robin;
    } else {
      std::fprintf(stderr, "reference_dump: unknown argument %s (--tight, --order index|round-robin)\n", a.c_str());
      return 2;
    }
  }
  DisksOptions p;
  p.seed = 4;
  const Disks<double> problem(p);
  std::FILE* f = std::fopen(argv[2], "wb");
  if (!f) {
    std::fprintf(stderr, "reference_dump: cannot write %s\n", argv[2]);
    return 2;
  }
  auto dump = [f](double t, const Vec<double>& x) {
    std::fwrite(&t, sizeof(double), 1, f);
    std::fwrite(x.data(), sizeof(double), static_cast<std::size_t>(x.size()), f);
  };
  const std::clock_t start = std::clock();
  if (tight) {
    const bench::TightDisks loop(p.N, p.R, o.order);
    Vec<double> x = problem.x0();
    const double h = p.t_end / double(steps);  // as integrate: h = (T − 0) / n, t_k = 0 + k h, t_n = T
    dump(0.0, x);
    for (long k = 0; k < steps; ++k) {
      if (!loop.pngs_step(x, h, p.gamma, 1e-12, 1e-10, 100000)) return 1;
      if ((k + 1) % (steps / 400) == 0) dump(k + 1 == steps ? p.t_end : 0.0 + double(k + 1) * h, x);
    }
  } else {
    const auto ref = compute_disks_reference(p, o);
    for (std::size_t k = 0; k < ref.states.size(); ++k) dump(ref.times[k], ref.states[k]);
  }
  std::fclose(f);
  std::printf("%.2f CPU s\n", double(std::clock() - start) / CLOCKS_PER_SEC);
}
