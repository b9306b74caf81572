#!/usr/bin/env bash
# Installs what is missing, then configures and builds sweepcheck (Release)
# in build/. Incremental: a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
if [[ ! -f build/CMakeCache.txt ]]; then
  # ccache, when the machine has it, makes a rebuild in a second clone cheap;
  # it never changes what is built.
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR="$PWD"
  fi
  # CI requires the Siconos cross-check (issue 6); a local build without Siconos still works.
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSWEEPCHECK_REQUIRE_SICONOS=ON "${launcher[@]}" >/dev/null
fi
if command -v ccache >/dev/null; then export CCACHE_BASEDIR="$PWD"; fi
cmake --build build -j "$(nproc)"
