#!/usr/bin/env bash
# The sanitizer job (run by .ci/run after ci/test.sh): an AddressSanitizer +
# UndefinedBehaviorSanitizer build (gcc, -O1) in build-asan/, the `unit`
# and `property` labels, then a
# bounded run of the fuzz targets (fuzz/README.md). Any sanitizer report
# fails the test that triggered it (halt_on_error, no recovery).
# Longer fuzzing on demand:
#   SWEEPCHECK_FUZZ_CASES=100000 ctest --test-dir build-asan -L fuzz --output-on-failure
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh

if [[ ! -f build-asan/CMakeCache.txt ]]; then
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR="$PWD"
  fi
  san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" "-DCMAKE_CXX_FLAGS=$san" \
    "-DCMAKE_EXE_LINKER_FLAGS=$san" "-DCMAKE_SHARED_LINKER_FLAGS=$san" "-DCMAKE_MODULE_LINKER_FLAGS=$san" \
    -DSWEEPCHECK_BUILD_BENCH=OFF -DSWEEPCHECK_REQUIRE_SICONOS=ON "${launcher[@]}" >/dev/null
fi
if command -v ccache >/dev/null; then export CCACHE_BASEDIR="$PWD"; fi
# Every target (benchmarks off): the unit, property and fuzz tests use the
# program, the plugin fixtures and the examples too, and a hand-kept list of
# targets went stale as tests were added.
cmake --build build-asan -j "$(nproc)"

# detect_leaks: LeakSanitizer too; halt/abort so a report fails the test.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
ctest --test-dir build-asan -L '^(unit|property|fuzz)$' --output-on-failure -j "$(nproc)" --timeout 1800
