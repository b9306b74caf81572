// The verdict rule's operating characteristic (issue 44, item 4): the real
// rule (refine_fit with fit_order, as the audit and check_convergence call
// it; claim "order >= 1", 6 given rungs, a budget of 8 halvings) on
// synthetic ladders whose truth is known, with Wilson 95 % intervals of the
// pass, fail and other rates. Seeded: the same table on every run.
//
//   build/bench/verdict_calibration [--ladders N]   (default 1000 per family)
//
// The table and what it means: studies/engine/fit_order.md, "Measured error rates".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "sweepcheck/studies/engine/verdict_calibration.hpp"

int main(int argc, char** argv) {
  namespace c = sweepcheck::calibration;
  int ladders = 1000;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ladders") == 0 && i + 1 < argc) {
      ladders = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: %s [--ladders N]\n", argv[0]);
      return 2;
    }
  }
  if (ladders < 1) {
    std::fprintf(stderr, "--ladders must be >= 1 (got %d)\n", ladders);
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto fams = c::families();
  std::string out = c::table_header();
  int gated = 0, met = 0;
  for (std::size_t i = 0; i < fams.size(); ++i) {
    const c::Tally t = c::run_family(fams[i], ladders, c::family_seed(i));
    const std::string row = c::table_row(fams[i], t);
    out += row;
    if (fams[i].gated) {
      ++gated;
      met += row.find(": met") != std::string::npos;
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s\ndone-when targets met on %d of %d gated families (%d ladders each, %.1f s)\n", out.c_str(), met,
              gated, ladders, s);
  return 0;
}
