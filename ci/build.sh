#!/usr/bin/env bash
# Installs what is missing, then configures and builds sweepcheck (Release)
# in build/. Incremental: a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/install-deps.sh
if [[ ! -f build/CMakeCache.txt ]]; then
  # CI requires the Siconos cross-check (issue 6); a local build without Siconos still works.
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSWEEPCHECK_REQUIRE_SICONOS=ON >/dev/null
fi
cmake --build build -j "$(nproc)"
