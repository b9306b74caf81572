#!/usr/bin/env bash
# README command 2: install, build, and run every test label that fits in CI
# (unit, property, study). Long studies carry the label study-long and are
# run on demand: ctest --test-dir build -L study-long
set -euo pipefail
cd "$(dirname "$0")/.."
ci/build.sh
ctest --test-dir build -L '^(unit|property|study)$' --output-on-failure -j "$(nproc)"
