#!/usr/bin/env bash
# Installs what is missing, then configures and builds sweepcheck (Release)
# in build/. Incremental: a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
if [[ ! -f build/CMakeCache.txt ]]; then
  # Ninja (installed by ci/install-deps.sh) schedules the two cores better than
  # make and starts faster; ccache, when the machine has it, makes a rebuild in
  # a second clone cheap. Neither changes what is built.
  generator=()
  if command -v ninja >/dev/null; then generator=(-G Ninja); fi
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  # Debian's clang++ (ci/install-deps.sh installs it) compiles this code base
  # in about two thirds of GCC's CPU time: its front end instantiates the
  # Eigen-on-Float50 and scheme templates far faster (README, "Build and test
  # time", has the measured figures). The same results either way; GCC stays
  # the default compiler of a plain `cmake` and of the sanitizer job.
  compiler=()
  if command -v clang++ >/dev/null; then
    compiler=(-DCMAKE_CXX_COMPILER=clang++)
    # LLVM's linker with it (Debian's lld, ci/install-deps.sh): the build's
    # 158 link steps (with each test program's test discovery) took 47 s of
    # CPU instead of GNU ld's 68 s (issue 58, README "Build and test time").
    # The same programs either way.
    if command -v ld.lld >/dev/null; then
      for kind in EXE SHARED MODULE; do compiler+=("-DCMAKE_${kind}_LINKER_FLAGS=-fuse-ld=lld"); done
    fi
  fi
  # CI requires the Siconos cross-check (issue 6); a local build without Siconos still works.
  cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DSWEEPCHECK_REQUIRE_SICONOS=ON \
    "${compiler[@]}" "${launcher[@]}" >/dev/null
fi
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD"
  # The test programs' precompiled header: ccache caches compiles that use it
  # only with these sloppiness settings (its manual, "Precompiled headers").
  export CCACHE_SLOPPINESS=pch_defines,time_macros
fi
cmake --build build -j "$(nproc)"
