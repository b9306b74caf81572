#!/usr/bin/env bash
# The sanitizer job (run by .ci/run after ci/test.sh): an AddressSanitizer +
# UndefinedBehaviorSanitizer build (gcc, -O1) in build-asan/ of the targets
# below, their `unit` and `property` tests, then a
# bounded run of the fuzz targets (fuzz/README.md). Any sanitizer report
# fails the test that triggered it (halt_on_error, no recovery).
# Longer fuzzing on demand:
#   SWEEPCHECK_FUZZ_CASES=100000 ctest --test-dir build-asan -L fuzz --output-on-failure
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh

if [[ ! -f build-asan/CMakeCache.txt ]]; then
  # Ninja (installed by ci/install-deps.sh) schedules the two cores better than
  # make and starts faster; ccache, when the machine has it, makes a rebuild in
  # a second clone cheap. Neither changes what is built.
  generator=()
  if command -v ninja >/dev/null; then generator=(-G Ninja); fi
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  cmake -S . -B build-asan "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_CXX_FLAGS=$san" \
    "-DCMAKE_EXE_LINKER_FLAGS=$san" "-DCMAKE_SHARED_LINKER_FLAGS=$san" "-DCMAKE_MODULE_LINKER_FLAGS=$san" \
    -DSWEEPCHECK_BUILD_BENCH=OFF -DSWEEPCHECK_REQUIRE_SICONOS=ON "${launcher[@]}" >/dev/null
fi
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD"
  # The test programs' precompiled header: ccache caches compiles that use it
  # only with these sloppiness settings (its manual, "Precompiled headers").
  export CCACHE_SLOPPINESS=pch_defines,time_macros
fi
# The targets whose tests the job runs. An ASan build of every target takes
# ~55 min on the 2-core CI machine (measured: 8% in 4.5 min), so the job
# builds the programs that read untrusted input (the program with its
# parsers, the results/CSV/cache readers, the journal, the plugin loaders and
# isolation, the fuzz targets), the core solvers, and the plugin fixtures
# their tests load. gtest programs not listed are not built; their
# placeholders carry no label, so `-L` skips them (the Release job runs them).
targets=(
  sweepcheck fuzz_test reports_test reports_summary_golden_test progress_test solvers_test
  studies_isolation_unit_test studies_problem_plugin_test studies_richardson_test projection_properties_test
  plugin_good plugin_wrong_abi plugin_no_entry problem_sliding_circle problem_wrong_abi my_problem
)
# Every hostile problem fixture (examples/hostile_problems/hostile_*.cpp, one
# target each): a new one is tested here without touching this list.
for fixture in examples/hostile_problems/hostile_*.cpp; do
  targets+=("$(basename "$fixture" .cpp)")
done
cmake --build build-asan -j "$(nproc)" --target "${targets[@]}"

# The hostile-plugin and security tests run their commands with --jobs 1 in
# this build: GCC 12's ASan takes no allocator lock around fork(), so a
# child forked while another thread allocates can deadlock (examples/CMakeLists.txt).
# detect_leaks: LeakSanitizer too; halt/abort so a report fails the test.
# handle_segv=0: the isolation tests crash children on purpose and check the
# signal they die of; a real segfault still kills its test program.
export ASAN_OPTIONS="handle_segv=0:detect_leaks=1:abort_on_error=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir build-asan -L '^(unit|property|fuzz)$' --output-on-failure -j "$(nproc)" --timeout 1800
