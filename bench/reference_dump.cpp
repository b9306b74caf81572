// Writes the paper's disks reference (seed 000, Section 4.3: N = 40, seed 4,
// PNGS reltol 1e-10, abstol 1e-12, T = 4) computed with `steps` steps, 400
// samples, as raw doubles (time, then the 80 coordinates, per sample), with
// the library (default) or with the tight all-pairs loop (`--tight`,
// bench/tight_disks.hpp). Built from two source trees (or both ways), the
// files must be byte-identical (`cmp`): the check that the kernel changes
// leave cached references valid (bench/perf.md). Prints the CPU seconds.
//
//   bench/reference_dump 400000 lib.bin && bench/reference_dump 400000 tight.bin --tight && cmp lib.bin tight.bin
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "bench/tight_disks.hpp"
#include "studies/disks_reference.hpp"

int main(int argc, char** argv) {
  using namespace sweepcheck;
  if (argc < 3) {
    std::fprintf(stderr, "usage: reference_dump STEPS FILE [--tight]\n");
    return 2;
  }
  const long steps = std::atol(argv[1]);
  if (steps < 400 || steps % 400 != 0) {
    std::fprintf(stderr, "reference_dump: STEPS must be a positive multiple of 400 (got %s)\n", argv[1]);
    return 2;
  }
  const bool tight = argc > 3 && std::string(argv[3]) == "--tight";
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
    const bench::TightDisks loop(p.N, p.R);
    Vec<double> x = problem.x0();
    const double h = p.t_end / double(steps);  // as integrate: h = (T − 0) / n, t_k = 0 + k h, t_n = T
    dump(0.0, x);
    for (long k = 0; k < steps; ++k) {
      if (!loop.pngs_step(x, h, p.gamma, 1e-12, 1e-10, 100000)) return 1;
      if ((k + 1) % (steps / 400) == 0) dump(k + 1 == steps ? p.t_end : 0.0 + double(k + 1) * h, x);
    }
  } else {
    DisksReferenceOptions o;
    o.steps = steps;
    const auto ref = compute_disks_reference(problem, o);
    for (std::size_t k = 0; k < ref.states.size(); ++k) dump(ref.times[k], ref.states[k]);
  }
  std::fclose(f);
  std::printf("%.2f CPU s\n", double(std::clock() - start) / CLOCKS_PER_SEC);
}
